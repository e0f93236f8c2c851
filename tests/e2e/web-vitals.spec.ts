import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { travelDate } from './support/fixtures';

// Layout stability and a clean console, the way a traveller's browser sees them: every screen loads
// without shifting what is already on screen and without errors in the console.

const PASSWORD = 'Safar-test-pass-1';

const RESULTS = `/result?from=DEL&to=BOM&date=${travelDate(14)}&cabin=economy&adults=1&children=0&infants=0`;

/** Starts recording layout shifts (not caused by input) before the page's own scripts run. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Collects console errors and uncaught exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('layout stability', () => {
  for (const width of [390, 1280]) {
    test(`Home and Results shift by at most 0.02 while loading (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 844 });
      await recordLayoutShifts(page);

      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02);

      await page.goto(RESULTS);
      await expect(page.getByRole('heading', { name: /\d+ of \d+ flights/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Fare calendar' }).getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBeLessThanOrEqual(0.02);
    });
  }

  test('Results draws the searched route and the fare calendar before the answer arrives', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/search?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(RESULTS);
    await expect(page.locator('.results-summary')).toContainText('DEL');
    await expect(page.locator('.results-summary')).toContainText('BOM');
    await expect(page.getByRole('region', { name: 'Fare calendar' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Searching flights…' })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { name: /\d+ of \d+ flights/ })).toBeVisible();
  });
});

test.describe('first paint', () => {
  test('a results page shows its heading and search before the script runs, exactly as the screen draws them', async ({ browser }) => {
    // Without JavaScript the page is what the server drew.
    const bare = await browser.newContext({ javaScriptEnabled: false });
    const before = await bare.newPage();
    await before.goto(RESULTS);
    await expect(before.getByRole('heading', { level: 1, name: 'Flight Results' })).toBeVisible();
    const served = await before.locator('.results-head').evaluate((el) => el.outerHTML);
    await bare.close();

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(RESULTS);
    await expect(page.getByRole('heading', { name: /\d+ of \d+ flights/ })).toBeVisible();
    expect(await page.locator('.results-head').evaluate((el) => el.outerHTML)).toBe(served);
    await context.close();
  });
});

test.describe('phone width', () => {
  for (const path of ['/', '/about', '/explore', RESULTS, '/login']) {
    test(`${path.includes('?') ? '/result with a search' : path} is no wider than a 390 px phone`, async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === RESULTS) await expect(page.getByRole('region', { name: 'Fare calendar' }).getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Content that scrolls sideways does so inside its own strip, never the whole page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }
});

test.describe('console', () => {
  const signedOut = ['/', '/home', '/about', '/explore', RESULTS, '/result', '/result/book', '/payment', '/login', '/signup', '/no-such-page'];

  for (const path of signedOut) {
    test(`no console errors on ${path.includes("?") ? "/result with a search" : path} (signed out)`, async ({ page }) => {
      const errors = collectErrors(page);
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('no console errors on the signed-in screens', async ({ page, baseURL }) => {
    const email = `vitals-${randomUUID().slice(0, 8)}@example.com`;
    const headers = { Origin: baseURL ?? 'http://localhost:3100', 'Content-Type': 'application/json' };
    expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
    expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
    const errors = collectErrors(page);
    for (const path of ['/profile', '/', RESULTS, '/result/book', '/payment', '/explore']) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(errors).toEqual([]);
  });
});
