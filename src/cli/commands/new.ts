import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { countryName, minorUnit } from '../../domain/iso.js';
import { ENTRY_KINDS, type EntryKind, type Folder } from '../../model/catalog.js';
import { PLACEHOLDER } from '../../domain/placeholder.js';
import { schemaAt } from '../../model/schema-walk.js';
import { writeOneOfText } from '../../domain/suggest.js';
import { skeleton } from '../../edit/skeleton.js';
import { writeAtomic } from '../../util/write-atomic.js';
import { parseFlags } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog new rail|asset|country|policy <ID> [--dir catalog]

Writes a new entry from its schema: the editor modeline, every required property in the schema's order, what the id
tells filled in (a rail's slug, country, currency and decimals; a country's name) and TODO everywhere else. Each TODO
fails validation with a message saying what to fill in. Refuses an id that exists already (exit 1).

Example:
  catalog new rail BR-boleto`;

const KINDS = Object.values(ENTRY_KINDS);
const FOLDER_OF = Object.fromEntries(Object.entries(ENTRY_KINDS).map(([folder, kind]) => [kind, folder])) as Record<EntryKind, Folder>;
const ID_KEY: Record<EntryKind, string> = { rail: 'id', asset: 'id', country: 'code', policy: 'id' };

/** The currency a country file names, when it can be read. */
function currencyOf(dir: string, code: string): string | undefined {
  try {
    const data = parse(readFileSync(path.join(dir, 'countries', `${code}.yaml`), 'utf8'));
    return typeof data?.currency === 'string' ? data.currency : undefined;
  } catch {
    return undefined;
  }
}

/** What the id tells about a new entry. */
function known(kind: EntryKind, id: string, absDir: string): Record<string, unknown> {
  const field = {
    name: PLACEHOLDER,
    label: { fr: PLACEHOLDER, en: PLACEHOLDER },
    type: PLACEHOLDER,
    required: PLACEHOLDER,
    help: { fr: PLACEHOLDER, en: PLACEHOLDER },
  };
  if (kind === 'country') return { code: id, name: countryName(id) ?? PLACEHOLDER };
  if (kind === 'asset') return { id };
  const [country, method] = [id.slice(0, 2), id.slice(3)];
  const slugPattern = schemaAt('rail', ['slug'])?.node.pattern;
  // The sources rule requires at least one source: the skeleton asks for it like for any required property.
  const source = { url: PLACEHOLDER, title: PLACEHOLDER, checked: PLACEHOLDER };
  const out: Record<string, unknown> = { id, countries: [country], 'fields/0': field, 'sources/0': source };
  if (typeof slugPattern === 'string' && new RegExp(slugPattern, 'u').test(method)) out.slug = method;
  const currency = currencyOf(absDir, country);
  if (currency) {
    out.currency = currency;
    const decimals = minorUnit(currency);
    if (decimals !== undefined) out['limits/decimals'] = decimals;
  }
  return out;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, { dir: { type: 'string' } }, { positionals: true });
  const [kind, id, ...extra] = positionals;
  if (kind === undefined || id === undefined)
    throw new UsageError('give what to create and its id: catalog new rail BR-boleto, catalog new asset pyusd, catalog new country NO');
  if (extra.length) throw new UsageError(`one entry at a time: unexpected ${extra.map((e) => JSON.stringify(e)).join(' ')}`);
  if (!(KINDS as string[]).includes(kind)) throw new UsageError(`${JSON.stringify(kind)} is not a kind of entry${writeOneOfText(kind, KINDS)}`);
  const entryKind = kind as EntryKind;
  const idSchema = schemaAt(entryKind, [ID_KEY[entryKind]])?.node;
  if (typeof idSchema?.pattern === 'string' && !new RegExp(idSchema.pattern, 'u').test(id))
    throw new UsageError(`${JSON.stringify(id)} is not a valid ${kind} ${ID_KEY[entryKind]}: ${idSchema.description ?? idSchema.pattern}`);

  const dir = catalogDir(values.dir, io.cwd);
  const absDir = path.resolve(io.cwd, dir);
  const folder = FOLDER_OF[entryKind];
  const file = path.join(absDir, folder, `${id}.yaml`);
  const shown = path.relative(io.cwd, file).split(path.sep).join('/');
  let existing: string[] = [];
  try {
    existing = readdirSync(path.join(absDir, folder));
  } catch {
    // No such folder yet: the first entry of its kind.
  }
  // Case-insensitively: br-pix.yaml and BR-pix.yaml are one file on macOS and Windows.
  const clash = existing.find((name) => name.toLowerCase() === `${id}.yaml`.toLowerCase());
  if (clash) {
    io.stderr.write(
      `catalog new: ${kind} ${id} exists already (${path.posix.join(dir.split(path.sep).join('/'), folder, clash)}): edit that file, or close it with catalog ${kind === 'country' ? 'restrict' : 'close'}\n`,
    );
    return EXIT.problems;
  }
  const text = skeleton(entryKind, { known: known(entryKind, id, absDir) });
  await writeAtomic(file, text);
  const todo = text.split('\n').filter((l) => !l.startsWith('#') && l.includes(PLACEHOLDER)).length;
  io.stdout.write(`created ${shown}: fill in its ${todo} ${PLACEHOLDER} values; catalog validate ${shown} says what each one takes\n`);
  return EXIT.ok;
}
