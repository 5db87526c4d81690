import { bundledExamples } from '../document/examples.js';
import { DATA_HEADERS, DATA_NOT_MODIFIED, errorResponse, json, NO_QUERY, ref } from '../document/parts.js';
import { JSON_TYPE } from '../edge/answers.js';
import { Representation } from '../representation/representation.js';
import type { Snapshot } from '../representation/snapshot.js';
import { defineRoute, noQuery } from './route.js';

/** The whole catalog of a snapshot as one JSON document: the seed's shape (meta, rails, assets, countries). */
function catalogBody(snapshot: Snapshot): Buffer {
  const meta: Record<string, unknown> = { version: snapshot.version };
  if (snapshot.commit) meta.commit = snapshot.commit;
  meta.counts = snapshot.counts;
  const parts: Buffer[] = [Buffer.from(`{"meta":${JSON.stringify(meta)}`)];
  for (const name of ['rails', 'assets', 'countries'] as const) {
    parts.push(Buffer.from(`,"${name}":[`));
    snapshot.views[name].items.forEach((item, i) => {
      if (i > 0) parts.push(Buffer.from(','));
      parts.push(item);
    });
    parts.push(Buffer.from(']'));
  }
  parts.push(Buffer.from('}'));
  return Buffer.concat(parts);
}

/** The GET operation of the whole catalog. */
function catalogOperation(): Record<string, unknown> {
  const ex = bundledExamples();
  return {
    get: {
      operationId: 'getCatalog',
      tags: ['Catalog'],
      summary: 'The whole current catalog, for the daily refresh',
      description: `Rails, assets, countries and the seed version in one response. Strong ETag equal to the seed version ("<version>"; -br or -gz on a compressed body); send it in If-None-Match for a 304. ${NO_QUERY}`,
      responses: {
        '200': {
          description: 'The catalog.',
          headers: DATA_HEADERS,
          content: json(
            ref.schema('Catalog'),
            ex
              ? {
                  meta: { version: '0123456789abcdef', counts: { rails: 1, assets: 1, countries: 1 } },
                  rails: [ex.rail],
                  assets: [ex.asset],
                  countries: [ex.country],
                }
              : undefined,
          ),
        },
        '304': DATA_NOT_MODIFIED,
        '400': errorResponse('invalid_request: a query parameter was given.'),
      },
    },
  };
}

/** The whole catalog, for the daily refresh: ETag "<seed version>" (a compressed variant adds -br or -gz). */
export const catalogRoute = defineRoute({
  path: '/api/v1/catalog',
  auth: true,
  params: [],
  negotiated: true,
  errors: ['unknown_param'],
  document: catalogOperation,
  handler:
    ({ store, history, responses }) =>
    (request, reply) => {
      if (!noQuery(request, reply)) return reply;
      const snapshot = store.current;
      history.remember(snapshot);
      reply.header('cache-control', 'private').header('catalog-version', snapshot.version);
      return responses.send(
        request,
        reply,
        `${snapshot.version}\ncatalog`,
        () => new Representation(catalogBody(snapshot), `"${snapshot.version}"`),
        JSON_TYPE,
      );
    },
});
