import { loadCatalog } from '../../parse/load.js';
import { schemaEnum } from '../../model/schemas.js';
import { checkSchemas } from '../../check/schema.js';
import type { Policy } from '../../generated/types.js';
import { strongest, type Required } from '../../rules/country-policy.js';
import { parseFlags } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { editEntry } from '../entry-edit.js';
import { UsageError, type CliIO } from '../io.js';

export const usage = `catalog restrict <CODE> [--reason <reason>] [--dir catalog]

Restricts a country in place, as the lists of catalog/policies require it: status: restricted, the reason of the
strongest list holding the country (--reason, when given, must be that one) and currency: null. A country in no list
is refused: add it to the list that justifies the restriction first (rule country-policy). Then prints each live or
beta rail that serves the country, with what to do (a live rail may not serve a restricted country). Comments and
layout are kept. Exit code 0 when written, 1 when the file cannot be edited, 2 on a usage error.

Example:
  catalog restrict KE`;

/** The live and beta rails serving a country: they must stop serving it or close (rule reference). */
interface Serving {
  id: string;
  phase: string;
  countries: string[];
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags(argv, { reason: { type: 'string' }, dir: { type: 'string' } }, { positionals: true });
  if (positionals.length !== 1) throw new UsageError('give the code of one country: catalog restrict KE');
  const code = positionals[0];
  const dir = catalogDir(values.dir, io.cwd);
  const { catalog } = checkSchemas(await loadCatalog(dir, io.cwd));
  const required = strongest(
    catalog.policies.filter((p) => p.data.countries.includes(code)),
    schemaEnum('common', '/definitions/countryReason'),
  );
  const serving: Serving[] = catalog.rails
    .filter((r) => (r.data.phase === 'live' || r.data.phase === 'beta') && r.data.countries.includes(code))
    .map((r) => ({ id: r.data.id, phase: r.data.phase, countries: r.data.countries }));
  const reason = values.reason ?? required?.reason;
  return editEntry(
    {
      command: 'restrict',
      kinds: ['country'],
      id: code,
      reason,
      dir,
      prepare: () => checkPolicy(code, required, values.reason),
      values: (_kind, r) => [
        ['status', 'restricted'],
        ['reason', r],
        ['currency', null],
      ],
      done: (_kind, shown, set) =>
        `restricted ${code} in ${shown}: ${set.map(([k, v]) => `${k}: ${v}`).join(', ')} (${required!.policy.data.id})` +
        serving.map((r) => `\n${whatToDo(r, code, reason!, required!.policy.data)}`).join(''),
    },
    io,
  );
}

/** A restriction follows the written policy: a list that restricts the country, with its reason. */
function checkPolicy(code: string, required: Required | undefined, reason: string | undefined): void {
  if (!required)
    throw new UsageError(
      `${code} is in no list of catalog/policies, and a country in no list is not restricted (rule country-policy): add ${code} to the list that justifies the restriction (a decision of the provider's own goes in a list of its own), then run catalog restrict ${code} again`,
    );
  const list = `${required.policy.data.id} (${required.policy.data.publisher}, as of ${required.policy.data.asOf})`;
  if (required.status !== 'restricted')
    throw new UsageError(`the strongest list holding ${code} is ${list}, which asks for status coming, not restricted: write status: coming, or add ${code} to a list that restricts it`);
  if (reason !== undefined && reason !== required.reason)
    throw new UsageError(`the strongest list holding ${code} is ${list}, which gives reason ${required.reason}, not ${reason}: write --reason ${required.reason}, or leave --reason out`);
}

/** What the analyst does next about a rail that may no longer serve the country: a command to run as printed. */
function whatToDo(rail: Serving, code: string, reason: string, list: Policy): string {
  const title = JSON.stringify(`${list.name}, ${list.publisher}`);
  const close = `catalog close ${rail.id} --reason ${reason} --source ${list.url} --title ${title}`;
  return rail.countries.length > 1
    ? `${rail.id} is ${rail.phase} and serves ${code}: remove ${code} from its countries, or close it (${close})`
    : `${rail.id} is ${rail.phase} and serves ${code} alone: close it (${close}), or make it planned`;
}
