import { describe, expect, it } from 'vitest';
import { fixtureSeed, get, makeApp } from './helpers.js';

/** Sources are published: the seed carries them and the API serves them as an extension field of each rail. */
describe('rail sources in the API', () => {
  it("serves each rail's sources as the catalog wrote them, and describes them in the OpenAPI document", async () => {
    const seed = await fixtureSeed();
    const { app } = await makeApp(seed);
    const res = await get(app, '/api/v1/rails?country=BR&phase=live');
    expect(res.statusCode).toBe(200);
    const pix = res.json().data.find((r: { id: string }) => r.id === 'BR-pix');
    expect(pix.sources).toEqual([{ url: 'https://www.bcb.gov.br/estabilidadefinanceira/pix', title: 'Pix, Banco Central do Brasil', checked: '2026-10-01' }]);
    const openapi = (await get(app, '/api/v1/openapi.json')).json();
    expect(openapi.components.schemas.rail.properties.sources.items).toEqual({ $ref: '#/components/schemas/source' });
    expect(Object.keys(openapi.components.schemas.source.properties)).toEqual(['url', 'title', 'checked', 'supports']);
    expect(Object.keys(openapi.components.schemas.source.properties.supports.items.properties)).toEqual(['pointer', 'quote']);
    expect(openapi.components.schemas.rail.required).not.toContain('sources');
  });

  it("serves each rail's decisions, the values no source states, with their reasons", async () => {
    const { app } = await makeApp(await fixtureSeed());
    const pix = (await get(app, '/api/v1/rails/BR-pix')).json();
    expect(pix.decisions).toContainEqual({ pointer: '/limits', reason: 'Our per-payout minimum and cap.' });
    const openapi = (await get(app, '/api/v1/openapi.json')).json();
    expect(Object.keys(openapi.components.schemas.rail.properties.decisions.items.properties)).toEqual(['pointer', 'reason']);
  });

  it('does not publish the country policy: no policy list in the seed', async () => {
    const seed = await fixtureSeed();
    expect(Object.keys(seed).sort()).toEqual(['assets', 'countries', 'meta', 'rails']);
  });
});
