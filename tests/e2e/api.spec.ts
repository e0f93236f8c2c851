import { expect, test } from '@playwright/test';

test('the built server answers health and JSON 404s over HTTP', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite' });
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('not_found');
});
