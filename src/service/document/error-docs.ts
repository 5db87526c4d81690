import { ERRORS, type ErrorId } from '../edge/errors.js';
import { routeDeclarations } from '../routes.js';
import { sharedErrors } from '../resources/route.js';

/** The markers of docs/service.md between which `npm run docs:errors` writes the tables below. */
export const ERROR_DOCS_MARKERS = { start: '<!-- errors: written by npm run docs:errors -->', end: '<!-- end of errors -->' } as const;

/** The error table: one row per error of src/service/edge/errors.ts. */
function errorTable(): string[] {
  const rows = Object.entries(ERRORS).map(([id, e]) => `| \`${id}\` | ${e.status} | \`${e.code}\` | ${e.when} | \`${e.message}\` |`);
  return ['| Case | HTTP | `code` | When | Message |', '|---|---|---|---|---|', ...rows];
}

/** The errors of each route, from its declaration: those of its own, then those the app answers around it (sharedErrors). */
function routeTable(): string[] {
  const list = (ids: readonly ErrorId[]) => ids.map((id) => `\`${id}\``).join(', ');
  const everyGet = sharedErrors({ method: 'GET', auth: false });
  const keyed = sharedErrors({ method: 'GET', auth: true }).filter((id) => !everyGet.includes(id));
  const rows = routeDeclarations().map((route) => `| ${route.method} ${route.path} | ${route.auth ? 'yes' : 'no'} | ${list(route.errors) || 'none'} |`);
  return [
    `Besides its own errors, every route answers ${list(everyGet)} (a POST route \`post_only\` instead of \`method_not_allowed\`); a route with a key also ${list(keyed)}.`,
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
