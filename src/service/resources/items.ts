import { JSON_TYPE } from '../edge/answers.js';
import { endpoints, type EndpointDef, type EndpointName } from './endpoints.js';
import { digest, noQuery, type ClientRoute, type ClientRouteContext } from './route.js';
import { Representation } from '../representation/representation.js';

/** How a path parameter of an item endpoint is checked and shown in messages. */
export const ITEM_IDS: Record<EndpointName, { param: 'id' | 'code'; pattern: RegExp; what: string; example: string; noun: string; upper: boolean }> = {
  rails: {
    param: 'id',
    pattern: /^[A-Z]{2}-[a-z0-9_]{1,60}$/,
    what: 'a rail id: two capital letters, a hyphen, then lowercase letters, digits and underscores',
    example: 'BR-pix',
    noun: 'rail',
    upper: false,
  },
  assets: {
    param: 'id',
    pattern: /^[a-z0-9_]{1,64}$/,
    what: 'an asset id: lowercase letters, digits and underscores',
    example: 'usdc',
    noun: 'asset',
    upper: false,
  },
  countries: {
    param: 'code',
    pattern: /^[A-Z]{2}$/,
    what: 'an ISO 3166-1 alpha-2 country code (two letters, any case)',
    example: 'BR',
    noun: 'country',
    upper: true,
  },
};

/** Position of a key in a view's sorted keys, or -1. */
export function indexOfKey(keys: string[], key: string): number {
  let lo = 0;
  let hi = keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const k = keys[mid];
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** One item by id or code, for each list endpoint (behind the key, cached and compressed by the app's response cache). */
export function itemRoutes(ctx: ClientRouteContext): ClientRoute[] {
  const { store, responses, sendError } = ctx;
  const routes: ClientRoute[] = [];

  for (const endpoint of Object.values(endpoints()) as EndpointDef[]) {
    const spec = ITEM_IDS[endpoint.name];
    routes.push({
      path: `${endpoint.path}/:${spec.param}`,
      auth: true,
      params: [],
      handler(request, reply) {
        if (!noQuery(ctx, request, reply)) return reply;
        const raw = (request.params as Record<string, string>)[spec.param];
        if (raw === '') return sendError(reply, { id: 'not_found' });
        const key = spec.upper && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : raw;
        if (!spec.pattern.test(key)) return sendError(reply, { id: 'invalid_id', param: spec.param, vars: { what: spec.what, example: spec.example } });
        const snapshot = store.current;
        const view = snapshot.views[endpoint.name];
        const i = indexOfKey(view.keys, key);
        if (i === -1)
          return sendError(reply, {
            id: 'item_not_found',
            param: spec.param,
            vars: { what: spec.noun, key: spec.param, id: JSON.stringify(key), list: endpoint.path },
          });
        reply.header('cache-control', 'private').header('catalog-version', snapshot.version);
        const etag = `"${snapshot.version}-${digest(`${endpoint.name}/${key}`)}"`;
        return responses.send(request, reply, `${snapshot.version}\nitem\n${endpoint.name}\n${key}`, () => new Representation(view.items[i], etag), JSON_TYPE);
      },
    });
  }
  return routes;
}
