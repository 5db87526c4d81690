import type { Server } from 'node:http';
import path from 'node:path';
import { CatalogDirError, checkCatalogDir } from '../../read/folder.js';
import { crashReport } from '../../report/crash.js';
import { formatters } from '../../report/formatters.js';
import { bundleFormScript, buildSiteFiles } from '../../site/build.js';
import { createSiteServer, type SiteState } from '../../site/serve.js';
import { siteFromDir } from '../../site/source.js';
import { CatalogEngine } from '../../pipeline/engine.js';
import { intFlag, parseFlags, todayFlag } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';
import type { FSWatcher } from 'chokidar';
import type { Report } from '../../model/problem.js';

export const usage = `catalog preview [--dir catalog] [--port 4173] [--host 127.0.0.1] [--today YYYY-MM-DD]

Serves the website from the working tree (nothing written to disk) and rebuilds it each time a catalog file changes: a
save in place or by renaming a temporary file over the original (editors, sed -i), a git checkout of another branch.
Open a rail's page to see the beneficiary form its fields make, and try its examples. While the catalog does not
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
  try {
    checkCatalogDir(dir, values.dir);
  } catch (err) {
    throw err instanceof CatalogDirError ? new UsageError(err.message) : err;
  }
  const formScript = await bundleFormScript();

  let state: SiteState = { error: 'not built yet', generation: 0 };
  // One engine for every rebuild: a save checks again the file saved and the catalog-wide rules it touches.
  const engine = new CatalogEngine({ dir: path.resolve(io.cwd, values.dir!), cwd: io.cwd });
  const rebuild = async (): Promise<void> => {
    const started = Date.now();
    const generation = state.generation + 1;
    try {
      // Without --today, staleness is judged on the day of each rebuild (a preview may run past midnight).
      const { validation, data } = await siteFromDir(values.dir!, io.cwd, today ?? todayFlag(undefined, io), engine);
      const report = formatters.stylish(errorsFirst(validation.report), { color: false });
      if (!data) {
        const text = validation.crashed.length ? crashReport(validation.crashed) + report : report;
        state = { error: text, generation, files: state.files };
        io.stderr.write(`catalog preview: the catalog does not validate; the pages show the problems\n${text}`);
        return;
      }
      state = { files: await buildSiteFiles(data, formScript), generation };
      io.stderr.write(
        `catalog preview: rebuilt (${data.rails.length} rails, ${data.assets.length} assets, ${data.countries.length} countries) in ${Date.now() - started} ms\n`,
      );
    } catch (err) {
      if (err instanceof CatalogDirError && generation === 1) throw new UsageError(err.message);
      const text = err instanceof CatalogDirError ? err.message : `internal error: ${(err as Error).stack ?? String(err)}`;
      state = { error: text, generation, files: state.files };
      io.stderr.write(`catalog preview: ${text}\n`);
    }
  };
  const rebuilds = serialize(rebuild);
  // The watcher is ready before the first build, so that no save after it goes unseen.
  const watcher = await watchCatalog(dir, rebuilds.schedule, (err) => io.stderr.write(`catalog preview: watching ${values.dir} failed: ${err.message}\n`));
  const server = createSiteServer(() => state, { live: true });
  try {
    await rebuilds.now();
    await listen(server, port, values.host!);
  } catch (err) {
    await rebuilds.stop();
    await watcher.close();
    throw err;
  }
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  io.stdout.write(`catalog preview: serving ${values.dir} on http://${values.host}:${actual}/ (rebuilds on save; Ctrl-C to stop)\n`);

  return new Promise<number>((resolve) => {
    const stop = async () => {
      await watcher.close();
      await rebuilds.stop();
      server.closeAllConnections();
      server.close(() => resolve(EXIT.ok));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
}

/**
 * Runs `rebuild` one at a time: `schedule` runs it once the changes have been quiet for DEBOUNCE_MS, and a change during
 * a rebuild schedules one more after it. `stop` cancels what is scheduled and waits for the rebuild under way.
 */
function serialize(rebuild: () => Promise<void>): { schedule: () => void; now: () => Promise<void>; stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) again = true;
      else void now();
    }, DEBOUNCE_MS);
  };
  const now = async () => {
    running = rebuild();
    try {
      await running;
    } finally {
      running = undefined;
    }
    if (again) {
      again = false;
      schedule();
    }
  };
  const stop = async () => {
    stopped = true;
    clearTimeout(timer);
    await running?.catch(() => undefined);
  };
  return { schedule, now, stop };
}

/** Listens on host:port; a port in use is a usage error that says what to do. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(err.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use: pick another with --port`) : err),
    );
    server.listen(port, host, () => resolve());
  });
}

/**
 * Watches every path of the catalog folder with chokidar, which watches each folder rather than each file: a file
 * replaced by a rename (an editor's atomic save, `sed -i`, `git checkout`) is seen, where a recursive `fs.watch` on
 * Linux loses the file after the first rename. Loaded here, not at the top: no other command pays for it. Resolves once
 * the folder is being watched. git's own folder at the top (a catalog folder that is a repository's root) is not
 * read by the catalog, so its changes (`git status` refreshes the index) rebuild nothing.
 */
async function watchCatalog(dir: string, changed: () => void, failed: (err: Error) => void): Promise<FSWatcher> {
  const { watch } = await import('chokidar');
  const gitDir = path.join(dir, '.git');
  const watcher = watch(dir, {
    ignoreInitial: true,
    // The catalog reads no links (it reports them): following one could watch anything outside the folder.
    followSymlinks: false,
    ignored: (file: string) => file === gitDir || file.startsWith(gitDir + path.sep),
  });
  watcher.on('all', changed);
  watcher.on('error', (err) => failed(err instanceof Error ? err : new Error(String(err))));
  await new Promise<void>((resolve) => watcher.once('ready', resolve));
  return watcher;
}

/**
 * The report with its errors before its warnings (each in the report's order), so that the preview's problems page
 * opens on what stops the build: the files with an error first, each file's errors above its warnings.
 */
export function errorsFirst(report: Report): Report {
  const rank = (severity: string) => (severity === 'error' ? 0 : 1);
  return { ...report, problems: [...report.problems].sort((a, b) => rank(a.severity) - rank(b.severity)) };
}
