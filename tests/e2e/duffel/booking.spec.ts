import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { expectFocusVisible, pressKey, tabTo, watchLiveRegions } from '../support/focus';
import { fakeControl } from './support/fake';
import { fillAdult, payBySandboxCard, searchOneWayFromHome, signUpInBrowser } from './support/journey';

/**
 * A Duffel booking from search to refund (issue 26 point 9), as a traveller in Chromium against the
 * contract fake (which prices in GBP): sign up, search DEL → BOM one way on Home by keyboard, see the
 * price in rupees with the conversion and Safar's fee named, book one adult, pay with the sandbox card,
 * see the airline's booking reference on the ticket (the Duffel order's, read back from the fake), cancel
 * from the ticket by keyboard with the airline's refund converted and Safar's fee rule in view, and see
 * the refund on the ticket's tracker. axe in light and dark on Results, the ticket and the cancel dialog.
 */

const Orders = z.object({ orders: z.array(z.object({ id: z.string(), booking_reference: z.string(), total_currency: z.string(), metadata: z.record(z.string(), z.unknown()).nullable() })) });

/** What the booking screen sends to hold a fare (the fields this spec reads). */
const HoldBody = z.object({ quotedTotal: z.number(), acceptPriceChange: z.boolean().optional() }).passthrough();

