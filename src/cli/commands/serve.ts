import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inertLines } from '../../report/visible.js';
import { hostname } from 'node:os';
import { digestOf, KeyConfigError, KeyRing, keysFromList, parseRateLimit, readKeysFile, type RateLimit } from '../../service/access/auth.js';
import { sourceOf, type SeedSource } from '../../service/operations/seed-source.js';
import { startService, type RunningService } from '../../service/operations/server.js';
import { SeedError } from '../../service/representation/snapshot.js';
import { boundHeapGrowth } from '../../service/operations/heap.js';
import { watchParent } from '../../service/operations/parent.js';
import { DEFAULT_RETENTION_MS } from '../../service/operations/store.js';
import { intFlag, parseFlags } from '../args.js';
import { staleSeedNotice } from '../seed-freshness.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

/** The limit of an API key without its own (CATALOG_RATE_LIMIT). */
export const DEFAULT_RATE_LIMIT = '6000/min';

export const usage = `catalog serve [--seed dist/seed.json | --store <dir or URL> [--poll 30s]] [--build] [--port 8080] [--host 127.0.0.1] [--dev-key] [--retention 24h] [--drain-delay 3s] [--history <dir>]

Serves the seed as the Reference Catalog Service (GET /api/v1/rails, /assets, /countries; without a key /docs, /openapi.json, /healthz).
API keys come from CATALOG_API_KEYS (comma-separated) and/or CATALOG_API_KEYS_FILE (one key, or sha256:<hex> of a
key, per line); with none the service refuses to start, unless --dev-key generates one and prints it.
CATALOG_CURSOR_SECRET (at least 32 characters) signs cursors; replicas must share it. CATALOG_LOG_LEVEL sets the
log level (default info). Logs are JSON lines on stdout; messages for humans go to stderr.
--build: build the seed file from the catalog first (as catalog build --out <seed> does; refused on errors), then serve it
in this same process (npm start runs catalog serve --build --dev-key, so that npm's SIGTERM reaches the server).
--dev-key without --build says on stderr when the seed it serves is older than the catalog it was built from.
--history: a folder of past seed files (*.json) that GET /api/v1/changes can start from, besides the versions served.
--retention: how long replaced snapshots stay available to runs started on them (s, m or h; default 24h).
--store: a seed store written by "catalog publish" (a folder, or its URL over http(s)): serves the version its pointer
names, reads the pointer every --poll (default 30s; 0s: only on SIGHUP; over HTTP revalidated with its ETag), and
loads on demand an older version a cursor names. A store that cannot be read keeps the current version (logged).
CATALOG_REPLICA names the replica in logs and metrics (default the host name). CATALOG_METRICS_TOKEN turns on
GET /metrics (Prometheus), answered only with "Authorization: Bearer <that token>". CATALOG_RATE_LIMIT is the
limit of each API key (such as 600/min, default ${DEFAULT_RATE_LIMIT}; off: none); a line of the keys file may give its key
its own with limit=<n>/<s|min|h>. CATALOG_REDIS_URL shares the counts across replicas (Redis away: fail open).
GET /readyz answers 200 once serving, 503 while stopping; /healthz is liveness.
SIGHUP re-reads the seed file (or the store's pointer) and the keys file. SIGTERM: /readyz answers 503 for --drain-delay
(default 3s; 0s: none) while connections are still accepted and the API served, so that a load balancer takes the
replica out first; then the port closes, in-flight requests finish, exit 0. SIGINT (Ctrl-C) skips the delay; a second
signal cuts what is left. The server also stops when the process that started it dies.

Example:
  catalog serve --dev-key
  catalog serve --store https://seeds.example.com/catalog/ --poll 30s`;

/** Shortest CATALOG_CURSOR_SECRET accepted. */
const MIN_SECRET_LENGTH = 32;

/** Durations shown in the message of a malformed duration flag. */
const EXAMPLES: Record<string, string> = { poll: '30s, 5m or 0s', 'drain-delay': '5s or 0s' };

/** After SIGTERM: how long /readyz answers 503 while the API is still served (--drain-delay). */
const DEFAULT_DRAIN_DELAY_MS = 3000;

function durationFlag(value: string | undefined, name = 'retention', fallback = DEFAULT_RETENTION_MS, zero = false): number {
  if (value === undefined) return fallback;
  const m = /^([0-9]{1,6})(s|m|h)$/.exec(value);
  if (!m || (Number(m[1]) === 0 && !zero))
    throw new UsageError(`--${name} must be a duration such as ${EXAMPLES[name] ?? '24h, 90m or 3600s'}, not ${JSON.stringify(value)}`);
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 's' | 'm' | 'h'];
}

/**
 * The digests of the keys file. Throws KeyConfigError when the file cannot be read or holds no key (empty, only
 * comments): at start the service refuses to start, and on SIGHUP the file is rejected and the keys in use stay
 * active, as a broken seed is. A keys file that was emptied by mistake must never lock every client out.
 */
