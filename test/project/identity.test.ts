import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { fingerprint } from '../helpers/fingerprint.js';
import { generateCatalog } from '../helpers/generated-catalog.js';

/**
 * What a user gets, unchanged: on the benchmark's 10,000 rails, the report of `catalog validate`, the seed's bytes and
 * the service's answers, byte for byte, as the tool gave them before its validator was reorganised into stages (the
 * same hashes were measured then, with the tool of that time, on the same generated catalog). A change here is a
 * change every user sees: make it on purpose, and update the hashes with the reason in the commit message.
 */
const EXPECTED = {
  report: '2b965fcd52541e44',
  seed: '9f51c3d58bd36681',
  api: {
    'rails, first page': '200 8f74e5348126b24f',
    'rails of a country': '200 f868621004aabe87',
    assets: '200 bc883835b9a55a57',
    countries: '200 63435630a306919d',
    'a rail': '200 eec38cc585710902',
    'a country': '200 0b2c9f5f78bda868',
    'an unknown rail': '404 7c22187272c0dfeb',
    'a bad limit': '400 4cddf553d3bcf559',
    'a beneficiary check': '400 cea01616255226bc',
  },
};

describe('the reports, the seed and the API answers', () => {
  it('are those of the benchmark catalog as they were', async () => {
    const dir = path.join(await mkdtemp(path.join(tmpdir(), 'catalog-identity-')), 'catalog');
    generateCatalog(dir, 10_000);
    expect(await fingerprint(BIN, dir, '2026-11-23', { railId: 'AD-m0', countryCode: 'AD' })).toEqual(EXPECTED);
  }, 180_000);
});
