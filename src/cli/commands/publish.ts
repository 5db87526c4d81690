import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PublishError, publishSeed } from '../../seed/store.js';
import { parseFlags } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';
import { describeWriteError, isFsError } from '../write-error.js';
import { run as build } from './build.js';

export const usage = `catalog publish --store <dir> [--seed <file> | --dir catalog --today YYYY-MM-DD]

Publishes a seed into a seed store that replicas serve with "catalog serve --store": builds the catalog (as catalog
build does, refusing on errors) or takes --seed, writes it as <version>.json (immutable, content-addressed, written
atomically), then moves the pointer file "current" to it (atomically). Publishing the same content again changes
nothing. Older versions stay in the store so that cursors naming them keep working; remove old files by hand once
older than the replicas' --retention.

Example:
  catalog publish --store /srv/catalog-seeds
  catalog publish --store /srv/catalog-seeds --seed dist/seed.json`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    store: { type: 'string' },
    seed: { type: 'string' },
    dir: { type: 'string' },
    today: { type: 'string' },
  });
  if (values.store === undefined) throw new UsageError('--store <dir> is required: the folder of the seed store');
  if (values.seed !== undefined && (values.dir !== undefined || values.today !== undefined))
    throw new UsageError('--seed publishes an existing seed file: --dir and --today only apply when publish builds');
  const store = path.resolve(io.cwd, values.store);
  let text: string;
  let scratch: string | undefined;
  try {
    if (values.seed !== undefined) {
      try {
        text = await readFile(path.resolve(io.cwd, values.seed), 'utf8');
      } catch (err) {
        io.stderr.write(
          `catalog publish: cannot read ${values.seed}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message} (build one with "catalog build")\n`,
        );
        return EXIT.usage;
      }
    } else {
      scratch = await mkdtemp(path.join(tmpdir(), 'catalog-publish-'));
      const out = path.join(scratch, 'seed.json');
      const args = ['--out', out];
      if (values.dir !== undefined) args.push('--dir', values.dir);
      if (values.today !== undefined) args.push('--today', values.today);
      const code = await build(args, { ...io, stdout: io.stderr });
      if (code !== EXIT.ok) {
        io.stderr.write('catalog publish: the build was refused; the store is untouched\n');
        return code;
      }
      text = await readFile(out, 'utf8');
    }
    const result = await publishSeed(store, text);
    const what = result.movedPointer
      ? `current now ${result.version}${result.previous ? ` (was ${result.previous})` : ''}`
      : `current already ${result.version}: nothing changed`;
    io.stdout.write(`published to ${values.store}: ${what}${result.wroteVersion ? '' : result.movedPointer ? ' (version file already there)' : ''}\n`);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof PublishError) {
      io.stderr.write(`catalog publish: ${values.seed ?? 'the seed'}: ${err.message}; the store is untouched\n`);
      return EXIT.usage;
    }
    if (isFsError(err)) {
      io.stderr.write(`catalog publish: ${describeWriteError(err, values.store, store)}; the pointer was not moved\n`);
      return EXIT.usage;
    }
    throw err;
  } finally {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  }
}
