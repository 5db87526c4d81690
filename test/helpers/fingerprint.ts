import { execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** What a user of the catalog at `dir` gets from one version of the tool (bin: its bin/catalog.js), as hashes. */
export interface Fingerprint {
  /** `validate --format json --no-base` (the report, byte for byte). */
  report: string;
  /** The seed's bytes (`build`). */
  seed: string;
  /** Each answer of the service on that seed (status and body; the request id, random, left out), by request. */
  api: Record<string, string>;
}

const KEY = 'fingerprint-key-0123456789abcdef';
const SECRET = 'fingerprint-cursor-secret-0123456789abcdef';

/** The requests whose answers are compared: pages and their cursors, one of each entry, errors, a beneficiary check. */
function requests(railId: string, countryCode: string): Array<{ name: string; path: string; body?: unknown }> {
  return [
    { name: 'rails, first page', path: '/api/v1/rails?limit=50' },
    { name: 'rails of a country', path: `/api/v1/rails?country=${countryCode}` },
    { name: 'assets', path: '/api/v1/assets' },
    { name: 'countries', path: '/api/v1/countries?limit=100' },
    { name: 'a rail', path: `/api/v1/rails/${railId}` },
    { name: 'a country', path: `/api/v1/countries/${countryCode}` },
    { name: 'an unknown rail', path: '/api/v1/rails/XX-nope' },
    { name: 'a bad limit', path: '/api/v1/rails?limit=0' },
    {
      name: 'a beneficiary check',
      path: `/api/v1/rails/${railId}/beneficiary-checks`,
      body: { iban: 'fr14 2004 1010 0505 0001 3m02 606', accountType: 'personal' },
    },
  ];
}

/** Runs validate, build and serve of the tool at `bin` on the catalog at `dir`, judged on `today`. */
export async function fingerprint(bin: string, dir: string, today: string, sample: { railId: string; countryCode: string }): Promise<Fingerprint> {
  const out = await mkdtemp(path.join(tmpdir(), 'catalog-fingerprint-'));
  const validated = await run(process.execPath, [bin, 'validate', '--dir', dir, '--format', 'json', '--today', today, '--no-base'], {
    maxBuffer: 1 << 28,
  }).catch((e) => e);
  const seedFile = path.join(out, 'seed.json');
  await run(process.execPath, [bin, 'build', '--dir', dir, '--out', seedFile, '--today', today], { maxBuffer: 1 << 28 });
  const api = await answers(bin, seedFile, requests(sample.railId, sample.countryCode));
  return { report: sha(validated.stdout), seed: sha(await readFile(seedFile)), api };
}

async function answers(bin: string, seedFile: string, list: ReturnType<typeof requests>): Promise<Record<string, string>> {
  const env = { ...process.env, CATALOG_API_KEYS: KEY, CATALOG_CURSOR_SECRET: SECRET, CATALOG_RATE_LIMIT: 'off' };
  const server = spawn(process.execPath, [bin, 'serve', '--seed', seedFile, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let said = '';
      server.stderr!.on('data', (chunk) => {
        said += chunk;
        const m = /at (http:\/\/\S+)/.exec(said);
        if (m) resolve(m[1]);
      });
      server.on('exit', (code) => reject(new Error(`catalog serve exited (${code}): ${said}`)));
    });
    const result: Record<string, string> = {};
    for (const r of list) {
      const res = await fetch(url + r.path, {
        method: r.body ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${KEY}`, ...(r.body ? { 'content-type': 'application/json' } : {}) },
        body: r.body ? JSON.stringify(r.body) : undefined,
      });
      const body = (await res.text()).replace(/"request_id":"[^"]*"/g, '"request_id":""');
      result[r.name] = `${res.status} ${sha(body)}`;
    }
    return result;
  } finally {
    server.kill('SIGTERM');
  }
}
