/**
 * The reading of a list's query, remembered per parsed query string: the same query string sent to another endpoint is
 * read for that endpoint, never answered with the reading of the first (npm run test:mutation).
 */
import { describe, expect, it } from 'vitest';
import { isApiError, listQueryOf, parseQueryString, readListQuery } from '../../src/service/edge/params.js';
import { endpoints } from '../../src/service/resources/endpoints.js';

describe('listQueryOf', () => {
  it.each([
    // [query string, the endpoint that reads it first, the other endpoint, what the other one answers]
    ['phase=live', 'rails', 'assets', 'unknown_param'],
    ['status=open', 'countries', 'rails', 'unknown_param'],
    ['network=ethereum', 'assets', 'countries', 'unknown_param'],
  ] as const)('%s: read for %s, then for %s, is read again', (text, first, other, answer) => {
    const query = parseQueryString(text);
    // The parsed query is shared by every request with this query string (what makes the reading worth remembering).
    expect(parseQueryString(text)).toBe(query);
    const read = listQueryOf(endpoints()[first], query);
    expect(isApiError(read)).toBe(false);
    expect(listQueryOf(endpoints()[first], query)).toBe(read);
    const again = listQueryOf(endpoints()[other], query);
    expect(isApiError(again) && again.id).toBe(answer);
  });
});

describe('parseQueryString: every parameter as sent, decoded', () => {
  it.each([
    // A "%" anywhere, the second character included, is decoded in names and values.
    ['l%69mit=1%30', [{ name: 'limit', value: '10', malformed: false }]],
    ['%6Cimit=%35', [{ name: 'limit', value: '5', malformed: false }]],
    // "+" is a space.
    ['a+b=c+d', [{ name: 'a b', value: 'c d', malformed: false }]],
    // A broken encoding keeps the raw name and has no value.
    ['x=%zz', [{ name: 'x', value: null, malformed: true }]],
    ['%zz=1', [{ name: '%zz', value: null, malformed: true }]],
    ['%E0%A4=1', [{ name: '%E0%A4', value: null, malformed: true }]],
    // A name alone has no value; empty segments carry nothing.
    ['alone', [{ name: 'alone', value: null, malformed: false }]],
    ['&&b=2&', [{ name: 'b', value: '2', malformed: false }]],
    ['', []],
  ])('%j', (text, expected) => {
    expect(parseQueryString(text)).toEqual(expected);
  });
});

describe('readListQuery: what each parameter of a list becomes', () => {
  const rails = () => endpoints().rails;
  it.each([
    // [query string, limit, whether the limit was reduced, filterKey]
    ['', 50, false, ''],
    ['country=fr', 50, false, 'country=FR'],
    ['limit=00050', 50, false, ''],
    ['limit=0000100', 100, false, ''],
    ['limit=101', 100, true, ''],
    ['limit=00101', 100, true, ''],
    ['limit=5000', 100, true, ''],
    ['currency=eur&country=de', 50, false, 'country=DE&currency=EUR'],
  ] as const)('%j: limit %i, reduced %s, filters %j', (text, limit, reduced, filterKey) => {
    const read = readListQuery(rails(), parseQueryString(text));
    expect(read).toMatchObject({ limit, limitReduced: reduced, filterKey });
  });

  it.each([
    // [query string, the error, its param, its message's values]
    ['limit=%zz', 'malformed_param', 'limit', { param: '"limit"' }],
    ['country=%C3%9F', 'invalid_code', 'country', { what: expect.any(String), example: 'FR' }],
    ['country=%C3%A9s', 'invalid_code', 'country', { what: expect.any(String), example: 'FR' }],
    ['limit=1&limit=2', 'repeated_param', 'limit', undefined],
    ['limit=', 'empty_param', 'limit', undefined],
  ] as const)('%j: %s', (text, id, param, vars) => {
    expect(readListQuery(rails(), parseQueryString(text))).toEqual({ id, param, ...(vars ? { vars } : {}) });
  });
});