async function keysFromFile(file: string, cwd: string): Promise<{ digests: Buffer[]; limits: Map<string, RateLimit | null> }> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    throw new KeyConfigError(`CATALOG_API_KEYS_FILE ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const read = readKeysFile(text, `CATALOG_API_KEYS_FILE ${file}`);
  const digests = read.digests;
  if (digests.length === 0)
    throw new KeyConfigError(
      `CATALOG_API_KEYS_FILE ${file} holds no key (${text.trim() === '' ? 'it is empty' : 'only blank lines and comments'}): write one key, or sha256:<64 hex> of one, per line`,
    );
  return read;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The flags of serve, checked together: what to serve, where to listen, how long to keep versions. */
function serveFlags(argv: string[], io: CliIO) {
  const { values } = parseFlags(argv, {
    seed: { type: 'string', default: 'dist/seed.json' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'dev-key': { type: 'boolean', default: false },
    build: { type: 'boolean', default: false },
    retention: { type: 'string' },
    history: { type: 'string' },
    store: { type: 'string' },
    poll: { type: 'string' },
    'drain-delay': { type: 'string' },
  });
  if (values.store !== undefined && argv.some((a) => a === '--seed' || a.startsWith('--seed=')))
    throw new UsageError('--seed and --store exclude each other: serve a seed file, or a seed store');
  if (values.poll !== undefined && values.store === undefined) throw new UsageError('--poll only applies with --store');
  if (values.build && values.store !== undefined)
    throw new UsageError('--build writes a seed file, and --store serves a seed store: publish to the store with catalog publish');
  const pollMs = durationFlag(values.poll, 'poll', 30_000, true);
  const source: SeedSource | undefined = values.store === undefined ? undefined : sourceOf(values.store, io.cwd);
  const port = intFlag('port', values.port)!;
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`);
  const retentionMs = durationFlag(values.retention);
  const drainDelayMs = durationFlag(values['drain-delay'], 'drain-delay', DEFAULT_DRAIN_DELAY_MS, true);
  const seedPath = path.resolve(io.cwd, values.seed!);
  return { values, pollMs, source, port, retentionMs, seedPath, drainDelayMs };
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values, pollMs, source, port, retentionMs, seedPath, drainDelayMs } = serveFlags(argv, io);
  if (values.build) {
    // Its report and its "wrote" line are for humans: stderr, since stdout carries the server's JSON logs.
    const built = await (await import('./build.js')).run(['--out', values.seed!], { ...io, stdout: io.stderr });
    if (built !== EXIT.ok) return built;
  }

  const env = io.env;
  const config = await accessConfig(env, io, values['dev-key']!);
  if (!config) return EXIT.usage;
  const { staticKeys, fileKeys, fileLimits, devKey, devDigests, keysFile, defaultLimit, configuredSecret } = config;
  const cursorSecret = configuredSecret ?? randomBytes(32);

  boundHeapGrowth();
  const keys = new KeyRing([...staticKeys, ...fileKeys, ...devDigests]);
  keys.limits = fileLimits;
  let service: RunningService;
  try {
    service = await startService({
      seedPath,
      host: values.host!,
      port,
      keys,
      reloadKeys: keysFile
        ? async () => {
            const read = await keysFromFile(keysFile, io.cwd);
            if (read.digests.length > 0) keys.limits = read.limits;
            return [...staticKeys, ...read.digests, ...devDigests];
          }
        : undefined,
      source,
      pollMs,
      replica: env.CATALOG_REPLICA?.trim() || hostname(),
      metricsToken: env.CATALOG_METRICS_TOKEN || undefined,
      rateLimit: { default: defaultLimit, redisUrl: env.CATALOG_REDIS_URL?.trim() || undefined },
      cursorSecret,
      retentionMs,
      drainDelayMs,
      historyDir: values.history === undefined ? undefined : path.resolve(io.cwd, values.history),
      logLevel: env.CATALOG_LOG_LEVEL || 'info',
      logStream: io.stdout,
    });
  } catch (err) {
    const code = startFailure(err, values, port, io);
    if (code !== undefined) return code;
    throw err;
  }

  if (configuredSecret === undefined) {
    service.app.log.warn(
      { event: 'random-cursor-secret' },
      'CATALOG_CURSOR_SECRET is not set: cursors are signed with a random secret, so they break on restart, and replicas behind one load balancer must share one secret',
    );
  }
  const { version, counts } = service.store.current;
  const stale = values['dev-key'] && !values.build && values.store === undefined ? await staleSeedNotice(seedPath, values.seed!, version, io) : undefined;
  const lines = startLines(service, {
    seed: values.store !== undefined ? `the store ${source!.description}` : values.seed!,
    version,
    counts,
    devKey,
    randomSecret: configuredSecret === undefined,
  });
  if (stale) lines.push(stale);
  io.stderr.write(`${lines.join('\n')}\n`);

  // A launcher that died (killed npx or shell, supervisor gone) leaves no orphan holding the port.
  const unwatch = watchParent(() => {
    service.app.log.warn({ event: 'parent-gone' }, 'the process that started this server has exited: stopping');
    void service.close();
  });
  await service.closed;
  unwatch();
  io.stderr.write('catalog serve: stopped\n');
  return EXIT.ok;
}

