import { watch } from 'node:fs';
import path from 'node:path';
import { CatalogDirError } from '../../read/folder.js';
import { crashReport } from '../../report/crash.js';
import { formatters } from '../../report/formatters.js';
import { bundleFormScript, buildSiteFiles } from '../../site/build.js';
import { createSiteServer, type SiteState } from '../../site/serve.js';
import { siteFromDir } from '../../site/source.js';
import { intFlag, parseFlags, todayFlag } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog preview [--dir catalog] [--port 4173] [--host 127.0.0.1] [--today YYYY-MM-DD]

Serves the website from the working tree (nothing written to disk) and rebuilds it each time a catalog file is saved:
open a rail's page to see the beneficiary form its fields make, and try its examples. While the catalog does not
validate, every page shows the problems instead. Pages reload themselves after a rebuild. Stop with Ctrl-C.`;

/** Quiet time after the last change before a rebuild: an editor's save is several file events. */
const DEBOUNCE_MS = 150;

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    dir: { type: 'string', default: 'catalog' },
    port: { type: 'string', default: '4173' },
    host: { type: 'string', default: '127.0.0.1' },
    today: { type: 'string' },
  });
  const port = intFlag('port', values.port)!;
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`);
  const today = values.today === undefined ? undefined : todayFlag(values.today, io);
  const dir = path.resolve(io.cwd, values.dir!);
  const formScript = await bundleFormScript();

  let state: SiteState = { error: 'not built yet', generation: 0 };
  const rebuild = async (): Promise<void> => {
    const started = Date.now();
    const generation = state.generation + 1;
    try {
      // Without --today, staleness is judged on the day of each rebuild (a preview may run past midnight).
      const { validation, data } = await siteFromDir(values.dir!, io.cwd, today ?? todayFlag(undefined, io));
      const report = formatters.stylish(validation.report, { color: false });
      if (!data) {
        const text = validation.crashed.length ? crashReport(validation.crashed) + report : report;
        state = { error: text, generation, files: state.files };
        io.stderr.write(`catalog preview: the catalog does not validate; the pages show the problems\n${text}`);
        return;
      }
      state = { files: await buildSiteFiles(data, formScript), generation };
      io.stderr.write(`catalog preview: rebuilt (${data.rails.length} rails, ${data.assets.length} assets, ${data.countries.length} countries) in ${Date.now() - started} ms\n`);
    } catch (err) {
      if (err instanceof CatalogDirError && generation === 1) throw new UsageError(err.message);
      const text = err instanceof CatalogDirError ? err.message : `internal error: ${(err as Error).stack ?? String(err)}`;
      state = { error: text, generation, files: state.files };
      io.stderr.write(`catalog preview: ${text}\n`);
    }
  };
  await rebuild();

  const server = createSiteServer(() => state, { live: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use: pick another with --port`) : err),
    );
    server.listen(port, values.host, () => resolve());
  });
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  io.stdout.write(`catalog preview: serving ${values.dir} on http://${values.host}:${actual}/ (rebuilds on save; Ctrl-C to stop)\n`);

  // One rebuild at a time: changes during a rebuild schedule one more afterwards.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (running) {
        again = true;
        return;
      }
      running = rebuild();
      await running;
      running = undefined;
      if (again) {
        again = false;
        schedule();
      }
    }, DEBOUNCE_MS);
  };
  const watcher = watch(dir, { recursive: true }, schedule);
  watcher.on('error', (err) => io.stderr.write(`catalog preview: watching ${values.dir} failed: ${err.message}\n`));

  return new Promise<number>((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      watcher.close();
      server.closeAllConnections();
      server.close(() => resolve(EXIT.ok));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}
