import { createHash } from 'node:crypto';
import type { Seed } from '../generated/types.js';

/**
 * The version of a seed: the first 16 hex digits of the SHA-256 of its content ({rails, assets, countries}, in this
 * order). The build writes it; the service refuses a seed whose meta.version is not this (a hand-edited seed), because
 * cursors and ETags trust that one version means one content.
 */
export function contentVersion(seed: Pick<Seed, 'rails' | 'assets' | 'countries'>): string {
  const content = { rails: seed.rails, assets: seed.assets, countries: seed.countries };
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16);
}
