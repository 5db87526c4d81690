import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inertLines } from '../../core/visible.js';
import { digestOf, KeyConfigError, KeyRing, keysFromFileText, keysFromList } from '../../service/auth.js';
import { startService, type RunningService } from '../../service/server.js';
import { SeedError } from '../../service/snapshot.js';
import { DEFAULT_RETENTION_MS } from '../../service/store.js';
import { intFlag, parseFlags } from '../args.js';
import { EXIT, UsageError, type CliIO } from '../io.js';

export const usage = `catalog serve [--seed dist/seed.json] [--port 8080] [--host 127.0.0.1] [--dev-key] [--retention 24h] [--history <dir>]

Serves the seed as the Reference Catalog Service (GET /api/v1/rails, /assets, /countries, /openapi.json; /healthz).
API keys come from CATALOG_API_KEYS (comma-separated) and/or CATALOG_API_KEYS_FILE (one key, or sha256:<hex> of a
key, per line); with none the service refuses to start, unless --dev-key generates one and prints it.
CATALOG_CURSOR_SECRET (at least 32 characters) signs cursors; replicas must share it. CATALOG_LOG_LEVEL sets the
log level (default info). Logs are JSON lines on stdout; messages for humans go to stderr.
--history: a folder of past seed files (*.json) that GET /api/v1/changes can start from, besides the versions served.
--retention: how long replaced snapshots stay available to runs started on them (s, m or h; default 24h).
SIGHUP re-reads the seed file and the keys file; SIGTERM or SIGINT drains in-flight requests and exits 0.

Example:
  catalog serve --dev-key`;

/** Shortest CATALOG_CURSOR_SECRET accepted. */
const MIN_SECRET_LENGTH = 32;

function durationFlag(value: string | undefined): number {
  if (value === undefined) return DEFAULT_RETENTION_MS;
  const m = /^([0-9]{1,6})(s|m|h)$/.exec(value);
  if (!m || Number(m[1]) === 0) throw new UsageError(`--retention must be a duration such as 24h, 90m or 3600s, not ${JSON.stringify(value)}`);
  return Number(m[1]) * { s: 1000, m: 60_000, h: 3_600_000 }[m[2] as 's' | 'm' | 'h'];
}

/**
 * The digests of the keys file. Throws KeyConfigError when the file cannot be read or holds no key (empty, only
 * comments): at start the service refuses to start, and on SIGHUP the file is rejected and the keys in use stay
 * active, as a broken seed is. A keys file that was emptied by mistake must never lock every client out.
 */
