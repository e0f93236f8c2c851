import { expect, test } from '@playwright/test';
import type { ApiErrorBody } from '../../src/core/error-body';

test('the built server answers health and JSON 404s over HTTP', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', db: 'pglite', supplier: 'world' });
  const missing = await request.get('/api/nope');
  expect(missing.status()).toBe(404);
  expect(((await missing.json()) as ApiErrorBody).error.code).toBe('not_found');
});
