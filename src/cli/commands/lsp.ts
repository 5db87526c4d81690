import { parseFlags, todayFlag } from '../args.js';
import { EXIT, type CliIO } from '../io.js';

export const usage = `catalog lsp [--stdio] [--dir catalog] [--today YYYY-MM-DD] [--no-base] [--cache-location .catalogcache | --no-cache] [--docs-url <url of rules.md>]

The language server of the catalog (Language Server Protocol, on standard input and output): every problem of
catalog validate in the editor as you type, across files and against the base revision, with quick fixes, formatting,
hover, completion of ISO codes and go to definition. It starts from the memo of validate --cache (--cache-location,
default .catalogcache; --no-cache to judge every file) and keeps it. Editors start it themselves: see docs/editor.md.

Example:
  catalog lsp --stdio`;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    stdio: { type: 'boolean', default: false },
    dir: { type: 'string' },
    today: { type: 'string' },
    'no-base': { type: 'boolean', default: false },
    'docs-url': { type: 'string' },
    'cache-location': { type: 'string' },
    'no-cache': { type: 'boolean', default: false },
  });
  const today = values.today === undefined ? undefined : todayFlag(values.today, io);
  // Loaded here: no other command pays for the protocol's modules.
  const { startServer } = await import('../../lsp/server.js');
  await startServer({
    dir: values.dir ?? 'catalog',
    today,
    history: !values['no-base'],
    memo: values['no-cache'] ? undefined : (values['cache-location'] ?? '.catalogcache'),
    docsBase: values['docs-url'] ?? io.env.CATALOG_DOCS_URL,
    cwd: io.cwd,
  });
  return EXIT.ok;
}
