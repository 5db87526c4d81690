import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_DOCS_MARKERS, errorDocs } from '../../src/service/document/error-docs.js';
import { openApiDocument } from '../../src/service/document/openapi.js';
import { routeDeclarations } from '../../src/service/routes.js';
import { AUTH, fixtureSeed, makeApp } from './helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const doc = openApiDocument() as { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; example?: string }> }>> };

/** A concrete URL of a documented path: each path parameter replaced by the document's example of it. */
function exampleUrl(documented: string, method: string): string {
  const parameters = doc.paths[documented]?.[method]?.parameters ?? [];
  return documented.replace(/\{([A-Za-z]+)\}/g, (_, name) => String(parameters.find((p) => p.in === 'path' && p.name === name)?.example));
}

describe('the route declarations', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await makeApp(await fixtureSeed())).app;
  });

  const declared = routeDeclarations().map((route) => [`${route.method} ${route.path}`, route] as const);

  it.each(declared)('%s is a path of the OpenAPI document with its method', (_, route) => {
    expect(Object.keys(doc.paths[route.path] ?? {})).toContain(route.method.toLowerCase());
  });

  it('the document has no path that is not declared, in the order of the declarations', () => {
    expect(Object.keys(doc.paths)).toEqual(routeDeclarations().map((route) => route.path));
  });

  // Another method on a route is 405 (with the methods it takes); on a path no route declares, 404.
  const methods = [
    ...declared.map(
      ([name, route]) => [name, exampleUrl(route.path, route.method.toLowerCase()), 405, route.method === 'POST' ? 'POST' : 'GET, HEAD'] as const,
    ),
    ['an undeclared path', '/api/v1/nothing', 404, undefined] as const,
    ['an undeclared file of the docs', '/docs/nothing.js', 404, undefined] as const,
  ];
  it.each(methods)('DELETE on %s (%s) is %s', async (_, url, status, allow) => {
    const response = await app.inject({ method: 'DELETE', url, headers: AUTH });
    expect(response.statusCode).toBe(status);
    expect(response.headers.allow).toBe(allow);
  });
});

describe('the query parameters a route declares', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = (await makeApp(await fixtureSeed())).app;
  });

  const said = (names: readonly string[]) => (names.length === 0 ? 'no parameter' : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`);
  // The GET routes that refuse what they do not know: the message names the parameters the declaration gives.
  const refusing = routeDeclarations()
    .filter((route) => route.method === 'GET' && route.errors.includes('unknown_param'))
    .map((route) => [`${route.method} ${route.path}`, exampleUrl(route.path, 'get'), said(route.params)] as const);
  it.each(refusing)('%s refuses an unknown parameter, naming %s', async (_, url, allowed) => {
    const response = await app.inject({ method: 'GET', url: `${url}?unknown=1`, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(`Unknown parameter "unknown": this endpoint accepts ${allowed}.`);
  });
});

describe('the errors of docs/service.md', () => {
  it('are written from the error table and the declarations (npm run docs:errors)', () => {
    const text = readFileSync(path.join(ROOT, 'docs/service.md'), 'utf8');
    const start = text.indexOf(ERROR_DOCS_MARKERS.start) + ERROR_DOCS_MARKERS.start.length;
    const end = text.indexOf(ERROR_DOCS_MARKERS.end);
    expect(text.slice(start, end).trim()).toBe(errorDocs());
  });

  it.each(routeDeclarations().map((route) => [`${route.method} ${route.path}`, route] as const))('%s has a row with its own errors', (name, route) => {
    const row = errorDocs()
      .split('\n')
      .find((line) => line.startsWith(`| ${name} |`));
    for (const id of route.errors) expect(row).toContain(`\`${id}\``);
  });
});
