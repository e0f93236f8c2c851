import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { toastsClosed, travelDate, signUpByApi } from './support/fixtures';
import { pressKey } from './support/focus';

/**
 * Seat selection at booking as a traveller (issue 27): the optional seat step on the payment
 * screen, skipping as prominent as choosing, a paid seat picked with the keyboard joining the
 * total, axe on the seat map in light and dark, and no sideways scroll at 320 px.
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/screens';

const rupees = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

test.describe('seat selection', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a traveller picks a paid seat by keyboard and sees it in the total', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'seats');
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(10)}&cabin=economy&adults=1&children=0&infants=0`);
    const card = page.locator('article.flight-card').first();
    await expect(card).toBeVisible({ timeout: 15_000 });
    await card.getByRole('button', { name: 'View fares' }).click();
    await card.locator('.fc-families').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/result\/book$/);
    const pax = page.getByTestId('passenger-card').first();
    await pax.getByLabel('Title').selectOption('Mr');
    await pax.getByLabel('First name').fill('Rahul');
    await pax.getByLabel('Last name').fill('Sharma');
    await pax.getByLabel('Date of birth').fill('1990-05-24');
    await pax.getByLabel('Mobile number').fill('9876543210');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    const before = rupees(await page.getByTestId('pay-total').textContent());

    // Skipping is offered next to choosing, the same kind of button; nothing chosen yet.
    const step = page.getByRole('region', { name: 'Seats (optional)' });
    await expect(step.getByRole('button', { name: 'Skip, assign me a free seat' })).toBeVisible();
    await step.getByRole('button', { name: 'Choose seats' }).click();
    const grid = step.getByRole('grid', { name: /Seat map/ });
    await expect(grid).toBeVisible({ timeout: 10_000 });
    await expect(step.getByText('free seat at confirmation')).toBeVisible();

    // Keyboard: from the first seat in the tab order, move with the arrows to a paid free seat, Enter picks.
    const paid = grid.locator('button.seat-map__seat--paid').first();
    const target = (await paid.getAttribute('data-seat')) ?? '';
    const label = (await paid.getAttribute('aria-label')) ?? '';
    expect(label).toMatch(/^\d+[A-Z], (window|middle|aisle), .*₹/);
    const focused = grid.locator('button[tabindex="0"]');
    await focused.focus();
    for (let i = 0; i < 400; i++) {
      const at = await page.evaluate(() => document.activeElement?.getAttribute('data-seat') ?? '');
      if (at === target) break;
      const [row, letter] = [Number(at.slice(0, -1)), at.slice(-1)];
      const [trow, tletter] = [Number(target.slice(0, -1)), target.slice(-1)];
      await pressKey(page, row !== trow ? (row < trow ? 'ArrowDown' : 'ArrowUp') : letter < tletter ? 'ArrowRight' : 'ArrowLeft');
    }
    await expect(page.locator(`button[data-seat="${target}"]`)).toBeFocused();
    await pressKey(page, 'Enter');
    const exit = step.getByRole('button', { name: `I meet these conditions: take ${target}` });
    if (await exit.isVisible().catch(() => false)) await exit.click();
    await expect(step.getByRole('status').filter({ hasText: `Seat ${target} chosen` })).toBeVisible({ timeout: 10_000 });
    await expect.poll(async () => rupees(await page.getByTestId('pay-total').textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    await expect(page.locator(`button[data-seat="${target}"]`)).toHaveAttribute('aria-pressed', 'true');

    // axe on the seat map, light and dark.
    await toastsClosed(page);
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

    // 320 px: no sideways scroll of the page (the map scrolls inside its own box).
    await page.setViewportSize({ width: 320, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await step.screenshot({ path: `${SHOTS}/seat-map-320.png` });
  });
});
