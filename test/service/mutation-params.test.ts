/**
 * The reading of a list's query, remembered per parsed query string: the same query string sent to another endpoint is
 * read for that endpoint, never answered with the reading of the first (npm run test:mutation).
 */
import { describe, expect, it } from 'vitest';
import { isApiError, listQueryOf, parseQueryString } from '../../src/service/edge/params.js';
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
