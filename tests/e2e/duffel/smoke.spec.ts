import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { scanLightAndDark } from '../support/a11y';
import { fakeControl } from './support/fake';

test.describe('the app selling through Duffel (contract fake)', () => {
  test('health names the Duffel supplier, Home loads and is axe clean', async ({ page, request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ supplier: 'duffel' });
    const fake = await fakeControl('/_fake/health', z.object({ ready: z.boolean() }));
    expect(fake.ready).toBe(true);

    await page.goto('/');
    await expect(page.getByRole('form', { name: 'Search flights' })).toBeVisible();
    await scanLightAndDark(page);
  });
});
