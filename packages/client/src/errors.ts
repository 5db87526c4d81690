/** Typed errors of the SDK. Messages never hold the API key: they come from the service's error body or from us. */

/**
 * The brand of the SDK's error classes, in the global symbol registry: every copy of the SDK loaded in one process
 * (its ESM and CommonJS builds, a dependency's own install) shares it. Each class's prototype carries its name under
 * it, and `instanceof` looks for that name along the value's prototype chain, so an error thrown by one copy is an
 * instance of the other copy's class of the same name (the dual-package hazard, defused).
 */
const BRAND = Symbol.for('@payout-catalog/client:error-class');

/** `instanceof` for the SDK's error classes: by brand along the prototype chain, native for a subclass of the user's. */
function isInstance(type: Function, value: unknown): boolean {
  const brand: unknown = Object.hasOwn(type.prototype, BRAND) ? type.prototype[BRAND] : undefined;
  if (brand === undefined) return Function.prototype[Symbol.hasInstance].call(type, value);
  if (typeof value !== 'object' || value === null) return false;
  for (let proto = Object.getPrototypeOf(value); proto !== null; proto = Object.getPrototypeOf(proto))
    if (Object.hasOwn(proto, BRAND) && proto[BRAND] === brand) return true;
  return false;
}

/** Gives each class its brand, once, when the module loads: its name as written here (a minifier renames classes, not keys). */
function brand(types: Record<string, Function>): void {
  for (const [name, type] of Object.entries(types)) Object.defineProperty(type.prototype, BRAND, { value: `@payout-catalog/client:${name}` });
}

/** Any error the service answered with: its HTTP status, stable `code`, the `param` at fault and the request id. */
export class CatalogApiError extends Error {
  /** True for an error of this class made by any copy of the SDK in the process (ESM or CommonJS build). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  override name = 'CatalogApiError';
  constructor(
    message: string,
    /** HTTP status. */
    readonly status: number,
    /** The service's stable error code (unauthorized, invalid_request, not_found, rail_closed, ...). */
    readonly code: string,
    /** The parameter at fault, when the service names one. */
    readonly param: string | undefined,
    /** X-Request-Id of the response: quote it when reporting a problem. */
    readonly requestId: string | undefined,
    /** Seconds the service asked to wait (Retry-After), when it said. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** 401: the key is missing, malformed or not active. */
export class AuthenticationError extends CatalogApiError {
  override name = 'AuthenticationError';
}
/** 400: a parameter, the cursor or the body is not valid; `param` names it. */
export class InvalidRequestError extends CatalogApiError {
  override name = 'InvalidRequestError';
}
/** 404: no such rail, asset, country or endpoint. */
export class NotFoundError extends CatalogApiError {
  override name = 'NotFoundError';
}
/** 409: the rail is closed and accepts no payout. */
export class RailClosedError extends CatalogApiError {
  override name = 'RailClosedError';
}
/** 410: the service does not hold that catalog version: do a full refresh (client.catalog.snapshot()). */
export class VersionGoneError extends CatalogApiError {
  override name = 'VersionGoneError';
}
/** 429: too many requests (retried first, honouring Retry-After). */
export class RateLimitError extends CatalogApiError {
  override name = 'RateLimitError';
}
/** 5xx: the service failed (502 and 503 are retried first). */
export class ServerError extends CatalogApiError {
  override name = 'ServerError';
}

/** The request never got an answer: network failure or timeout (retried first). */
export class CatalogConnectionError extends Error {
  /** True for an error of this class made by any copy of the SDK in the process (ESM or CommonJS build). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isInstance(this, value);
  }
  override name = 'CatalogConnectionError';
  constructor(
    message: string,
    /** True when the per-request timeout ran out. */
    readonly timedOut: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

brand({ CatalogApiError, AuthenticationError, InvalidRequestError, NotFoundError, RailClosedError, VersionGoneError, RateLimitError, ServerError, CatalogConnectionError });

/** The typed error of a status. */
export function errorFor(status: number, code: string, message: string, param: string | undefined, requestId: string | undefined, retryAfter?: number): CatalogApiError {
  const Type =
    status === 401 ? AuthenticationError
    : status === 400 ? InvalidRequestError
    : status === 404 ? NotFoundError
    : status === 409 ? RailClosedError
    : status === 410 ? VersionGoneError
    : status === 429 ? RateLimitError
    : status >= 500 ? ServerError
    : CatalogApiError;
  return new Type(message, status, code, param, requestId, retryAfter);
}
