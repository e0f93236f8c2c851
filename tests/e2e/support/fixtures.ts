import { randomUUID } from 'node:crypto';
import { expect, type Locator, type Page } from '@playwright/test';
import type { CompactSearchResponse, Itinerary } from '../../../src/core/search';
import { expandSearchResponse } from '../../../src/core/search-wire';

/**
 * Helpers shared by the browser specs: dates, fresh accounts, waiting out toasts.
 * @example await page.goto(`/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`)
 */

/** A travel date `daysAhead` days from now, as the UTC calendar date (YYYY-MM-DD). */
export function travelDate(daysAhead = 7): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

/** The local calendar date `days` days from today (YYYY-MM-DD), as the date fields show it. */
export function isoDay(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** An address no other test uses: `<prefix>-<8 hex>@example.com`. */
export function newEmail(prefix = 'e2e'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/**
 * Types into an airport field and picks the first suggestion with Enter, as a traveller does; the
 * list is closed afterwards, so it cannot lie over the next control when a slow machine opens it late.
 */
export async function pickFirstAirport(input: Locator, text: string): Promise<void> {
  await input.fill(text);
  await expect(input).toHaveAttribute('aria-expanded', 'true');
  await input.press('Enter');
  await expect(input).toHaveAttribute('aria-expanded', 'false');
}

/** The password of every account the browser tests sign up. */
export const E2E_PASSWORD = 'Safar-e2e-pass-1';

/**
 * Signs up a fresh account `<prefix>-<8 hex>@example.com` through the API at `origin` and signs
 * in, so the page's requests carry its session; answers the account's email.
 */
export async function signUpByApi(page: Page, origin: string | undefined, prefix: string): Promise<string> {
  const email = newEmail(prefix);
  const base = origin ?? 'http://localhost:3100';
  const headers = { Origin: base, 'Content-Type': 'application/json' };
  expect((await page.request.post(`${base}/api/auth/signup`, { headers, data: { email, password: E2E_PASSWORD, confirmPassword: E2E_PASSWORD } })).status()).toBe(201);
  expect((await page.request.post(`${base}/api/auth/login`, { headers, data: { email, password: E2E_PASSWORD } })).status()).toBe(200);
  return email;
}

/** Waits until every toast has closed (before an axe scan or a screenshot). */
export async function toastsClosed(page: Page): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
}

/** Opens the first DEL → BOM result of `travelDate()` in the booking screen, with one passenger card. */
export async function chooseFirstFlight(page: Page): Promise<void> {
  await page.goto(`/result?from=DEL&to=BOM&date=${travelDate()}&cabin=economy&adults=1&children=0&infants=0`);
  const book = page.getByRole('link', { name: 'Book Now' }).first();
  await expect(book).toBeVisible({ timeout: 15_000 });
  await book.click();
  await expect(page).toHaveURL(/\/result\/book$/);
  await expect(page.getByTestId('passenger-card')).toHaveCount(1);
}

/**
 * The first direct itinerary from `from` to `to` departing 3 to 44 hours from now: inside every
 * airline's web check-in window whatever the time of day (searched over today and the next two days).
 */
export async function itineraryInsideCheckInWindow(page: Page, from = 'DEL', to = 'BOM'): Promise<Itinerary> {
  for (const days of [0, 1, 2]) {
    const res = await page.request.get(`/api/search?from=${from}&to=${to}&date=${travelDate(days)}&adults=1&children=0&infants=0`);
    const body = expandSearchResponse((await res.json()) as CompactSearchResponse);
    const found = body.itineraries.find((i) => {
      const ahead = Date.parse(i.legs[0]?.departure ?? '') - Date.now();
      return i.stops === 0 && ahead > 3 * 3_600_000 && ahead < 44 * 3_600_000;
    });
    if (found) return found;
  }
  throw new Error(`no direct ${from}-${to} flight 3 to 44 hours ahead`);
}

/** Holds, pays by sandbox card and confirms a one-adult booking through the API (the page's session cookie). */
export async function bookByApi(page: Page, itinerary: Itinerary, origin: string): Promise<{ id: string; pnr: string }> {
  const headers = (extra: Record<string, string> = {}) => ({ Origin: origin, 'Content-Type': 'application/json', ...extra });
  const adult = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210', aadharCard: '234123412346' };
  const hold = (await (
    await page.request.post('/api/bookings', { headers: headers({ 'Idempotency-Key': randomUUID() }), data: { itineraryId: itinerary.id, passengers: [adult], quotedTotal: itinerary.price.total.total, acceptPriceChange: true } })
  ).json()) as { booking: { id: string } };
  const order = (await (await page.request.post(`/api/bookings/${hold.booking.id}/payments`, { headers: headers(), data: { method: 'card' } })).json()) as { payment: { orderId: string } };
  const paid = (await (
    await page.request.post('/api/payments/sandbox/pay', { headers: headers(), data: { orderId: order.payment.orderId, method: 'card', card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' } } })
  ).json()) as unknown;
  const done = await page.request.post(`/api/bookings/${hold.booking.id}/confirm`, { headers: headers({ 'Idempotency-Key': randomUUID() }), data: paid });
  expect(done.status()).toBe(200);
  return ((await done.json()) as { booking: { id: string; pnr: string } }).booking;
}
