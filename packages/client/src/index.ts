/** @payout-catalog/client: the TypeScript SDK of the Reference Catalog Service. */
export { CatalogClient, CatalogRefresher, retryAfterMs } from './client.js';
export type { AssetFilters, CatalogSnapshot, ChangesSince, ClientOptions, CountryFilters, ListRun, Page, RailFilters } from './client.js';
export {
  AuthenticationError,
  CatalogApiError,
  CatalogConnectionError,
  InvalidRequestError,
  NotFoundError,
  RailClosedError,
  RateLimitError,
  ServerError,
  VersionGoneError,
} from './errors.js';
export { dueForReview, fieldFor, reviewDueOn, validateBeneficiary } from './offline.js';
export type * from './types.gen.js';
