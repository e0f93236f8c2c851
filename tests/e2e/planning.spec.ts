import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { type OwnServer, startServer } from './support/server';
import { pickFirstAirport, signUpByApi } from './support/fixtures';

/** Opens the planner and enters Delhi → Goa → Mumbai (the dialog's default dates). */
async function planThreeCities(page: Page) {
  await page.getByRole('button', { name: 'Multi-City' }).click();
  const dialog = page.getByRole('dialog', { name: 'Multi-City Trip Planner' });
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'From (origin)' }), 'DEL');
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 2' }), 'GOI');
  await dialog.getByRole('button', { name: 'Add City' }).click();
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 3' }), 'BOM');
  return dialog;
}

test.describe('trip plans and recommendations', () => {
  test('signed in: plan 3 cities in both modes, save on the server, see it on the profile and book a leg; axe light and dark', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signUpByApi(page, baseURL ?? '', 'plan');
    await page.goto('/home');
    const dialog = await planThreeCities(page);
    await dialog.getByRole('button', { name: 'Optimize Route' }).click();
    await expect(page.getByText('Route optimized for cost!')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Shortest time' }).check();
    await dialog.getByRole('button', { name: 'Optimize Route' }).click();
    await expect(page.getByText('Route optimized for time!')).toBeVisible();
    const result = dialog.getByRole('region', { name: 'Your trip' });
    await expect(result.locator('.mc-leg')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });

    await dialog.getByRole('button', { name: 'Save Trip Plan' }).click();
    await expect(page.getByText('Trip plan saved! You can now proceed to book individual flights.')).toBeVisible();
    const saved = (await (await page.request.get('/api/trip-plans')).json()) as { plans: { title: string; plan: { mode: string } }[] };
    expect(saved.plans.map((p) => [p.title, p.plan.mode])).toEqual([['New Delhi → Goa → Mumbai', 'time']]);
    // Signed in, nothing goes to the browser's own list.
    expect(await page.evaluate(() => localStorage.getItem('safar:multi-city-plans'))).toBeNull();
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    const plan = page.getByTestId('trip-plan');
    await expect(plan).toHaveCount(1);
    await expect(plan.getByRole('heading', { name: 'New Delhi → Goa → Mumbai' })).toBeVisible();
    await expect(plan.getByRole('link', { name: /^Book / })).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: 'light' });

    // Keyboard only: Book the second leg opens the booking screen with that flight.
    await plan.getByRole('link', { name: 'Book Goa to Mumbai' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/result\/book$/);
    await expect(page.getByText('GOI').first()).toBeVisible();
    await expect(page.getByText('BOM').first()).toBeVisible();
  });

  test('smart recommendations by keyboard: the switch is remembered, choosing one fills the search form; axe light and dark', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/home');
    const toggle = page.getByRole('switch', { name: 'Show recommendations' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    const cards = page.locator('.recs-card');
    // The first answer for an origin prices every destination (warmed for Delhi at start-up).
    await expect(cards.first()).toBeVisible({ timeout: 60_000 });
    expect(await cards.count()).toBeLessThanOrEqual(4);
    await expect(page.getByText(/^From New Delhi \(DEL\) at or below ₹20,000/)).toBeVisible();
    await expectNoAxeViolations(page);

    // A small budget shows fewer (or no) destinations, each at or below it.
    await page.getByLabel('Budget per adult (₹, all-in)').fill('500');
    await expect(page.getByText('Budget must be at least ₹1,000')).toBeVisible();
    await page.getByLabel('Budget per adult (₹, all-in)').fill('20000');

    const choose = cards.first().getByRole('button', { name: /^Choose / });
    const name = ((await choose.getAttribute('aria-label')) ?? '').replace(/^Choose /, '');
    await choose.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Selected ${name} - Great choice!`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('New Delhi (DEL)');
    await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(new RegExp(`^${name} \\([A-Z]{3}\\)$`));
    await expect(page.getByLabel('Departure Date')).not.toHaveValue('');

    // Remembered on this device; dark mode is clean too.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Show recommendations' })).toHaveAttribute('aria-checked', 'true');
    await expect(cards.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoAxeViolations(page);
    await page.getByRole('switch', { name: 'Show recommendations' }).click();
    await expect(cards).toHaveCount(0);
  });
});

test.describe('trip plans offline', () => {
  // Its own server next to the suite's, so the test can stop it: offline means the server is gone.
  const PORT = Number(process.env.E2E_PORT ?? 3100) + 6;
  const ORIGIN = `http://localhost:${PORT}`;
  let server: OwnServer | undefined;
  const started: OwnServer[] = [];
  const start = async (dataDir: string) => {
    server = await startServer({ port: PORT, dataDir });
    started.push(server);
    return server;
  };
  test.use({ baseURL: ORIGIN });
  test.afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.stop()));
  });

  test('a plan saved offline waits in the queue and is on the server after reconnecting', async ({ page, context }) => {
    test.setTimeout(150_000);
    const dir = `.test-data/planning-offline-${Date.now()}`;
    server = await start(dir);
    await signUpByApi(page, ORIGIN, 'plan');
    await page.goto('/home');
    const dialog = await planThreeCities(page);
    await dialog.getByRole('button', { name: 'Optimize Route' }).click();
    // This server has just started: its first plan builds the search graph (seconds on a loaded CI machine).
    await expect(page.getByText('Route optimized for cost!')).toBeVisible({ timeout: 30_000 });

    await server?.stop();
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Save Trip Plan' }).click();
    await expect(page.getByText(/Trip plan DEL → .* will be sent when you're back online/)).toBeVisible();

    server = await start(dir);
    await context.setOffline(false);
    // The queue is replayed (with its Idempotency-Key) and the server has the plan once.
    await expect
      .poll(async () => ((await (await page.request.get('/api/trip-plans')).json()) as { plans: unknown[] }).plans.length, { timeout: 45_000 })
      .toBe(1);
    await expect(page.getByText('Offline data synced successfully!')).toBeVisible({ timeout: 45_000 });
  });
});
