import { type Page, expect, test } from '@playwright/test';
import type { CompactSearchResponse } from '../../../src/core/search';
import type { ChangeOptionsAnswer } from '../../../src/core/trip-changes';
import { expandSearchResponse } from '../../../src/core/search-wire';
import { scanLightAndDark } from '../support/a11y';
import { bookByApi, signUpByApi } from '../support/fixtures';
import { z } from 'zod';
import { expectAnnounced, pressKey, tabTo, watchLiveRegions } from '../support/focus';
import { fakeControl } from './support/fake';

/**
 * Changing a Duffel booking to another date (issue 26 point 1), in Chromium against the contract
 * fake: a paid DEL → BOM booking on a changeable fare, "Change flight", a new date by keyboard, the
 * airline's change offers with the change total in INR and the conversion named, a dearer flight
 * chosen by keyboard, the difference paid with the sandbox card, and the ticket shows the new
 * flight with the same airline reference. axe in light and dark on the change screen. Then a cheaper
 * flight the airline pays back to the original payment: the option says how much, nothing is due,
 * and the new ticket's refund tracker shows that amount going back to the card.
 */

const travelDate = (daysAhead: number) => new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

/** Pays what the payment screen asks with the sandbox's succeeding card. */
async function payByCard(page: Page) {
  await page.getByRole('button', { name: /^Pay with (?!UPI)/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill('Rahul Sharma');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible({ timeout: 30_000 });
}

test.describe('changes of Duffel bookings', () => {
  test.describe.configure({ timeout: 180_000 });

  test('change to another date by keyboard, pay the difference, the ticket shows the new flight', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3110';
    await signUpByApi(page, origin, 'dchange');
    // Its own day (the other Duffel specs book DEL → BOM 10, 12, 13 and 14 days out): an offer, cached by the app, is ordered only once.
    const search = await page.request.get(`/api/search?from=DEL&to=BOM&date=${travelDate(11)}&adults=1&children=0&infants=0`);
    expect(search.status()).toBe(200);
    // A fare the airline lets the traveller change.
    const itinerary = expandSearchResponse((await search.json()) as CompactSearchResponse).itineraries.find((i) => i.legs.length === 1 && i.supplier?.conditions.changeBeforeDeparture?.allowed === true);
    if (!itinerary) throw new Error('the fake offered no changeable direct flight');
    const booking = await bookByApi(page, itinerary, origin);

    await page.goto(`/ticket/${encodeURIComponent(booking.id)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    const reference = (await page.locator('.ticket-supplier-ref').textContent()) ?? '';
    expect(reference).toMatch(/^[A-Z0-9]{6}$/);
    await tabTo(page, page.getByRole('link', { name: 'Change flight' }), { max: 60 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/change$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Change flight' })).toBeFocused({ timeout: 10_000 });

    // Keyboard: the date field, Show flights, then the airline's offers.
    await watchLiveRegions(page);
    const newDate = travelDate(15);
    const date = page.getByLabel('New travel date');
    await tabTo(page, date, { max: 20 });
    await date.fill(newDate);
    await tabTo(page, page.getByRole('button', { name: 'Show flights' }), { max: 10 });
    await pressKey(page, 'Enter');
    const options = page.getByTestId('change-option');
    await expect(options.first()).toBeVisible({ timeout: 30_000 });
    await expectAnnounced(page, /flights? on /);
    await expect(options.first()).toContainText('Due now');
    // The airline's terms: its change total, the conversion named, Safar's fee rule, until when the price holds.
    const terms = options.first().getByTestId('change-option-airline');
    await expect(terms).toContainText(/at ₹[\d.]+ per [A-Z]{3} \(RBI reference rate/);
    await expect(terms).toContainText('Safar adds no fee to a change');
    await expect(terms).toContainText('The airline holds this price until');
    await scanLightAndDark(page);

    // A flight with something due: the payment screen asks only for what this change costs.
    const count = await options.count();
    let chosen = -1;
    for (let i = 0; i < count && chosen < 0; i += 1) {
      const due = (await options.nth(i).locator('.change-option-due dd').textContent()) ?? '';
      if (due !== '₹0') chosen = i;
    }
    expect(chosen, 'an offer with an amount due').toBeGreaterThanOrEqual(0);
    const newTime = ((await options.nth(chosen).locator('.change-option-times').textContent()) ?? '').slice(0, 5);
    const dueText = (await options.nth(chosen).locator('.change-option-due dd').textContent()) ?? '';
    const choose = options.nth(chosen).getByRole('button', { name: /^Change to / });
    await tabTo(page, choose, { max: 200 });
    await pressKey(page, 'Enter');
    await expect(page).toHaveURL(/\/payment$/, { timeout: 20_000 });
    await expect(page.getByText('Amount due for this change')).toBeVisible();
    await expect(page.getByTestId('pay-total')).toHaveText(dueText);
    await payByCard(page);

    // The old booking is Changed; the new one flies the new flight, same airline reference.
    await page.goto(`/ticket/${encodeURIComponent(booking.id)}`);
    await expect(page.getByTestId('ticket-status')).toContainText('Changed', { timeout: 15_000 });
    await page.goto('/profile');
    const rows = page.getByTestId('booking-row');
    const newRow = rows.filter({ hasNotText: booking.id }).first();
    await newRow.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await expect(page.getByText('Changed from')).toBeVisible();
    await expect(page.locator('.ticket-supplier-ref')).toHaveText(reference);
    await expect(page.locator('main')).toContainText(newTime);
    await scanLightAndDark(page);
  });

  test('change to a cheaper flight the airline pays back: the money goes back to the card, on the refund tracker', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3110';
    await fakeControl('/_fake/change-pay-back', z.object({ to: z.string() }), { to: 'original_form_of_payment' });
    try {
      await signUpByApi(page, origin, 'dmoneyback');
      // Its own day (see above).
      const search = await page.request.get(`/api/search?from=DEL&to=BOM&date=${travelDate(16)}&adults=1&children=0&infants=0`);
      expect(search.status()).toBe(200);
      // A fare the airline changes without a penalty: the cheaper flight then pays money back.
      const itinerary = expandSearchResponse((await search.json()) as CompactSearchResponse).itineraries.find(
        (i) => i.legs.length === 1 && i.supplier?.conditions.changeBeforeDeparture?.allowed === true && i.supplier.conditions.changeBeforeDeparture.penaltyPaise === 0,
      );
      if (!itinerary) throw new Error('the fake offered no direct flight changeable without a penalty');
      const booking = await bookByApi(page, itinerary, origin);

      // The airline's money back falls by ₹1 between the list and the confirmation: the list the traveller sees says ₹1 more.
      await page.route('**/api/bookings/*/change-options?*', async (route) => {
        const response = await route.fetch();
        if (!response.ok()) return route.fulfill({ response });
        const answer = (await response.json()) as ChangeOptionsAnswer;
        const options = answer.options.map((o) => (o.quote.refundPaise > 0 ? { ...o, quote: { ...o.quote, refundPaise: o.quote.refundPaise + 100 } } : o));
        await route.fulfill({ response, json: { ...answer, options } });
      });
      await page.goto(`/ticket/${encodeURIComponent(booking.id)}/change`);
      await expect(page.getByRole('heading', { level: 1, name: 'Change flight' })).toBeVisible({ timeout: 15_000 });
      await page.getByLabel('New travel date').fill(travelDate(17));
      await page.getByRole('button', { name: 'Show flights' }).click();
      const options = page.getByTestId('change-option');
      await expect(options.first()).toBeVisible({ timeout: 30_000 });
      // The cheaper flight says what the airline pays back, in rupees with the conversion named, and nothing is due.
      const cheaper = options.filter({ has: page.getByTestId('change-option-money-back') }).first();
      const backText = (await cheaper.getByTestId('change-option-money-back').textContent()) ?? '';
      const amount = /pays back (₹[\d,.]+) to your original payment/.exec(backText)?.[1] ?? '';
      expect(amount).toMatch(/^₹[\d,.]+$/);
      await expect(cheaper.getByTestId('change-option-airline')).toContainText(/at ₹[\d.]+ per [A-Z]{3} \(RBI reference rate.*refunded to your original payment/);
      await expect(cheaper.locator('.change-option-due dd')).toHaveText('₹0');
      await scanLightAndDark(page);
      const choose = cheaper.getByRole('button', { name: /^Change to / });
      await tabTo(page, choose, { max: 200 });
      await pressKey(page, 'Enter');
      // The money back moved: the amount seen and the airline's side by side, the traveller continues with the airline's.
      const notice = page.locator('.change-notice');
      await expect(notice).toContainText('The money paid back has changed since you looked. Please review it.', { timeout: 20_000 });
      await expect(notice.locator('dd s')).toHaveText(amount);
      const now = (await notice.locator('dd strong').textContent()) ?? '';
      expect(now).toMatch(/^₹[\d,.]+$/);
      expect(now).not.toBe(amount);
      await scanLightAndDark(page);
      const go = page.getByRole('button', { name: `Continue with ${now} back` });
      await tabTo(page, go, { max: 30 });
      await pressKey(page, 'Enter');

      // Confirmed at once: the new ticket, and its refund tracker with the amount going back to the card.
      await expect(page).toHaveURL(/\/ticket\/[^/]+$/, { timeout: 20_000 });
      await expect(page).not.toHaveURL(new RegExp(`/ticket/${booking.id}$`));
      await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Changed from')).toBeVisible();
      const refund = page.getByTestId('refund-item');
      await expect(refund).toHaveCount(1, { timeout: 15_000 });
      await expect(refund).toContainText(now);
      await expect(refund).toContainText('to Card');
      await scanLightAndDark(page);
    } finally {
      await fakeControl('/_fake/change-pay-back', z.object({ to: z.string() }), { to: 'voucher' });
    }
  });
});
