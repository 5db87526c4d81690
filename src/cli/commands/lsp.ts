import { parseFlags, todayFlag } from '../args.js';
import { catalogDir } from '../catalog-dir.js';
import { EXIT, type CliIO } from '../io.js';
import { compiledRuleMeta } from '../rule-meta.js';

export const usage = `catalog lsp [--stdio] [--dir catalog] [--today YYYY-MM-DD]

A Language Server Protocol server on stdin and stdout, for editors: the diagnostics of catalog validate on every
catalog file as you type (on unsaved text, cross-file and history checks included), quick fixes for the safe fixes,
formatting as catalog fmt, hovers, completion of ISO codes and go to definition of a country. --stdio is accepted
(editors pass it); stdio is the only transport. The rules' documentation links point at this checkout's docs/, or at
the address in CATALOG_DOCS_URL or the initialization option docsBaseUrl. See docs/cli.md#catalog-lsp.

Example (what an editor runs):
  npx catalog lsp --stdio`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, { stdio: { type: 'boolean', default: false }, dir: { type: 'string' }, today: { type: 'string' } });
  const today = todayFlag(values.today, io);
  const { localDocsBase } = await import('../../lsp/diagnostics.js');
  // vscode-languageserver loads here, when the server starts: no other command pays for it.
  const { startServer } = await import('../../lsp/server.js');
  const env = io.env.CATALOG_DOCS_URL;
  await startServer({
    today,
    dir: values.dir,
    findDir: catalogDir,
    docsBase: env ? (env.endsWith('/') ? env : `${env}/`) : localDocsBase(),
    rules: compiledRuleMeta(),
  });
  return EXIT.ok;
}
