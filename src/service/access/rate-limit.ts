import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppOptions } from '../app-options.js';
import type { ServiceMetrics } from '../operations/metrics.js';
import { digestOf, type KeyRing } from './auth.js';

/**
 * Rate limits per API key (@fastify/rate-limit): counted in the onRequest phase, right after the key check, so that
 * a request over its limit is 429 whatever else is wrong with it (its method, its parameters, its body, which is
 * never read then). Only requests whose key was accepted count.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  rateLimit: NonNullable<AppOptions['rateLimit']>,
  keys: KeyRing,
  authenticated: WeakSet<FastifyRequest>,
  metrics?: ServiceMetrics,
): Promise<void> {
  const { default: rateLimitPlugin } = await import('@fastify/rate-limit');
  /** The key of a request that passed authentication: the hex SHA-256 of its Bearer token (never the token). */
  const keyOf = (request: FastifyRequest) => {
    // Stryker disable next-line StringLiteral: a request without a key is not counted (allowList), whatever its key
    const header = request.headers.authorization?.trim() ?? '';
    return digestOf(header.slice(header.indexOf(' ')).trim()).toString('hex');
  };
  const limitOf = (key: string) => (keys.limits.has(key) ? keys.limits.get(key)! : rateLimit.default);
  // Apart from the cast below: StrykerJS mutates nothing inside a TypeScript `as` expression.
  const options = {
    global: true,
    // Stryker disable next-line StringLiteral: onRequest is also @fastify/rate-limit's default hook
    hook: 'onRequest',
    enableDraftSpec: true,
    keyGenerator: keyOf,
    allowList: (request: FastifyRequest, key: string) => !authenticated.has(request) || limitOf(key) === null,
    // Stryker disable next-line OptionalChaining: a key without a limit never gets here (allowList lets it through first)
    max: (_request: FastifyRequest, key: string) => limitOf(key)?.max ?? 1,
    // Stryker disable next-line OptionalChaining: a key without a limit never gets here (allowList lets it through first)
    timeWindow: (_request: FastifyRequest, key: string) => limitOf(key)?.windowMs ?? 60_000,
    nameSpace: 'catalog-rl:',
    skipOnError: true,
    // Stryker disable next-line ConditionalExpression: redis: undefined is the in-process store too
    ...(rateLimit.redis ? { redis: rateLimit.redis as any } : {}),
    onExceeded: () => metrics?.rateLimited.inc(),
    errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) =>
      // Stryker disable next-line StringLiteral: the answer's message comes from the error table, not from this error
      Object.assign(new Error('rate limited'), { statusCode: context.statusCode, rateLimited: true }),
  };
  await app.register(rateLimitPlugin, options as any);
}
