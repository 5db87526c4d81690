/**
 * A short property-based fuzz of every operation (test/helpers/api-fuzz.ts): 1,500 arbitrary requests, checked
 * against the OpenAPI document and the rules of every answer; never a 5xx. The long run: npm run fuzz:api.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzTarget, probe, runApiFuzz, type FuzzTarget } from '../helpers/api-fuzz.js';

let target: FuzzTarget;
beforeAll(async () => {
  target = await fuzzTarget();
});
afterAll(() => target.app.close());

describe('the API under arbitrary requests', () => {
  it('answers every one as its OpenAPI document says, with X-Request-Id and Cache-Control, never a 5xx', async () => {
    const result = await runApiFuzz(target, 1500, 20261123);
    expect(result.failure, JSON.stringify(result.failure, null, 2)).toBeUndefined();
    expect(result.runs).toBe(1500);
    // Every operation of the document gets requests, and the answers are of many kinds.
    expect(target.contract.operations().filter((op) => !result.stats.operations.has(op))).toEqual([]);
    expect([...result.stats.statuses.keys()].sort()).toEqual(expect.arrayContaining([200, 304, 400, 401, 404, 405, 429]));
  }, 120_000);

  // The checker itself: answers that break the document are caught (a fuzz that cannot fail is no test).
  it.each([
    ['a status the operation does not list', { status: 418 }, /does not list 418/],
    ['a required header missing', { drop: 'etag' }, /no ETag header/],
    ['a header that breaks its schema', { header: ['catalog-version', 'nope'] }, /header Catalog-Version/],
    ['a body that breaks its schema', { body: '{"data":[{"id":1}],"next_cursor":null}' }, /must/],
    ['a 5xx', { status: 500 }, /a 5xx/],
  ] as const)('the checker catches %s', async (_name, change, message) => {
    const url = '/api/v1/rails?limit=1';
    const res = await target.app.inject({ url, headers: { authorization: 'Bearer fuzz-key-0123456789abcdef' } });
    const headers = { ...(res.headers as Record<string, string>) };
    if ('drop' in change) delete headers[change.drop];
    if ('header' in change) headers[change.header[0]] = change.header[1];
    const answer = { status: 'status' in change ? change.status : res.statusCode, headers, body: 'body' in change ? change.body : res.rawPayload };
    expect(target.contract.check('GET', url, answer).join('\n')).toMatch(message);
    expect(await probe(target, { method: 'GET', url, headers: { authorization: 'Bearer fuzz-key-0123456789abcdef' } })).toEqual([]);
  });
});