async function keysFromFile(file: string, cwd: string): Promise<Buffer[]> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (err) {
    throw new KeyConfigError(`CATALOG_API_KEYS_FILE ${file} cannot be read: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  const digests = keysFromFileText(text, `CATALOG_API_KEYS_FILE ${file}`);
  if (digests.length === 0)
    throw new KeyConfigError(`CATALOG_API_KEYS_FILE ${file} holds no key (${text.trim() === '' ? 'it is empty' : 'only blank lines and comments'}): write one key, or sha256:<64 hex> of one, per line`);
  return digests;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export async function run(argv: string[], io: CliIO): Promise<number> {
  const { values } = parseFlags(argv, {
    seed: { type: 'string', default: 'dist/seed.json' },
    port: { type: 'string', default: '8080' },
    host: { type: 'string', default: '127.0.0.1' },
    'dev-key': { type: 'boolean', default: false },
    retention: { type: 'string' },
    history: { type: 'string' },
  });
  const port = intFlag('port', values.port)!;
  if (port > 65535) throw new UsageError(`--port must be at most 65535, not ${port}`);
  const retentionMs = durationFlag(values.retention);
  const seedPath = path.resolve(io.cwd, values.seed!);

  const env = io.env;
  const keysFile = env.CATALOG_API_KEYS_FILE?.trim() || undefined;
  let staticKeys: Buffer[];
  let fileKeys: Buffer[] = [];
  try {
    staticKeys = keysFromList(env.CATALOG_API_KEYS);
    if (keysFile) fileKeys = await keysFromFile(keysFile, io.cwd);
  } catch (err) {
    if (err instanceof KeyConfigError) {
      io.stderr.write(`catalog serve: ${err.message}\n`);
      return EXIT.usage;
    }
    throw err;
  }
  let devKey: string | undefined;
  if (values['dev-key']) devKey = `dev_${randomBytes(24).toString('base64url')}`;
  const devDigests = devKey ? [digestOf(devKey)] : [];
  if (staticKeys.length + fileKeys.length + devDigests.length === 0) {
    io.stderr.write(
      'catalog serve: no API key configured, refusing to start an API that nobody can call (or everybody could).\n' +
        '  Set CATALOG_API_KEYS (comma-separated keys) or CATALOG_API_KEYS_FILE (one key, or sha256:<hex> of a key, per line),\n' +
        '  or run with --dev-key to generate a key for a local try.\n',
    );
    return EXIT.usage;
  }

  const configuredSecret = env.CATALOG_CURSOR_SECRET;
  if (configuredSecret !== undefined && configuredSecret.length < MIN_SECRET_LENGTH) {
    io.stderr.write(`catalog serve: CATALOG_CURSOR_SECRET needs at least ${MIN_SECRET_LENGTH} characters (generate one with: openssl rand -hex 32)\n`);
    return EXIT.usage;
  }
  const cursorSecret = configuredSecret ?? randomBytes(32);

  const keys = new KeyRing([...staticKeys, ...fileKeys, ...devDigests]);
  let service: RunningService;
  try {
    service = await startService({
      seedPath,
      host: values.host!,
      port,
      keys,
      reloadKeys: keysFile ? async () => [...staticKeys, ...(await keysFromFile(keysFile, io.cwd)), ...devDigests] : undefined,
      cursorSecret,
      retentionMs,
      historyDir: values.history === undefined ? undefined : path.resolve(io.cwd, values.history),
      logLevel: env.CATALOG_LOG_LEVEL || 'info',
      logStream: io.stdout,
    });
  } catch (err) {
    if (err instanceof SeedError) {
      io.stderr.write(`catalog serve: cannot serve ${values.seed}: ${inertLines(err.message)}\n`);
      return EXIT.usage;
    }
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      io.stderr.write(`catalog serve: port ${port} on ${values.host} is already in use (another catalog serve?): stop what holds it, or pick another port with --port, such as --port ${port === 65535 ? 8080 : port + 1} (--port 0 takes any free port)\n`);
      return EXIT.usage;
    }
    if (code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      const hint = code === 'EACCES' ? 'ports below 1024 need privileges: pick another with --port, such as --port 8080' : 'check --host (an address of this machine, such as 127.0.0.1 or 0.0.0.0)';
      io.stderr.write(`catalog serve: cannot listen on ${values.host}:${port} (${code}): ${hint}\n`);
      return EXIT.usage;
    }
    throw err;
  }

  if (configuredSecret === undefined) {
    service.app.log.warn({ event: 'random-cursor-secret' }, 'CATALOG_CURSOR_SECRET is not set: cursors are signed with a random secret, so they break on restart, and replicas behind one load balancer must share one secret');
  }
  const { version, counts } = service.store.current;
  const example = `${service.url}/api/v1/rails?limit=2`;
  const lines = [
    `catalog serve: serving ${values.seed} (version ${version}: ${counts.rails} rails, ${counts.assets} assets, ${counts.countries} countries) at ${service.url}`,
  ];
  if (devKey) {
    lines.push(`  API key (dev only, valid until this process stops): ${devKey}`);
    lines.push(`  Try: curl -H ${shellQuote(`Authorization: Bearer ${devKey}`)} ${shellQuote(example)}`);
  } else {
    lines.push(`  Try: curl -H "Authorization: Bearer $CATALOG_API_KEY" ${shellQuote(example)}`);
  }
  if (configuredSecret === undefined) lines.push('  Warning: CATALOG_CURSOR_SECRET is not set; cursors are signed with a random secret (replicas must share one).');
  lines.push(`  Health: ${service.url}/healthz   OpenAPI: ${service.url}/api/v1/openapi.json`);
  lines.push('  SIGHUP reloads the seed; SIGTERM or Ctrl-C stops.');
  io.stderr.write(lines.join('\n') + '\n');

  await service.closed;
  io.stderr.write('catalog serve: stopped\n');
  return EXIT.ok;
}
