/** What /metrics answers to a request it refuses: each names CATALOG_METRICS_TOKEN and the metrics token. */
import { describe, expect, it } from 'vitest';
import { ServiceMetrics } from '../../src/service/operations/metrics.js';
import { AUTH, fixtureSeed, makeApp } from './helpers.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

describe('/metrics refusals say what to set and send', () => {
  it.each([
    [
      'no metrics token configured, a client key',
      false,
      AUTH,
      404,
      'not_found',
      /^Metrics are off on this replica: start catalog serve with CATALOG_METRICS_TOKEN=/,
    ],
    ['no metrics token configured, nothing sent', false, {}, 404, 'not_found', /CATALOG_METRICS_TOKEN.*"Authorization: Bearer <that token>"/],
    ['a client key', true, AUTH, 401, 'unauthorized', /^\/metrics takes the metrics token, not an API key: .*CATALOG_METRICS_TOKEN/],
    ['nothing', true, {}, 401, 'unauthorized', /metrics token.*CATALOG_METRICS_TOKEN/],
    ['a wrong token', true, { authorization: 'Bearer not-the-metrics-token-000000' }, 401, 'unauthorized', /CATALOG_METRICS_TOKEN/],
  ] as const)('%s: %i', async (_what, configured, headers, status, code, message) => {
    const metrics = configured ? new ServiceMetrics(TOKEN, { replica: 'test' }) : undefined;
    const { app } = await makeApp(await fixtureSeed(), { metrics });
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { ...headers } });
    expect(res.statusCode).toBe(status);
    const error = res.json().error;
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    // Neither is the API's answer: no list of the API's paths, no word about API keys being invalid.
    expect(error.message).not.toMatch(/\/api\/v1\/rails|The API key is not valid/);
    if (status === 401) expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
  });

  it('the metrics token still opens them', async () => {
    const { app } = await makeApp(await fixtureSeed(), { metrics: new ServiceMetrics(TOKEN, { replica: 'test' }) });
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(200);
  });
});