/** The keys, rate limit and cursor secret from the environment (and --dev-key); undefined after saying what is wrong. */
async function accessConfig(env: NodeJS.ProcessEnv, io: CliIO, devKeyWanted: boolean) {
  const keysFile = env.CATALOG_API_KEYS_FILE?.trim() || undefined;
  let staticKeys: Buffer[];
  let fileKeys: Buffer[] = [];
  let fileLimits = new Map<string, RateLimit | null>();
  const rateText = env.CATALOG_RATE_LIMIT?.trim() || DEFAULT_RATE_LIMIT;
  const defaultLimit = parseRateLimit(rateText);
  if (defaultLimit === undefined) {
    io.stderr.write(`catalog serve: CATALOG_RATE_LIMIT must be <number>/<s|min|h> (such as 600/min) or off, not ${JSON.stringify(rateText.slice(0, 40))}\n`);
    return undefined;
  }
  try {
    staticKeys = keysFromList(env.CATALOG_API_KEYS);
    if (keysFile) ({ digests: fileKeys, limits: fileLimits } = await keysFromFile(keysFile, io.cwd));
  } catch (err) {
    if (!(err instanceof KeyConfigError)) throw err;
    io.stderr.write(`catalog serve: ${err.message}\n`);
    return undefined;
  }
  const devKey = devKeyWanted ? `dev_${randomBytes(24).toString('base64url')}` : undefined;
  const devDigests = devKey ? [digestOf(devKey)] : [];
  if (staticKeys.length + fileKeys.length + devDigests.length === 0) {
    io.stderr.write(
      'catalog serve: no API key configured, refusing to start an API that nobody can call (or everybody could).\n' +
        '  Set CATALOG_API_KEYS (comma-separated keys) or CATALOG_API_KEYS_FILE (one key, or sha256:<hex> of a key, per line),\n' +
        '  or run with --dev-key to generate a key for a local try.\n',
    );
    return undefined;
  }
  const configuredSecret = env.CATALOG_CURSOR_SECRET;
  if (configuredSecret !== undefined && configuredSecret.length < MIN_SECRET_LENGTH) {
    io.stderr.write(`catalog serve: CATALOG_CURSOR_SECRET needs at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -hex 32)\n`);
    return undefined;
  }
  return { staticKeys, fileKeys, fileLimits, devKey, devDigests, keysFile, defaultLimit, configuredSecret };
}

/** The exit code of a service that could not start for a reason the user can fix (said on stderr); undefined otherwise. */
function startFailure(err: unknown, values: { store?: string; seed?: string; host?: string }, port: number, io: CliIO): number | undefined {
  if (err instanceof SeedError) {
    io.stderr.write(`catalog serve: cannot serve ${values.store ?? values.seed}: ${inertLines(err.message)}\n`);
    return EXIT.usage;
  }
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') {
    io.stderr.write(
      `catalog serve: port ${port} on ${values.host} is already in use (another catalog serve?): stop what holds it, or pick another port with --port, such as --port ${port === 65535 ? 8080 : port + 1} (--port 0 takes any free port)\n`,
    );
    return EXIT.usage;
  }
  if (code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    const hint =
      code === 'EACCES'
        ? 'ports below 1024 need privileges: pick another with --port, such as --port 8080'
        : 'check --host (an address of this machine, such as 127.0.0.1 or 0.0.0.0)';
    io.stderr.write(`catalog serve: cannot listen on ${values.host}:${port} (${code}): ${hint}\n`);
    return EXIT.usage;
  }
  return undefined;
}

/** What serve says once it listens: what it serves, how to call it, and how to reload or stop it. */
function startLines(
  service: RunningService,
  served: { seed: string; version: string; counts: { rails: number; assets: number; countries: number }; devKey?: string; randomSecret: boolean },
): string[] {
  const { version, counts, devKey } = served;
  const example = `${service.url}/api/v1/rails?limit=2`;
  const lines = [
    `catalog serve: serving ${served.seed} (version ${version}: ${counts.rails} rails, ${counts.assets} assets, ${counts.countries} countries) at ${service.url}`,
  ];
  if (devKey) {
    lines.push(`  API key (dev only, valid until this process stops): ${devKey}`);
    lines.push(`  Try: curl -H ${shellQuote(`Authorization: Bearer ${devKey}`)} ${shellQuote(example)}`);
  } else {
    // The keys are the operator's: the command says where one goes instead of naming a variable nobody set.
    lines.push(`  Try (with one of the configured keys in CATALOG_API_KEY): curl -H "Authorization: Bearer $CATALOG_API_KEY" ${shellQuote(example)}`);
  }
  if (served.randomSecret) lines.push('  Warning: CATALOG_CURSOR_SECRET is not set; cursors are signed with a random secret (replicas must share one).');
  // Only what answers without a key: /api/v1/openapi.json would be a 401 to a browser.
  lines.push(`  Without a key: ${service.url}/docs (API docs)   ${service.url}/openapi.json   ${service.url}/healthz`);
  lines.push(`  Reload the seed: kill -HUP ${process.pid}   Stop: kill ${process.pid} (or Ctrl-C)`);
  return lines;
}
