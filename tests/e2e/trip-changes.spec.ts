import { mkdir } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { scanLightAndDark } from './support/a11y';
import { travelDate, signUpByApi } from './support/fixtures';
import { expectAnnounced, expectFocusVisible, pressKey, tabTo, watchLiveRegions } from './support/focus';

/**
 * The trip after the ticket (issue 25), as a traveller in Chromium: book two adults, cancel one
 * of them from the profile with the refund quote in view, see "Partly cancelled" and the refund
 * tracker on the ticket; change a flight to another date and pay the difference with the sandbox
 * card, see the new ticket and the old one "Changed". axe in light and dark on the cancel dialog,
 * the tracker and the change screen; the dialog and the change screen by keyboard, with focus
 * checked at every key (support/focus.ts).
 */

/** Screenshots for a person to look at (E2E_SCREENSHOTS=<folder>). */
const SHOTS = process.env.E2E_SCREENSHOTS;


async function shoot(page: Page, name: string, { fullPage = true } = {}) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${theme}.png`, fullPage });
    }
  }
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));
  await page.setViewportSize(size);
}

async function fillPassenger(page: Page, index: number, p: { title: string; first: string; last: string; dob: string; mobile: string }) {
  const card = page.getByTestId('passenger-card').nth(index);
  await card.getByLabel('Title').selectOption(p.title);
  await card.getByLabel('First name').fill(p.first);
  await card.getByLabel('Last name').fill(p.last);
  await card.getByLabel('Date of birth').fill(p.dob);
  await card.getByLabel('Passenger type').selectOption('Adult');
  await card.getByLabel('Mobile number').fill(p.mobile);
}

/** Pays what the payment screen asks with the sandbox's succeeding card. */
async function payByCard(page: Page) {
  await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill('Rahul Sharma');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible({ timeout: 20_000 });
}

/** Books the first DEL → BOM flight `daysAhead` days out for `adults` adults through the screens, paid by card. */
async function bookAdults(page: Page, daysAhead: number, adults: 1 | 2) {
  await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(daysAhead)}&cabin=economy&adults=${adults}&children=0&infants=0`);
  const book = page.getByRole('link', { name: 'Book Now' }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await book.click();
  await expect(page).toHaveURL(/\/result\/book$/);
  await fillPassenger(page, 0, { title: 'Mr', first: 'Rahul', last: 'Sharma', dob: '1990-05-24', mobile: '9876543210' });
  if (adults === 2) await fillPassenger(page, 1, { title: 'Ms', first: 'Priya', last: 'Sharma', dob: '1992-08-14', mobile: '9876501234' });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await payByCard(page);
}

