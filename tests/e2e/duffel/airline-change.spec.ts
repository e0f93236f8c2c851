import { type Page, expect, test } from '@playwright/test';
import { z } from 'zod';
import type { CompactSearchResponse } from '../../../src/core/search';
import { expandSearchResponse } from '../../../src/core/search-wire';
import { scanLightAndDark } from '../support/a11y';
import { bookByApi, signUpByApi } from '../support/fixtures';
import { expectFocusVisible, pressKey, tabTo } from '../support/focus';
import { fakeControl } from './support/fake';

/**
 * An airline-initiated change of a Duffel booking (issue 26 point 9), in Chromium against the
 * contract fake: book DEL → BOM through the app, the airline moves the flight (the fake delivers
 * Duffel's signed webhook to the app), the traveller sees the notice, opens "Your trip changed",
 * keeps the new time by keyboard, and the ticket shows the new time; or, on a fare the airline lets
 * change, takes another flight from the airline's change offers by keyboard, and the ticket shows
 * that flight. axe in light and dark.
 */

const Orders = z.object({ orders: z.array(z.object({ id: z.string(), metadata: z.unknown() })) });
const Change = z.object({ change: z.object({ id: z.string(), added: z.array(z.object({ segments: z.array(z.object({ departing_at: z.string() })) })) }), delivered: z.union([z.number(), z.string()]) });

/**
 * A new traveller's paid DEL → BOM booking `daysAhead` days out, through the app's API (`changeable`: on a fare
 * the airline lets change). Each test books its own day: an offer, cached by the app, is ordered only once.
 */
async function bookDelBom(page: Page, origin: string, prefix: string, { daysAhead, changeable }: { daysAhead: number; changeable: boolean }) {
  await signUpByApi(page, origin, prefix);
  const date = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const search = await page.request.get(`/api/search?from=DEL&to=BOM&date=${date}&adults=1&children=0&infants=0`);
  expect(search.status()).toBe(200);
  const itinerary = expandSearchResponse((await search.json()) as CompactSearchResponse).itineraries.find((i) => i.legs.length === 1 && (!changeable || i.supplier?.conditions.changeBeforeDeparture?.allowed === true));
  if (!itinerary) throw new Error('the fake offered no direct flight');
  return bookByApi(page, itinerary, origin);
}

/** The airline moves the booking's flights by `minutes`; the fake sends Duffel's signed webhook to the app. */
async function airlineMoves(bookingId: string, minutes: number) {
  const { orders } = await fakeControl('/_fake/orders', Orders);
  const order = orders.find((o) => JSON.stringify(o.metadata).includes(bookingId));
  if (!order) throw new Error(`no Duffel order for ${bookingId}`);
  const moved = await fakeControl('/_fake/airline-change', Change, { orderId: order.id, minutes });
  expect(moved.delivered).toBe(200);
  return moved;
}

test.describe('airline-initiated changes of Duffel bookings', () => {
  test.describe.configure({ timeout: 180_000 });

  test("the airline moves the flight: the notice, the screen, take another of the airline's flights by keyboard, the ticket shows it", async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3110';
    const booking = await bookDelBom(page, origin, 'aicrebook', { daysAhead: 13, changeable: true });
    await airlineMoves(booking.id, 120);

    await page.goto('/profile');
    const view = page.locator('.notices .notice').first().getByRole('link', { name: 'View' });
    await expect(view).toBeVisible({ timeout: 30_000 });
    await view.click();
    await expect(page).toHaveURL(new RegExp(`/ticket/${booking.id}/changed$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Your trip changed' })).toBeFocused({ timeout: 15_000 });
    const section = page.getByTestId('trip-change').first();
    await expect(section.getByText('New time', { exact: true })).toBeVisible();

    // The airline's other flights, by keyboard: open the list, choose one, rebook.
    await tabTo(page, section.getByRole('button', { name: 'Choose another flight' }), { max: 40 });
    await pressKey(page, 'Enter');
    const list = section.getByRole('group', { name: 'Free flights on this route' });
    const first = list.getByRole('radio').first();
    await expect(first).toBeVisible({ timeout: 20_000 });
    await scanLightAndDark(page);
    await tabTo(page, first, { max: 10 });
    await pressKey(page, 'Space');
    await expect(first).toBeChecked();
    const rebook = section.getByRole('button', { name: /^Rebook on / });
    const rebookName = (await rebook.textContent()) ?? '';
    const [, flightNumber = '', time = ''] = /^Rebook on (.+) at (\d\d:\d\d)$/.exec(rebookName) ?? [];
    expect(flightNumber).not.toBe('');
    await tabTo(page, rebook, { max: 40, shift: true });
    await pressKey(page, 'Enter');
    const outcome = section.getByTestId('trip-change-outcome');
    await expect(outcome).toBeFocused({ timeout: 30_000 });
    await expect(outcome).toContainText(`You are rebooked on ${flightNumber} at `);
    await scanLightAndDark(page);

    // The ticket flies the chosen flight.
    const ticketLink = outcome.getByRole('link', { name: 'Open your new ticket' });
    await tabTo(page, ticketLink, { max: 5 });
    await pressKey(page, 'Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await expect(page.locator('main')).toContainText(flightNumber);
    await expect(page.locator('main')).toContainText(time);
    await scanLightAndDark(page);
  });

  test('the airline moves the flight: the notice, the screen, keep the new time by keyboard, the ticket shows it', async ({ page, baseURL }) => {
    const origin = baseURL ?? 'http://localhost:3110';
    const booking = await bookDelBom(page, origin, 'aic', { daysAhead: 10, changeable: false });
    // The airline moves the flight by 2 h; the fake sends Duffel's signed webhook to the app.
    const moved = await airlineMoves(booking.id, 120);
    const newTime = moved.change.added[0]?.segments[0]?.departing_at.slice(11, 16) ?? '';
    expect(newTime).toMatch(/^\d\d:\d\d$/);

    // One in-app notice; "View" opens "Your trip changed".
    await page.goto('/profile');
    await expect(page.locator('.notices .notice').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.notices .notice')).toHaveCount(1);
    const view = page.locator('.notices .notice').first().getByRole('link', { name: 'View' });
    await expect(view).toHaveAttribute('href', `/ticket/${booking.id}/changed`);
    await scanLightAndDark(page);
    await view.click();

    await expect(page).toHaveURL(new RegExp(`/ticket/${booking.id}/changed$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Your trip changed' })).toBeFocused({ timeout: 15_000 });
    const section = page.getByTestId('trip-change').first();
    await expect(section.getByText('You booked', { exact: true })).toBeVisible();
    await expect(section.getByText('New time', { exact: true })).toBeVisible();
    await expect(section.getByRole('heading', { name: 'Your rights' })).toBeVisible();
    await expect(section.getByText(/^Full refund of ₹[\d,]+(\.\d\d)?$/)).toBeVisible();
    const keep = section.getByRole('button', { name: 'Keep the new time' });
    await expect(keep).toBeVisible();
    await scanLightAndDark(page);

    await tabTo(page, keep, { max: 40 });
    await pressKey(page, 'Enter');
    const outcome = section.getByTestId('trip-change-outcome');
    await expect(outcome).toBeFocused({ timeout: 20_000 });
    await expectFocusVisible(page, { indicator: false }, 'outcome');
    await expect(outcome).toContainText('You kept your booking as the airline changed it.');
    await scanLightAndDark(page);

    // The ticket flies at the airline's new time.
    await page.goto(`/ticket/${booking.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('ticket-status')).toContainText('Confirmed');
    await expect(page.locator('main')).toContainText(newTime);
    await scanLightAndDark(page);
  });
});
