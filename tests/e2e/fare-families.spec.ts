import { expect, type Locator, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/a11y';
import { toastsClosed, travelDate, signUpByApi } from './support/fixtures';
import { expectFocusVisible, pressKey, tabTo } from './support/focus';

/**
 * Fare families as a traveller (issue 25): a results card's fares side by side, the booking
 * screen's family picker with the rules in words, the changed total, the sandbox payment, and the
 * family, its rules and the fare breakdown on the ticket. Keyboard only where it matters (the
 * panel and the picker), axe in light and dark on each screen.
 */

const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/screens';

/** axe in the light palette, then the dark one, then back to light. */
async function scanBothThemes(page: Page) {
  await toastsClosed(page);
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
}

/** Screenshots of one part of the screen at phone and desktop widths, light and dark (E2E_SCREENSHOTS=1). */
async function shoot(page: Page, part: Locator, name: string) {
  if (!process.env.E2E_SCREENSHOTS) return;
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // No page-level horizontal scroll at any width (once the layout has followed the new width).
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), { message: `${name} at ${width}px scrolls sideways` })
        .toBeLessThanOrEqual(0);
      await part.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.setViewportSize(size);
}

/** A pattern for a name at the start of an accessible name ("Saver + Value" has regex characters). */
function startsWith(name: string | undefined): RegExp {
  return new RegExp(`^${(name ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
}

/** The whole-rupee amount in a price text ("₹12,345" → 12345). */
function rupees(text: string | null): number {
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

async function openFirstCardFares(page: Page) {
  await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(9)}&cabin=economy&adults=1&children=0&infants=0`);
  const card = page.locator('article.flight-card').first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  const view = card.getByRole('button', { name: 'View fares' });
  await expect(view).toHaveAttribute('aria-expanded', 'false');
  // Keyboard: focus the button as Tab would, open with Enter.
  await view.focus();
  await expectFocusVisible(page);
  await pressKey(page, 'Enter');
  await expect(view).toHaveAttribute('aria-expanded', 'true');
  const panel = card.locator('.fc-families');
  await expect(panel.getByRole('list', { name: 'Fare options' })).toBeVisible({ timeout: 10_000 });
  return { card, panel };
}

