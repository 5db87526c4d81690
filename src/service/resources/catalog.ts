import { JSON_TYPE } from '../edge/answers.js';
import { Representation } from '../representation/representation.js';
import type { Snapshot } from '../representation/snapshot.js';
import { noQuery, type ClientRoute, type ClientRouteContext } from './route.js';

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

/** The whole catalog, for the daily refresh: ETag "<seed version>" (a compressed variant adds -br or -gz). */
export function catalogRoute(ctx: ClientRouteContext): ClientRoute {
  const { store, history, responses } = ctx;
  return {
    path: '/api/v1/catalog',
    auth: true,
    params: [],
    handler(request, reply) {
      if (!noQuery(ctx, request, reply)) return reply;
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
  };
}