test.describe('trip changes', () => {
  test.describe.configure({ timeout: 300_000 });

  test('cancel one of two adults from the profile: quote, confirm, Partly cancelled, refund tracker, pass gone', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'trip');
    await bookAdults(page, 10, 2);
    await page.goto('/profile');
    const row = page.getByTestId('booking-row').first();
    await expect(row).toContainText('Confirmed');
    // Passes come with check-in (not open a week ahead): the check-in state lists the passengers travelling.
    const checkInPassengers = async () => {
      const bookingId = (await row.getByRole('link', { name: 'View Ticket' }).getAttribute('href'))?.split('/').pop() ?? '';
      return ((await (await page.request.get(`/api/bookings/${bookingId}/check-in`)).json()) as { legs: { passengers: unknown[] }[] }).legs[0]?.passengers.length ?? 0;
    };
    const passesBefore = await checkInPassengers();

    // Keyboard: Tab to the row's Cancel booking button and open the dialog with Enter.
    await watchLiveRegions(page);
    const open = row.getByRole('button', { name: /^Cancel booking/ });
    await tabTo(page, open, { max: 120 });
    await pressKey(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: /^Cancel booking/ });
    await expect(dialog).toBeVisible();
    // Nobody is cancelled by default: the traveller chooses.
    await expect(dialog.getByRole('radio', { name: 'Cancel some passengers' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Priya Sharma/ })).not.toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: /Rahul Sharma/ })).not.toBeChecked();

    // Confirm with nobody chosen asks to choose.
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(dialog.locator('p', { hasText: 'Choose at least one passenger to cancel' })).toBeVisible();
    await expectAnnounced(page, /Choose at least one passenger to cancel/);

    const priya = dialog.getByRole('checkbox', { name: /Priya Sharma/ });
    await tabTo(page, priya, { max: 20 });
    await pressKey(page, 'Space');
    await expect(priya).toBeChecked();
    await expect(dialog.getByTestId('refund-total')).toHaveText(/^₹[\d,]+(\.\d\d)?$/, { timeout: 15_000 });
    await expect(dialog.getByRole('heading', { name: /Priya Sharma · DEL → BOM/ })).toBeVisible();
    await expect(dialog.getByText('Taxes and airport charges refunded')).toBeVisible();
    await expect(dialog.getByText('Airline cancellation fee')).toBeVisible();
    await expect(dialog.getByText('Safar fee kept')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Original payment method \(Card\)/ })).toBeChecked();
    await expectAnnounced(page, /Refund ₹/);
    await scanLightAndDark(page);
    await shoot(page, 'cancel-dialog', { fullPage: false });

    const confirm = dialog.getByRole('button', { name: 'Confirm cancellation' });
    await tabTo(page, confirm, { max: 30 });
    await pressKey(page, 'Enter');
    await expect(dialog.getByRole('heading', { name: 'Cancellation confirmed' })).toBeFocused({ timeout: 15_000 });
    await expectFocusVisible(page, { indicator: false }, 'confirmation heading');
    await shoot(page, 'cancel-done', { fullPage: false });
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 5 });
    await pressKey(page, 'Enter');
    await expect(dialog).toBeHidden();

    await expect(row.getByTestId('booking-status')).toContainText('Partly cancelled');
    await expect(row).toContainText('1 cancelled');
    await expect(row.getByText(/Refund ₹[\d,.]+ to Card/)).toBeVisible();

    // The cancelled passenger left check-in (a pass of theirs, had they checked in, would be void).
    const passesAfter = await checkInPassengers();
    expect(passesAfter).toBeLessThan(passesBefore);

    await row.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.getByTestId('ticket-status')).toContainText('Partly cancelled');
    await expect(page.getByRole('row', { name: /Priya Sharma/ })).toContainText('Cancelled');
    await expect(page.getByRole('row', { name: /Rahul Sharma/ })).toContainText('Travelling');
    const tracker = page.getByRole('region', { name: 'Refunds' });
    await expect(tracker.getByTestId('refund-item')).toHaveCount(1);
    await expect(tracker).toContainText('Requested');
    await expect(tracker).toContainText(/Due by \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(tracker).toContainText('to Card');
    await scanLightAndDark(page);
    await shoot(page, 'ticket-tracker');
  });

  test('change a flight to another date, pay the difference by card, new ticket and the old one Changed', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'trip');
    await bookAdults(page, 12, 1);
    await page.goto('/profile');
    const oldRow = page.getByTestId('booking-row').first();
    await oldRow.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page).toHaveURL(/\/ticket\/BK\d+$/);
    const oldId = decodeURIComponent(page.url().split('/ticket/')[1] ?? '');

    await page.getByRole('link', { name: 'Change flight' }).click();
    await expect(page).toHaveURL(/\/change$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change flight' })).toBeFocused({ timeout: 10_000 });

    // Keyboard: the date field, Show flights, then the list.
    await watchLiveRegions(page);
    const date = page.getByLabel('New travel date');
    await tabTo(page, date, { max: 20 });
    await date.fill(travelDate(14));
    await tabTo(page, page.getByRole('button', { name: 'Show flights' }), { max: 10 });
    await pressKey(page, 'Enter');
    await expect(page.getByRole('heading', { name: /^Flights on / })).toContainText(String(Number(travelDate(14).slice(8, 10))));
    const options = page.getByTestId('change-option');
    await expect(options.first()).toBeVisible({ timeout: 15_000 });
    await expectAnnounced(page, /flights? on /);
    await expect(options.first()).toContainText('Change fee');
    await expect(options.first()).toContainText('Fare difference');
    await expect(options.first()).toContainText('Due now');
    await scanLightAndDark(page);
    await shoot(page, 'change-screen', { fullPage: false });

    // A flight with something due: the payment screen asks only for what this change costs.
    // The cheapest flights come first and may all cost nothing more: show more until one does.
    const showMore = page.getByRole('button', { name: /^Show \d+ more flights/ });
    let chosen = -1;
    for (let scanned = 0, round = 0; chosen < 0 && round < 25; round += 1) {
      const count = await options.count();
      for (let i = scanned; i < count && chosen < 0; i += 1) {
        const due = (await options.nth(i).locator('.change-option-due dd').textContent()) ?? '';
        if (due !== '₹0') chosen = i;
      }
      scanned = count;
      if (chosen >= 0 || (await showMore.count()) === 0) break;
      await showMore.click();
      await expect(options).not.toHaveCount(count);
    }
    expect(chosen, 'a flight with an amount due').toBeGreaterThanOrEqual(0);
    const dueText = (await options.nth(chosen).locator('.change-option-due dd').textContent()) ?? '';
    const choose = options.nth(chosen).getByRole('button', { name: /^Change to / });
    await tabTo(page, choose, { max: 400 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/payment$/, { timeout: 15_000 });
    await expect(page.getByText('Amount due for this change')).toBeVisible();
    await expect(page.getByTestId('pay-total')).toHaveText(dueText);
    await shoot(page, 'change-payment');
    await payByCard(page);

    await page.goto('/profile');
    const rows = page.getByTestId('booking-row');
    await expect(rows.filter({ hasText: oldId })).toContainText('Changed');
    await page.goto(`/ticket/${encodeURIComponent(oldId)}`);
    await expect(page.getByTestId('ticket-status')).toContainText('Changed');
    const newRow = rows.filter({ hasNotText: oldId }).first();
    await page.goto('/profile');
    await newRow.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await expect(page.getByText('Changed from')).toBeVisible();
    await expect(page.getByRole('link', { name: oldId })).toBeVisible();
  });
  test('cancel to Safar credit, see the balance on the profile, book again and pay partly with credit', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'trip');
    await bookAdults(page, 11, 1);
    await page.goto('/profile');
    const row = page.getByTestId('booking-row').first();
    await row.getByRole('button', { name: /^Cancel booking/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel booking/ });
    await expect(dialog.getByTestId('refund-total')).toHaveText(/^₹[\d,]+(\.\d\d)?$/, { timeout: 15_000 });
    // The original payment method is pre-selected; Safar credit is a plain second choice.
    const original = dialog.getByRole('radio', { name: /Original payment method \(Card\)/ });
    const credit = dialog.getByRole('radio', { name: /^Safar credit/ });
    await expect(original).toBeChecked();
    await expect(credit).not.toBeChecked();
    // Keyboard: arrow from the first choice to the second.
    await original.focus();
    await pressKey(page, 'ArrowDown');
    await expect(credit).toBeChecked();
    await scanLightAndDark(page);
    await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
    await expect(dialog.getByRole('heading', { name: 'Cancellation confirmed' })).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByText(/was added to your Safar credit/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The profile shows the balance and what added it.
    const balance = page.getByTestId('credit-balance');
    await expect(balance).toHaveText(/^₹[\d,]+(\.\d\d)?$/, { timeout: 15_000 });
    const before = await balance.textContent();
    await page.getByText(/^Credit history/).click();
    await expect(page.getByRole('cell', { name: 'Refund kept as credit' })).toBeVisible();
    await row.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('Safar credit');

    // Two adults cost more than the credit from one: the credit pays part, the card the rest.
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(13)}&cabin=economy&adults=2&children=0&infants=0`);
    await page.getByRole('link', { name: 'Book Now' }).first().click();
    await fillPassenger(page, 0, { title: 'Mr', first: 'Rahul', last: 'Sharma', dob: '1990-05-24', mobile: '9876543210' });
    await fillPassenger(page, 1, { title: 'Ms', first: 'Priya', last: 'Sharma', dob: '1992-08-14', mobile: '9876501234' });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    const use = page.getByRole('checkbox', { name: /Use my Safar credit/ });
    await expect(use).toBeVisible({ timeout: 15_000 });
    // Never pre-applied.
    await expect(use).not.toBeChecked();
    await expect(page.getByTestId('credit-split')).toContainText('Not applied');
    await use.focus();
    await pressKey(page, 'Space');
    await expect(use).toBeChecked();
    await expect(page.getByTestId('credit-split')).toContainText(`${before ?? ''} from Safar credit`);
    await scanLightAndDark(page);
    await payByCard(page);
    await page.goto('/profile');
    await expect(page.getByTestId('credit-balance')).toHaveText('₹0');
    await page.getByText(/^Credit history/).click();
    await expect(page.getByRole('cell', { name: 'Used for booking' })).toBeVisible();
  });
});