test.describe('booking a Duffel flight in the browser', () => {
  test.describe.configure({ timeout: 240_000 });

  test('search on Home, book, pay, the airline reference on the ticket, cancel from the ticket, the refund tracked', async ({ page }) => {
    await signUpInBrowser(page, 'dfb');
    await searchOneWayFromHome(page, { from: 'Delhi', to: 'Mumbai', fromCode: 'DEL', toCode: 'BOM', date: travelDate(12) });

    // Results: the all-in price in rupees, the airline's currency converted with its rate named, and Safar's fee.
    const card = page.locator('article', { has: page.getByRole('link', { name: 'Book Now' }) }).first();
    await expect(card.locator('.fc-amount')).toHaveText(/^₹[\d,]+(\.\d\d)?$/);
    const supplierLine = card.locator('.fc-supplier');
    await expect(supplierLine).toContainText(/Airline fare GBP converted at ₹[\d.]+ \(.+\)/);
    await expect(supplierLine).toContainText(/includes Safar fee ₹[\d,]+(\.\d\d)?$/);
    const price = (await card.locator('.fc-amount').textContent()) ?? '';
    await scanLightAndDark(page);

    // Book one adult and pay with the sandbox card.
    await card.getByRole('link', { name: 'Book Now' }).click();
    await expect(page).toHaveURL(/\/result\/book$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Flight' })).toBeVisible();
    await fillAdult(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('main')).toContainText(price);
    const ticketPath = await payBySandboxCard(page);
    const bookingId = decodeURIComponent(ticketPath.split('/ticket/')[1] ?? '');

    // The ticket names the airline's booking reference: the Duffel order's, as the fake holds it.
    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    const reference = page.locator('.ticket-supplier-ref');
    await expect(async () => {
      await page.reload();
      await expect(reference).toHaveText(/^[A-Z0-9]{6}$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page.getByText('Airline booking reference', { exact: true })).toBeVisible();
    const { orders } = await fakeControl('/_fake/orders', Orders);
    const order = orders.find((o) => o.metadata?.safar_booking_id === bookingId);
    if (!order) throw new Error(`no Duffel order for ${bookingId}`);
    await expect(reference).toHaveText(order.booking_reference);
    expect(order.total_currency).toBe('GBP');
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await scanLightAndDark(page);

    // Cancel from the ticket, by keyboard: the airline's refund in GBP converted with the rate named, and Safar's fee rule.
    await watchLiveRegions(page);
    const open = page.getByRole('button', { name: 'Cancel booking', exact: true });
    await tabTo(page, open, { max: 40 });
    await pressKey(page, 'Enter');
    const dialog = page.getByRole('dialog', { name: /^Cancel booking / });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('refund-total')).toHaveText(/^₹[\d,]+(\.\d\d)?$/, { timeout: 20_000 });
    const terms = dialog.getByTestId('refund-supplier');
    await expect(terms).toContainText(/refunds £[\d,]+\.\d\d of the £[\d,]+\.\d\d it was paid: ₹[\d,]+(\.\d\d)? at ₹[\d.]+ per GBP \(.+, .+\)\./);
    await expect(terms).toContainText('Safar’s fee is refunded when the airline cancels the flight or inside Safar’s free cancellation window; otherwise Safar keeps it');
    await expect(terms).toContainText('This airline cancels whole bookings only.');
    await expect(dialog.getByText('Safar fee kept')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Original payment method \(Card/ })).toBeChecked();
    const refund = (await dialog.getByTestId('refund-total').textContent()) ?? '';
    await scanLightAndDark(page);

    const confirm = dialog.getByRole('button', { name: 'Confirm cancellation' });
    await tabTo(page, confirm, { max: 30 });
    await pressKey(page, 'Enter');
    await expect(dialog.getByRole('heading', { name: 'Cancellation confirmed' })).toBeFocused({ timeout: 30_000 });
    await expectFocusVisible(page, { indicator: false }, 'confirmation heading');
    await expect(dialog).toContainText(`${refund} goes back to your original payment method`);
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 5 });
    await pressKey(page, 'Enter');
    await expect(dialog).toBeHidden();

    // The ticket shows the booking cancelled and the refund on its tracker.
    await expect(page.getByTestId('ticket-status')).toContainText('Cancelled');
    const tracker = page.getByRole('region', { name: 'Refunds' });
    await expect(tracker.getByTestId('refund-item')).toHaveCount(1, { timeout: 15_000 });
    await expect(tracker).toContainText(refund);
    await expect(tracker).toContainText(/Due by \d{1,2} [A-Z][a-z]{2} \d{4}/);
    await expect(tracker).toContainText('to Card');
    await scanLightAndDark(page);
  });

  test('the fare moved before ordering: the 409 shows the old and new totals side by side, accept, pay at the new total', async ({ page }) => {
    await signUpInBrowser(page, 'dfp');
    await searchOneWayFromHome(page, { from: 'Delhi', to: 'Mumbai', fromCode: 'DEL', toCode: 'BOM', date: travelDate(14) });
    await page.getByRole('link', { name: 'Book Now' }).first().click();
    await expect(page).toHaveURL(/\/result\/book$/);
    await fillAdult(page);

    // The fake moves a fare only on a route outside Safar's airports (LHR → STN), so the traveller's quote is
    // made stale instead: the first hold quotes ₹500 less than searched, the app re-prices the Duffel offer
    // and answers its real 409 with both totals. The retry goes through unchanged.
    const sent: { quotedTotal: number; acceptPriceChange?: boolean }[] = [];
    await page.route('**/api/bookings', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      const body = HoldBody.parse(request.postDataJSON());
      sent.push(body);
      if (sent.length > 1) return route.continue();
      return route.continue({ postData: JSON.stringify({ ...body, quotedTotal: body.quotedTotal - 500 }) });
    });
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    const dialog = page.getByRole('dialog', { name: 'The fare has changed' });
    await expect(dialog.getByText('The fare has changed since you searched.')).toBeVisible({ timeout: 20_000 });
    const searched = sent[0]?.quotedTotal ?? 0;
    const inr = (rupees: number) => `₹${rupees.toLocaleString('en-IN')}`;
    await expect(dialog.getByRole('term').filter({ hasText: 'Old total' })).toBeVisible();
    await expect(dialog.getByRole('term').filter({ hasText: 'New total' })).toBeVisible();
    await expect(dialog.locator('.book-price-change s')).toHaveText(inr(searched - 500));
    await expect(dialog.locator('.book-price-change strong')).toHaveText(inr(searched));
    await scanLightAndDark(page, { toasts: 'keep' });

    await dialog.getByRole('button', { name: `Accept ${inr(searched)}` }).click();
    await expect(page).toHaveURL(/\/payment$/);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({ quotedTotal: searched, acceptPriceChange: true });
    await page.unroute('**/api/bookings');
    await expect(page.getByRole('main')).toContainText(inr(searched));
    const ticketPath = await payBySandboxCard(page);
    const bookingId = decodeURIComponent(ticketPath.split('/ticket/')[1] ?? '');
    await expect(async () => {
      const { orders } = await fakeControl('/_fake/orders', Orders);
      expect(orders.some((o) => o.metadata?.safar_booking_id === bookingId)).toBe(true);
    }).toPass({ timeout: 30_000 });
  });
});
