import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/generated/types.js';
import { serializeSeed } from '../../src/seed/build.js';
import { CursorCodec } from '../../src/service/representation/cursor.js';
import { endpoints } from '../../src/service/resources/endpoints.js';
import { ERRORS } from '../../src/service/edge/errors.js';
import { growSeed } from '../../src/service/operations/synthetic.js';
import { fixtureSeed, get, makeApp, SECRET, walk, withExtraRail, type TestApp } from './helpers.js';

// Top-level: the walk cases are listed from the seed's own values.
const seed: Seed = growSeed(await fixtureSeed(), 120);
let t: TestApp;
beforeAll(async () => {
  t = await makeApp(seed);
});

/** What a filtered list must hold, computed from the seed itself. */
function expected(endpoint: 'rails' | 'assets' | 'countries', filters: Record<string, string>): string[] {
  const def = endpoints()[endpoint];
  return (seed[endpoint] as any[])
    .filter((item) => def.filters.every((f) => filters[f.name] === undefined || f.valuesOf(item).includes(filters[f.name])))
    .map((item) => item[def.key] as string)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function filterCases(): Array<[string, 'rails' | 'assets' | 'countries', Record<string, string>]> {
  const cases: Array<[string, 'rails' | 'assets' | 'countries', Record<string, string>]> = [];
  for (const endpoint of ['rails', 'assets', 'countries'] as const) {
    cases.push([endpoint, endpoint, {}]);
    for (const f of endpoints()[endpoint].filters) {
      const values = new Set<string>((seed[endpoint] as any[]).flatMap((item) => [...f.valuesOf(item)]));
      for (const value of [...values].sort()) cases.push([`${endpoint}?${f.name}=${value}`, endpoint, { [f.name]: value }]);
    }
  }
  cases.push(['rails?country=FR&phase=live', 'rails', { country: 'FR', phase: 'live' }]);
  cases.push(['rails?country=US&currency=USD&phase=beta', 'rails', { country: 'US', currency: 'USD', phase: 'beta' }]);
  cases.push(['rails?currency=EUR&phase=never', 'rails', { currency: 'EUR', phase: 'never' }]);
  cases.push(['rails?currency=USD&country=EC', 'rails', { currency: 'USD', country: 'EC' }]);
  return cases;
}

describe('full walks', () => {
  const limitPlans = [[1], [3], [7], [50], [100], [2, 5, 1, 100]];

  it.each(filterCases())('%s: every limit walks the same list, in order, without duplicate, gap or empty page', async (_name, endpoint, filters) => {
    const want = expected(endpoint, filters);
    const key = endpoints()[endpoint].key;
    const query = new URLSearchParams(filters).toString();
    const url = `/api/v1/${endpoint}${query ? `?${query}` : ''}`;
    for (const limits of limitPlans) {
      const pages = await walk(t.app, url, limits);
      const got = pages.flatMap((p) => p.data.map((item) => item[key]));
      expect(got, `limits ${limits}`).toEqual(want);
      pages.forEach((p, i) => {
        if (want.length > 0) expect(p.data.length, 'no empty page').toBeGreaterThan(0);
        expect(p.data.length).toBeLessThanOrEqual(limits[i % limits.length]);
        expect(p.next_cursor === null).toBe(i === pages.length - 1);
      });
      // Full pages until the last one: the end is only signalled by the null cursor.
      for (const [i, p] of pages.slice(0, -1).entries()) expect(p.data.length).toBe(limits[i % limits.length]);
    }
    if (want.length <= 100) {
      const one = (await get(t.app, `${url}${query ? '&' : '?'}limit=100`)).json();
      expect(one.data.map((item: any) => item[key])).toEqual(want);
      expect(one.next_cursor).toBeNull();
    }
  });

  it('an exactly full last page has a null cursor (no empty trailing page)', async () => {
    const n = expected('countries', {}).length;
    const whole = (await get(t.app, `/api/v1/countries?limit=${n}`)).json();
    expect(whole.data).toHaveLength(n);
    expect(whole.next_cursor).toBeNull();
    const minusOne = (await get(t.app, `/api/v1/countries?limit=${n - 1}`)).json();
    expect(minusOne.next_cursor).not.toBeNull();
    const last = (await get(t.app, `/api/v1/countries?limit=1&cursor=${minusOne.next_cursor}`)).json();
    expect(last.data).toHaveLength(1);
    expect(last.next_cursor).toBeNull();
    const restricted = expected('countries', { status: 'restricted' });
    expect(restricted).toHaveLength(2);
    const pages = await walk(t.app, '/api/v1/countries?status=restricted', [1]);
    expect(pages.map((p) => p.data.length)).toEqual([1, 1]);
  });

  it('the cursor is the same for the same position, and works with a changed limit and codes in another case', async () => {
    const a = (await get(t.app, '/api/v1/rails?country=FR&limit=2')).json();
    const b = (await get(t.app, '/api/v1/rails?country=fr&limit=2')).json();
    expect(a.next_cursor).toBe(b.next_cursor);
    const next = await get(t.app, `/api/v1/rails?country=fr&limit=3&cursor=${a.next_cursor}`);
    expect(next.statusCode).toBe(200);
    expect(next.json().data.map((r: any) => r.id)).toEqual(expected('rails', { country: 'FR' }).slice(2, 5));
  });
});

describe('bad cursors', () => {
  let cursor: string;
  beforeAll(async () => {
    cursor = (await get(t.app, '/api/v1/rails?country=FR&limit=2')).json().next_cursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  const flipBit = (token: string, byte: number, bit: number) => {
    const bytes = Buffer.from(token, 'base64url');
    bytes[byte] ^= 1 << bit;
    return bytes.toString('base64url');
  };

  function badCursors(): Array<[string, string]> {
    const bytes = Buffer.from(cursor, 'base64url');
    const list: Array<[string, string]> = [
      ['garbage', 'abc'],
      ['garbage of the right length', 'A'.repeat(cursor.length)],
      ['not base64url', `${cursor.slice(0, 10)}!${cursor.slice(11)}`],
      ['standard base64 instead of base64url', bytes.toString('base64')],
      ['truncated by one character', cursor.slice(0, -1)],
      ['truncated by half', cursor.slice(0, cursor.length >> 1)],
      ['one character more', `${cursor}A`],
      ['twice', cursor + cursor],
      ['2 KB', 'A'.repeat(2048)],
      ['another character at the start', (cursor[0] === 'A' ? 'B' : 'A') + cursor.slice(1)],
      ['another character at the end', cursor.slice(0, -1) + (cursor.endsWith('A') ? 'B' : 'A')],
      ['MAC only', bytes.subarray(bytes.length - 32).toString('base64url')],
      ['payload only', bytes.subarray(0, bytes.length - 32).toString('base64url')],
      [
        're-signed with another secret',
        new CursorCodec('another-secret-0123456789abcdef0123456789').encode({
          endpoint: 'rails',
          filterKey: 'country=FR',
          version: seed.meta.version,
          after: 'BR-pix',
        }),
      ],
      [
        'forged state with the MAC of another',
        Buffer.concat([Buffer.from(`c1\nrails\ncountry=FR\n${seed.meta.version}\nZZ`), bytes.subarray(bytes.length - 32)]).toString('base64url'),
      ],
    ];
    for (const byte of [0, 3, 10, bytes.length - 33, bytes.length - 32, bytes.length - 1])
      for (const bit of [0, 7]) list.push([`bit ${bit} of byte ${byte} flipped`, flipBit(cursor, byte, bit)]);
    return list;
  }

  it('every kind of altered cursor is 400 invalid_request, param cursor, "start the run again"', async () => {
    for (const [name, bad] of badCursors()) {
      expect(bad, name).not.toBe(cursor);
      const res = await get(t.app, `/api/v1/rails?country=FR&limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json(), name).toEqual({
        error: { code: 'invalid_request', message: ERRORS.invalid_cursor.message, param: 'cursor', request_id: res.headers['x-request-id'] },
      });
      expect(res.json().error.message).toMatch(/start the run again/);
    }
  });

  it('fuzz: 300 random one-character changes and random tokens are all refused with 400', async () => {
    let seed32 = 7;
    const random = () => (seed32 = (seed32 * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < 300; i++) {
      let bad: string;
      if (i % 3 === 0) bad = Array.from({ length: 1 + Math.floor(random() * 200) }, () => alphabet[Math.floor(random() * 64)]).join('');
      else {
        const at = Math.floor(random() * cursor.length);
        let c = alphabet[Math.floor(random() * 64)];
        if (c === cursor[at]) c = c === 'A' ? 'B' : 'A';
        bad = cursor.slice(0, at) + c + cursor.slice(at + 1);
      }
      const res = await get(t.app, `/api/v1/rails?country=FR&limit=2&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.param).toBe('cursor');
    }
  });

  it('a cursor used on another endpoint or with other filters is refused', async () => {
    for (const url of [
      '/api/v1/assets',
      '/api/v1/countries',
      '/api/v1/rails',
      '/api/v1/rails?country=DE',
      '/api/v1/rails?country=FR&phase=live',
      '/api/v1/rails?currency=EUR',
    ]) {
      const res = await get(t.app, `${url}${url.includes('?') ? '&' : '?'}cursor=${cursor}`);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', param: 'cursor' });
    }
  });

  it('the other cursor checks come after the parameters: a bad limit with a bad cursor is about limit', async () => {
    const res = await get(t.app, `/api/v1/rails?limit=0&cursor=garbage`);
    expect(res.json().error.param).toBe('limit');
  });

  it('a well-signed cursor of a snapshot never held is expired', async () => {
    const codec = new CursorCodec(SECRET);
    const token = codec.encode({ endpoint: 'rails', filterKey: '', version: '0123456789abcdef', after: 'BR-pix' });
    const res = await get(t.app, `/api/v1/rails?cursor=${token}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_request',
      message: ERRORS.expired_cursor.message,
      param: 'cursor',
      request_id: res.headers['x-request-id'],
    });
  });
});

describe('snapshots and reloads', () => {
  it('a run started before a reload finishes on its snapshot; the next run sees the new catalog', async () => {
    const local = await makeApp(seed);
    const first = await get(local.app, '/api/v1/rails?limit=5');
    expect(first.headers['catalog-version']).toBe(seed.meta.version);
    const newer = growSeed(await fixtureSeed(withExtraRail('AA-extra')), 121);
    expect(local.store.replace((await import('../../src/service/representation/snapshot.js')).snapshotOf(newer)).status).toBe('replaced');

    let next: string | null = first.json().next_cursor;
    const ids: string[] = first.json().data.map((r: any) => r.id);
    while (next) {
      const res = await get(local.app, `/api/v1/rails?limit=7&cursor=${next}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['catalog-version']).toBe(seed.meta.version);
      ids.push(...res.json().data.map((r: any) => r.id));
      next = res.json().next_cursor;
    }
    expect(ids).toEqual(expected('rails', {}));
    expect(ids).not.toContain('AA-extra');

    const fresh = await walk(local.app, '/api/v1/rails?limit=50');
    expect(fresh.flatMap((p) => p.data.map((r) => r.id))).toContain('AA-extra');
    expect((await local.app.inject({ url: '/healthz' })).json().version).toBe(newer.meta.version);
  });

  it('a cursor of a replaced snapshot works during the retention, then is expired', async () => {
    const local = await makeApp(seed, { store: { retentionMs: 60_000 } });
    const cursor = (await get(local.app, '/api/v1/countries?limit=3')).json().next_cursor;
    const { snapshotOf } = await import('../../src/service/representation/snapshot.js');
    local.store.replace(snapshotOf(growSeed(await fixtureSeed(withExtraRail('AA-extra')), 121)));
    local.clock.now += 59_999;
    expect((await get(local.app, `/api/v1/countries?limit=3&cursor=${cursor}`)).statusCode).toBe(200);
    local.clock.now += 1;
    const res = await get(local.app, `/api/v1/countries?limit=3&cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_request',
      message: ERRORS.expired_cursor.message,
      param: 'cursor',
      request_id: res.headers['x-request-id'],
    });
  });

  it('a reload with a broken seed keeps serving the snapshot it had', async () => {
    const local = await makeApp(seed);
    const dir = await mkdtemp(path.join(tmpdir(), 'service-reload-'));
    const file = path.join(dir, 'seed.json');
    const text = serializeSeed(seed);
    const broken: Array<[string, string]> = [
      ['truncated', text.slice(0, text.length >> 1)],
      ['empty', ''],
      ['not a seed', '{"hello":"world"}'],
      ['a rail with an extra field', text.replace('"slug": "pix"', '"slug": "pix", "secret": "x"')],
    ];
    for (const [name, content] of broken) {
      await writeFile(file, content);
      const result = await local.store.reload(file);
      expect(result.status, name).toBe('rejected');
      expect(result.version).toBe(seed.meta.version);
      const res = await get(local.app, '/api/v1/rails?limit=1');
      expect(res.statusCode).toBe(200);
      expect(res.headers['catalog-version']).toBe(seed.meta.version);
    }
    expect((await local.store.reload(path.join(dir, 'missing.json'))).status).toBe('rejected');
  });

  it('concurrent requests during reloads: no 5xx, no page mixing two snapshots', async () => {
    const a = seed;
    const b = growSeed(await fixtureSeed(withExtraRail('AA-extra')), 130);
    const names = new Map<string, Set<string>>([
      [a.meta.version, new Set(a.rails.map((r) => r.id))],
      [b.meta.version, new Set(b.rails.map((r) => r.id))],
    ]);
    const local = await makeApp(a);
    const dir = await mkdtemp(path.join(tmpdir(), 'service-concurrent-'));
    const files = [path.join(dir, 'a.json'), path.join(dir, 'b.json')];
    await writeFile(files[0], serializeSeed(a));
    await writeFile(files[1], serializeSeed(b));

    const seenVersions = new Set<string>();
    const requests: Array<Promise<void>> = [];
    const reloads: Array<Promise<unknown>> = [];
    for (let i = 0; i < 200; i++) {
      if (i % 20 === 0) {
        // Waves: let the earlier requests and the file reads of the reloads make progress in between.
        await new Promise((resolve) => setTimeout(resolve, 3));
        reloads.push(local.store.reload(files[(i / 20) % 2 === 0 ? 1 : 0]));
      }
      requests.push(
        (async () => {
          // A whole run: every page comes from the snapshot of the first page and holds only its rails.
          let url = '/api/v1/rails?limit=10';
          let runVersion: string | undefined;
          for (;;) {
            const res = await get(local.app, url);
            expect(res.statusCode).toBe(200);
            const version = res.headers['catalog-version'] as string;
            runVersion ??= version;
            expect(version).toBe(runVersion);
            for (const rail of res.json().data) expect(names.get(version)!.has(rail.id)).toBe(true);
            const next = res.json().next_cursor;
            if (next === null) break;
            url = `/api/v1/rails?limit=10&cursor=${next}`;
          }
        })(),
      );
      requests.push(
        get(local.app, `/api/v1/rails?limit=${1 + (i % 60)}`).then((res) => {
          expect(res.statusCode).toBeLessThan(500);
          const version = res.headers['catalog-version'] as string;
          seenVersions.add(version);
          const ids = names.get(version)!;
          for (const rail of res.json().data) expect(ids.has(rail.id)).toBe(true);
          if (version === a.meta.version) expect(res.json().data.map((r: any) => r.id)).not.toContain('AA-extra');
        }),
      );
    }
    const results = await Promise.all(reloads);
    await Promise.all(requests);
    expect(results.filter((r: any) => r.status === 'replaced').length).toBeGreaterThan(1);
    expect([...seenVersions].sort()).toEqual([a.meta.version, b.meta.version].sort());
  });
});