test.describe('fare families', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a traveller compares the fares, picks another family while booking, pays, and finds it on the ticket', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'fares');
    const { card, panel } = await openFirstCardFares(page);
    const cardPrice = rupees(await card.locator('.fc-amount').textContent());

    // Every family side by side: the cheapest first at the card's own price, each with its terms and a Book.
    const families = panel.getByRole('listitem');
    expect(await families.count()).toBeGreaterThanOrEqual(2);
    const names = (await panel.getByRole('heading', { level: 4 }).allTextContents()).map((n) => n.trim());
    expect(rupees(await families.first().locator('.fam-price strong').textContent())).toBe(cardPrice);
    for (const term of ['Checked bag', 'Cabin bag', 'Seat', 'Meal', 'Change', 'Cancellation']) {
      await expect(families.first().getByText(term, { exact: true })).toBeVisible();
    }
    await scanBothThemes(page);
    await shoot(page, card, 'panel');

    // Keyboard through the panel to the cheapest family's Book.
    await tabTo(page, panel.getByRole('link', { name: `Book ${names[0] ?? ''}` }), { max: 12 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/result\/book$/);

    // The picker: the cheapest chosen, every family's rules in words visible before choosing.
    const picker = page.getByRole('group', { name: 'Fare options' });
    await expect(picker).toBeVisible({ timeout: 10_000 });
    const first = picker.getByRole('radio', { name: startsWith(names[0]) });
    const second = picker.getByRole('radio', { name: startsWith(names[1]) });
    await expect(first).toBeChecked();
    await expect(second).not.toBeChecked();
    const rules = picker.locator('.fam-option').nth(1).locator('.fam-rules li');
    expect(await rules.count()).toBeGreaterThanOrEqual(3);
    await expect(picker.locator('.fam-option').nth(1).getByText(/taxes and airport charges are always refunded/i)).toBeVisible();
    const total = page.getByTestId('running-total');
    const before = rupees(await total.textContent());
    expect(before).toBe(cardPrice);

    // Keyboard: the radio group moves with the arrow keys.
    await first.focus();
    await expectFocusVisible(page);
    await pressKey(page, 'ArrowDown');
    await expect(second).toBeChecked();
    await expect(second).toBeFocused();
    await expect(page.locator('.book-family')).toContainText(names[1] ?? '');
    await expect.poll(async () => rupees(await total.textContent()), { timeout: 10_000 }).toBeGreaterThan(before);
    const after = rupees(await total.textContent());
    await scanBothThemes(page);
    await shoot(page, picker, 'picker');

    // Book and pay.
    const pax = page.getByTestId('passenger-card').first();
    await pax.getByLabel('Title').selectOption('Mr');
    await pax.getByLabel('First name').fill('Rahul');
    await pax.getByLabel('Last name').fill('Sharma');
    await pax.getByLabel('Date of birth').fill('1990-05-24');
    await pax.getByLabel('Mobile number').fill('9876543210');
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByTestId('pay-total')).toHaveText(`₹${after.toLocaleString('en-IN')}`);
    await expect(page.locator('.pay-facts')).toContainText(names[1] ?? '');
    await page.getByText('Fare breakdown', { exact: true }).click();
    const payBreakdown = page.locator('.pay-details .fb');
    await expect(payBreakdown.getByRole('rowheader', { name: 'Base fare' })).toBeVisible();
    await expect(payBreakdown.getByTestId('breakdown-total')).toHaveText(`₹${after.toLocaleString('en-IN')}`);
    await shoot(page, page.locator('.pay-summary'), 'payment-breakdown');

    await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
    await dialog.getByLabel('Card number').fill('4111111111111111');
    await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
    await dialog.getByLabel('CVV').fill('123');
    await dialog.getByLabel('Name on card').fill('Rahul Sharma');
    const ticketTab = page.context().waitForEvent('page', { timeout: 15_000 }).catch(() => null);
    await dialog.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByText(/Booking confirmed! Your PNR is [A-Z0-9]{6}/)).toBeVisible({ timeout: 15_000 });
    await (await ticketTab)?.close();
    await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
    await page.getByTestId('booking-row').first().getByRole('link', { name: 'View Ticket' }).click();

    // The ticket: the family, its rules in words and the breakdown line by line.
    await expect(page).toHaveURL(/\/ticket\/BK\d+/);
    await expect(page.getByRole('heading', { level: 2, name: `Fare: ${names[1] ?? ''}` })).toBeVisible({ timeout: 10_000 });
    const ticketRules = page.getByRole('region', { name: `Fare rules: ${names[1] ?? ''}` });
    await expect(ticketRules.getByText(/taxes and airport charges are always refunded/i)).toBeVisible();
    const fare = page.getByRole('region', { name: /^Fare: / });
    for (const line of ['Base fare', 'Fuel and airline charge (YQ)', 'GST']) {
      await expect(fare.getByRole('rowheader', { name: line }).first()).toBeVisible();
    }
    await expect(fare.getByTestId('breakdown-total')).toHaveText(`₹${after.toLocaleString('en-IN')}`);
    await scanBothThemes(page);
    await shoot(page, fare, 'ticket-breakdown');
    await shoot(page, ticketRules, 'ticket-rules');
  });

  test('Book on a family other than the cheapest opens the booking screen with that family chosen', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'fares');
    const { panel } = await openFirstCardFares(page);
    const names = (await panel.getByRole('heading', { level: 4 }).allTextContents()).map((n) => n.trim());
    const price = rupees(await panel.getByRole('listitem').nth(1).locator('.fam-price strong').textContent());
    await panel.getByRole('link', { name: `Book ${names[1] ?? ''}` }).click();
    await expect(page).toHaveURL(/\/result\/book$/);
    const picker = page.getByRole('group', { name: 'Fare options' });
    await expect(picker.getByRole('radio', { name: startsWith(names[1]) })).toBeChecked({ timeout: 10_000 });
    await expect.poll(async () => rupees(await page.getByTestId('running-total').textContent()), { timeout: 10_000 }).toBe(price);
  });

  test("Explore's route details show each airline's fare families with their rules in words", async ({ page }) => {
    await page.goto('/explore');
    await expect(page.getByText(/^\d+ routes found$/)).toBeVisible({ timeout: 20_000 });
    await page.getByPlaceholder('Search destinations...').fill('paris');
    await page.getByTestId('route-card').first().getByRole('button', { name: /^View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'London → Paris' });
    const rules = dialog.locator('details.details-family');
    await expect(rules.first()).toBeVisible({ timeout: 10_000 });
    expect(await rules.count()).toBeGreaterThanOrEqual(2);
    // Keyboard: a family's rules open from its summary.
    await tabTo(page, rules.first().locator('summary'), { max: 20 });
    await pressKey(page, 'Enter');
    await expect(rules.first()).toHaveAttribute('open', '');
    await expect(rules.first().getByText(/taxes and airport charges are always refunded/i)).toBeVisible();
    await expect(dialog.getByText(/Standard allowance|As per airline policy|Check with airline/)).toHaveCount(0);
    await scanBothThemes(page);
    await shoot(page, dialog, 'explore-details');
  });
});
