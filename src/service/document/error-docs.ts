import { ERRORS, type ErrorId } from '../edge/errors.js';
import { routeDeclarations } from '../routes.js';

/** The markers of docs/service.md between which `npm run docs:errors` writes the tables below. */
export const ERROR_DOCS_MARKERS = { start: '<!-- errors: written by npm run docs:errors -->', end: '<!-- end of errors -->' } as const;

/** What every route answers besides its own errors: the key, the rate limit, another method, an unreadable request. */
const EVERY_ROUTE: readonly ErrorId[] = ['method_not_allowed', 'bad_request', 'request_timeout', 'headers_too_large', 'internal_error'];
const KEYED: readonly ErrorId[] = ['missing_credential', 'wrong_scheme', 'invalid_credential', 'key_in_query', 'rate_limited'];

/** The error table: one row per error of src/service/edge/errors.ts. */
function errorTable(): string[] {
  const rows = Object.entries(ERRORS).map(([id, e]) => `| \`${id}\` | ${e.status} | \`${e.code}\` | ${e.when} | \`${e.message}\` |`);
  return ['| Case | HTTP | `code` | When | Message |', '|---|---|---|---|---|', ...rows];
}

/** The errors of each route, from its declaration: those of its own, then those every (keyed) route answers. */
function routeTable(): string[] {
  const rows = routeDeclarations().map((route) => {
    const own = route.errors.map((id) => `\`${id}\``).join(', ') || 'none';
    return `| ${route.method} ${route.path} | ${route.auth ? 'yes' : 'no'} | ${own} |`;
  });
  const shared = (ids: readonly ErrorId[]) => ids.map((id) => `\`${id}\``).join(', ');
  return [
    `Besides its own errors, every route answers ${shared(EVERY_ROUTE)}; a route with a key also ${shared(KEYED)}.`,
    '',
    '| Route | Key | Its own errors |',
    '|---|---|---|',
    ...rows,
  ];
}

/** The text between the markers of docs/service.md: the error table, then the errors by route. */
export function errorDocs(): string {
  return [...errorTable(), '', ...routeTable()].join('\n');
}
