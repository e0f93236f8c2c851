import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { scanLightAndDark } from '../support/a11y';
import { travelDate } from '../support/fixtures';
import { fakeControl } from './support/fake';
import { fillAdult, payBySandboxCard, searchRoundTripFromHome, signUpInBrowser } from './support/journey';
import { shoot } from '../support/screens';

/**
 * A Duffel round trip (decision 0069), as a traveller in Chromium against the contract fake: Home's
 * Round trip by keyboard, the results as combined offers (both journeys, one all-in price in rupees with
 * the GBP conversion and Safar's fee named, the fare brand and conditions), Book one, one adult, pay with
 * the sandbox card, and the ticket showing both journeys with the airline's booking reference (the Duffel
 * order's, of two slices, read back from the fake). axe in light and dark on the results.
 */

const Orders = z.object({
  orders: z.array(z.object({ id: z.string(), booking_reference: z.string(), slice_count: z.number(), metadata: z.record(z.string(), z.unknown()).nullable() })),
});

test.describe('a Duffel round trip in the browser', () => {
  test.describe.configure({ timeout: 240_000 });

  test('Home "Round trip", a combined offer of both journeys, book, pay, the ticket with both journeys and the airline reference', async ({ page }) => {
    await signUpInBrowser(page, 'dfrt');
    const out = travelDate(12);
    const back = travelDate(17);
    await searchRoundTripFromHome(page, { from: 'Delhi', to: 'Mumbai', fromCode: 'DEL', toCode: 'BOM', date: out, returnDate: back });

    // Results: combined offers, each both journeys at one all-in price.
    const offers = page.getByRole('region', { name: /^Round trips · DEL to BOM and back/ });
    const first = offers.locator('li.rt-offer').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    await expect(offers.getByText('The airline sells each of these as one ticket for both journeys, at one price.')).toBeVisible();
    await expect(first.getByText(/^Outbound · DEL to BOM, /)).toBeVisible();
    await expect(first.getByText(/^Return · BOM to DEL, /)).toBeVisible();
    await expect(first.locator('.fc-amount')).toHaveText(/^₹[\d,]+(\.\d\d)?$/);
    await expect(first.getByText('Round trip, all-in, 1 adult')).toBeVisible();
    await expect(first.locator('.fc-supplier')).toContainText(/Airline fare GBP converted at ₹[\d.]+ \(.+\)/);
    await expect(first.locator('.fc-supplier')).toContainText(/includes Safar fee ₹[\d,]+(\.\d\d)?$/);
    await expect(first.locator('.rt-offer-fare')).toHaveText(/^Fare: \w+ · Changes (not allowed|allowed|free|for a fee of £[\d.]+) · Refunds (not allowed|allowed|free|for a fee of £[\d.]+) · \d+ checked bags?, \d+ cabin bags? per traveller$/);
    const price = (await first.locator('.fc-amount').textContent()) ?? '';
    await scanLightAndDark(page);
    await shoot(page, 'duffel-round-trip-results');

    // Book it: the booking screen shows both journeys; one adult; pay with the sandbox card.
    await first.getByRole('link', { name: 'Book' }).click();
    await expect(page).toHaveURL(/\/result\/book$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Book Your Flight' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Journey 1 flight details' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Journey 2 flight details' })).toBeVisible();
    // The airline's own fare, not Safar's fare families.
    await expect(page.locator('.book-airline-fare')).toHaveText(/^Fare: \w+ · Changes .+ · Refunds .+ per traveller$/);
    await expect(page.getByText('Fare options could not be loaded', { exact: false })).toHaveCount(0);
    await shoot(page, 'duffel-round-trip-book');
    await fillAdult(page);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole('main')).toContainText(price);
    const ticketPath = await payBySandboxCard(page);
    const bookingId = decodeURIComponent(ticketPath.split('/ticket/')[1] ?? '');

    // The ticket: both journeys, and the airline's booking reference of the one Duffel order of two slices.
    await page.goto(ticketPath);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    const reference = page.locator('.ticket-supplier-ref');
    await expect(async () => {
      await page.reload();
      await expect(reference).toHaveText(/^[A-Z0-9]{6}$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    const { orders } = await fakeControl('/_fake/orders', Orders);
    const order = orders.find((o) => o.metadata?.safar_booking_id === bookingId);
    if (!order) throw new Error(`no Duffel order for ${bookingId}`);
    expect(order.slice_count).toBe(2);
    await expect(reference).toHaveText(order.booking_reference);
    const journeys = page.getByRole('article', { name: 'E-Ticket' });
    await expect(journeys.getByRole('region', { name: 'Journey 1 flight details' })).toContainText('DEL');
    await expect(journeys.getByRole('region', { name: 'Journey 2 flight details' })).toContainText('BOM');
    await expect(page.getByText('The airline sold both journeys as one ticket: they are cancelled together, with Cancel booking above.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel journey/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Cancel booking', exact: true })).toBeVisible();
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await shoot(page, 'duffel-round-trip-ticket');
  });
});
