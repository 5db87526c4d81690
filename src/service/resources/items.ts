import { JSON_TYPE } from '../edge/answers.js';
import { bundledExamples } from '../document/examples.js';
import { DATA_HEADERS, DATA_NOT_MODIFIED, errorResponse, json, NO_QUERY, ref, whenOf } from '../document/parts.js';
import { sendError } from '../edge/answers.js';
import { Representation } from '../representation/representation.js';
import { at, endpoints, type EndpointDef, type EndpointName } from './endpoints.js';
import { defineRoute, digest, noQuery, type Handler, type RouteContext, type RouteDeclaration } from './route.js';

/**
 * How a path parameter of an item endpoint is checked and shown in messages. Its pattern is the seed schema's (the
 * definition named here), so that the route takes every id a seed can hold and refuses the others as malformed.
 */
export const ITEM_IDS: Record<EndpointName, { param: 'id' | 'code'; definition: string; what: string; example: string; noun: string; upper: boolean }> = {
  rails: {
    param: 'id',
    definition: 'railId',
    what: 'a rail id: two capital letters, a hyphen, then lowercase letters, digits and underscores',
    example: 'BR-pix',
    noun: 'rail',
    upper: false,
  },
  assets: {
    param: 'id',
    definition: 'assetId',
    what: 'an asset id: lowercase letters, digits and underscores',
    example: 'usdc',
    noun: 'asset',
    upper: false,
  },
  countries: {
    param: 'code',
    definition: 'countryCode',
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

/** How the document shows each item: its operation's name, the pattern of its id, its schema component. */
const DOCUMENTED: Record<EndpointName, { name: string; schema: string; sample: 'rail' | 'asset' | 'country' }> = {
  rails: { name: 'Rail', schema: 'rail', sample: 'rail' },
  assets: { name: 'Asset', schema: 'asset', sample: 'asset' },
  countries: { name: 'Country', schema: 'country', sample: 'country' },
};

/** The seed schema's pattern of an item's id or code. */
function idPatternText(endpoint: EndpointName): string {
  return at(`/definitions/${ITEM_IDS[endpoint].definition}`).pattern as string;
}

/** What an item's id or code must match (a country code once uppercased): every id the seed can hold. */
export function idPattern(endpoint: EndpointName): RegExp {
  return new RegExp(idPatternText(endpoint));
}

/** The pattern the document gives: the seed's, with any case for a country code. */
const documentedPattern = (endpoint: EndpointName) =>
  ITEM_IDS[endpoint].upper ? idPatternText(endpoint).replace('[A-Z]', '[A-Za-z]') : idPatternText(endpoint);

/** The GET operation of one item. */
function itemOperation(endpoint: EndpointDef): Record<string, unknown> {
  const { param, example, noun: what } = ITEM_IDS[endpoint.name];
  const { name, schema, sample } = DOCUMENTED[endpoint.name];
  const pattern = documentedPattern(endpoint.name);
  return {
    get: {
      operationId: `get${name}`,
      tags: ['Catalog'],
      summary: `One ${what} by ${param}`,
      description: `The same JSON as in ${endpoint.path}; closed and refused entries are returned like any other. ${NO_QUERY}`,
      parameters: [{ name: param, in: 'path', required: true, description: `The ${what}'s ${param}.`, schema: { type: 'string', pattern }, example }],
      responses: {
        '200': { description: `The ${what}.`, headers: DATA_HEADERS, content: json(ref.schema(schema), bundledExamples()?.[sample]) },
        '304': DATA_NOT_MODIFIED,
        '400': errorResponse(`invalid_request: the ${param} is not well-formed (param: ${param}), or a query parameter was given. ${whenOf('invalid_id')}.`),
        '404': errorResponse(`not_found: no ${what} has this ${param}.`),
      },
    },
  };
}

/** The handler of one item by id or code (cached and compressed by the app's response cache). */
function itemHandler(endpoint: EndpointDef, { store, responses }: RouteContext): Handler {
  const spec = ITEM_IDS[endpoint.name];
  const pattern = idPattern(endpoint.name);
  return (request, reply) => {
    if (!noQuery(request, reply)) return reply;
    const raw = (request.params as Record<string, string>)[spec.param];
    if (raw === '') return sendError(reply, { id: 'not_found' });
    const key = spec.upper && /^[A-Za-z]{2}$/.test(raw) ? raw.toUpperCase() : raw;
    if (!pattern.test(key)) return sendError(reply, { id: 'invalid_id', param: spec.param, vars: { what: spec.what, example: spec.example } });
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
  };
}

/** One item by id or code, for each list endpoint (behind the key). */
export function itemRoutes(): RouteDeclaration[] {
  return Object.values(endpoints()).map((endpoint) =>
    defineRoute({
      path: `${endpoint.path}/{${ITEM_IDS[endpoint.name].param}}`,
      auth: true,
      params: [],
      negotiated: true,
      errors: ['unknown_param', 'invalid_id', 'item_not_found', 'not_found'],
      document: () => itemOperation(endpoint),
      handler: (context) => itemHandler(endpoint, context),
    }),
  );
}
