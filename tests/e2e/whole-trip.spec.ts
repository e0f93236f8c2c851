import { expect, type Page, test } from '@playwright/test';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { scanLightAndDark } from './support/a11y';
import { pressKey, tabTo } from './support/focus';
import { isoDay, pickFirstAirport, signUpByApi, travelDate } from './support/fixtures';
import { shoot } from './support/screens';

/**
 * Whole-trip bookings (issue 28, decision 0062) end to end in Chromium: a 3-city Multi-City plan
 * booked as one trip and paid once, one ticket listing every journey with its PNR; a round trip
 * on two airlines booked from the journeys state, paid once, and its return journey cancelled
 * alone from the ticket. axe light and dark on the booking, payment and ticket screens.
 */



async function fillAdult(page: Page) {
  const card = page.getByTestId('passenger-card').first();
  await card.getByLabel('Title').selectOption('Mr');
  await card.getByLabel('First name').fill('Rahul');
  await card.getByLabel('Last name').fill('Sharma');
  await card.getByLabel('Date of birth').fill('1990-05-24');
  await card.getByLabel('Passenger type').selectOption('Adult');
  await card.getByLabel('Mobile number').fill('9876543210');
}

/** Pays the held booking on the payment screen with the sandbox card; lands on the profile. */
async function payByCard(page: Page) {
  const payButton = page.getByRole('button', { name: /^Pay with (?!UPI)/ });
  await expect(payButton).toBeEnabled();
  await payButton.click();
  const dialog = page.getByRole('dialog', { name: 'Safar Pay — sandbox' });
  await dialog.getByLabel('Card number').fill('4111111111111111');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1230');
  await dialog.getByLabel('CVV').fill('123');
  await dialog.getByLabel('Name on card').fill('Rahul Sharma');
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByText(/Booking confirmed! Your PNR is [A-Z0-9]{6}/)).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/profile$/, { timeout: 10_000 });
}

/** Opens the newest booking's ticket from the profile. */
async function openNewestTicket(page: Page) {
  const row = page.getByTestId('booking-row').first();
  await expect(row).toContainText('Confirmed');
  await row.getByRole('link', { name: 'View Ticket' }).click();
  await expect(page).toHaveURL(/\/ticket\/BK\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible();
}

test('a 3-city plan booked as one trip: passengers once, paid once, one ticket with every journey and its PNR', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL, 'trip');
  await page.goto('/home');
  await page.getByRole('button', { name: 'Multi-City' }).click();
  const dialog = page.getByRole('dialog', { name: 'Multi-City Trip Planner' });
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'From (origin)' }), 'DEL');
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 2' }), 'GOI');
  await dialog.getByRole('button', { name: 'Add City' }).click();
  await pickFirstAirport(dialog.getByRole('combobox', { name: 'City 3' }), 'BOM');
  await dialog.getByRole('button', { name: 'Optimize Route' }).click();
  await expect(page.getByText('Route optimized for cost!')).toBeVisible({ timeout: 20_000 });
  // The planner honours the dates it asked for: the last flight lands on the last city's date.
  const lastDate = await dialog.getByLabel('Arrival date').inputValue();
  const legs = dialog.getByRole('region', { name: 'Your trip' }).locator('.mc-leg');
  await expect(legs).toHaveCount(2);
  await dialog.getByRole('link', { name: 'Book whole trip' }).click();

  await expect(page).toHaveURL(/\/result\/book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Your Trip' })).toBeVisible();
  await expect(page.getByText('Journey 1', { exact: true })).toBeVisible();
  await expect(page.getByText('Journey 2', { exact: true })).toBeVisible();
  await expect(page.getByTestId('passenger-card')).toHaveCount(1);
  await expect(page.getByTestId('running-total')).not.toHaveText('Pricing…', { timeout: 15_000 });
  await fillAdult(page);
  await scanLightAndDark(page);
  await shoot(page, 'whole-trip-book');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('heading', { name: 'Booking summary' })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Journeys' })).toBeVisible();
  await scanLightAndDark(page);
  await shoot(page, 'whole-trip-payment');
  await payByCard(page);

  await openNewestTicket(page);
  const journeys = page.locator('.trip-journey');
  await expect(journeys).toHaveCount(2);
  await expect(journeys.nth(0)).toContainText('DEL → GOI');
  await expect(journeys.nth(1)).toContainText('GOI → BOM');
  for (let i = 0; i < 2; i += 1) await expect(journeys.nth(i)).toContainText(/PNR [A-Z0-9]{6}/);
  await expect(page.getByText(/^\d{13}$/).first()).toBeVisible();
  const arrivals = await journeys.nth(1).locator('.itin-meta').textContent();
  expect(arrivals ?? '').toContain(new Intl.DateTimeFormat('en-IN', { day: 'numeric', timeZone: 'UTC' }).format(new Date(`${lastDate}T00:00:00Z`)));
  await scanLightAndDark(page);
  await shoot(page, 'whole-trip-ticket');
});

/** Direct itineraries of a one-way search (the API answer, expanded). */
async function directFlights(page: Page, from: string, to: string, date: string): Promise<Itinerary[]> {
  const res = await page.request.get(`/api/search?from=${from}&to=${to}&date=${date}&adults=1&children=0&infants=0`);
  return expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.filter((i) => i.stops === 0);
}

/** A round trip DEL → BOM → DEL on two airlines (9 and 13 days ahead) booked from the journeys state and paid once by card; lands on the profile. */
async function bookRoundTripOnTwoAirlines(page: Page) {
  const outDate = travelDate(9);
  const backDate = travelDate(13);
  const outs = await directFlights(page, 'DEL', 'BOM', outDate);
  const backs = await directFlights(page, 'BOM', 'DEL', backDate);
  const out = outs[0];
  const back = backs.find((b) => b.legs[0]?.carrier !== out?.legs[0]?.carrier);
  if (!out || !back) throw new Error('no round trip on two airlines');
  const query = (from: string, to: string, date: string) => ({ from, to, date, cabin: 'economy', adults: 1, children: 0, infants: 0 });
  const state = { journeys: [{ itinerary: out, query: query('DEL', 'BOM', outDate) }, { itinerary: back, query: query('BOM', 'DEL', backDate) }], specialReturn: null, separateTickets: true };
  // The results screen's Continue hands this state to /result/book.
  await page.goto('/home');
  await page.evaluate((s) => {
    window.history.pushState(s, '', '/result/book');
    window.dispatchEvent(new PopStateEvent('popstate', { state: s }));
  }, state);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Your Trip' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Separate tickets' })).toContainText('Bags are collected and checked in again.');
  await expect(page.getByTestId('running-total')).not.toHaveText('Pricing…', { timeout: 15_000 });
  await fillAdult(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await expect(page.getByRole('note', { name: 'Separate tickets' })).toBeVisible();
  await payByCard(page);
}

test('a round trip on two airlines booked and paid once, then its return journey cancelled alone from the ticket', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL, 'round');
  await bookRoundTripOnTwoAirlines(page);

  await openNewestTicket(page);
  const journeys = page.locator('.trip-journey');
  await expect(journeys).toHaveCount(2);
  await expect(journeys.nth(1)).toContainText('Separate ticket');
  await journeys.nth(1).getByRole('button', { name: 'Cancel journey 2' }).click();
  const dialog = page.getByRole('dialog', { name: /^Cancel journey 2 of booking/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Confirm cancellation' })).toBeEnabled({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(dialog.getByRole('heading', { name: 'Cancellation confirmed' })).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(journeys.nth(1)).toContainText('Cancelled');
  await expect(journeys.nth(0)).not.toContainText('Cancelled');
  await expect(journeys.nth(0).getByRole('button', { name: 'Cancel journey 1' })).toBeVisible();
  await expect(page.getByTestId('ticket-status')).toContainText(/Partly cancelled|Refund/i);
  await scanLightAndDark(page);
  await shoot(page, 'whole-trip-round-trip-ticket');
});

const roundTripUrl = (from: string, to: string, date: string, returnDate: string) =>
  `/result?from=${from}&to=${to}&date=${date}&cabin=economy&adults=1&children=0&infants=0&tripType=roundTrip&returnDate=${returnDate}`;

test('a domestic round trip chosen from the two lists (a special return on IndiGo) and paid once: the price shown is the price charged, one PNR', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL, 'rt-dom');
  await page.goto(roundTripUrl('DEL', 'BOM', isoDay(20), isoDay(24)));
  const outbound = page.getByRole('region', { name: /Outbound · DEL to BOM/ });
  const back = page.getByRole('region', { name: /Return · BOM to DEL/ });
  await expect(outbound.getByRole('button', { name: /^Select outbound / }).first()).toBeVisible({ timeout: 15_000 });
  await outbound.getByRole('listitem').filter({ hasText: /^IndiGo 6E/ }).first().getByRole('button', { name: /^Select outbound/ }).click();
  await back.getByRole('listitem').filter({ hasText: /less as a return on IndiGo/ }).first().getByRole('button', { name: /^Select return/ }).click();
  const summary = page.getByRole('region', { name: 'Your round trip' });
  const saving = ((await summary.getByText(/less as a return on IndiGo/).first().textContent()) ?? '').match(/₹[\d,]+/)?.[0];
  await summary.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/result\/book$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Book Your Trip' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Return fare' })).toContainText(`${saving ?? ''} less as a return on IndiGo`);
  await expect(page.getByTestId('running-total')).not.toHaveText('Pricing…', { timeout: 15_000 });
  const shown = await page.getByTestId('running-total').textContent();
  await fillAdult(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  // Charged what the booking screen showed: no price-changed dialog, the same total.
  await expect(page.getByTestId('pay-total')).toHaveText(shown ?? '');
  await payByCard(page);

  await openNewestTicket(page);
  const journeys = page.locator('.trip-journey');
  await expect(journeys).toHaveCount(2);
  const pnrs = await page.locator('.trip-pnr').allTextContents();
  expect(pnrs).toHaveLength(2);
  expect(pnrs[0]).toBe(pnrs[1]);
  // The special return is cancelled only as a whole: no journey on its own.
  await expect(page.getByRole('button', { name: /^Cancel journey/ })).toHaveCount(0);
  await scanLightAndDark(page);
});

test('an international round trip chosen as combined itineraries and paid once: one ticket with both journeys', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await signUpByApi(page, baseURL, 'rt-intl');
  await page.goto(roundTripUrl('DEL', 'DXB', isoDay(30), isoDay(37)));
  const outbound = page.getByRole('region', { name: /Outbound · DEL to DXB/ });
  await expect(outbound.getByRole('button', { name: /^Select outbound / }).first()).toBeVisible({ timeout: 15_000 });
  await outbound.getByRole('button', { name: /^Select outbound / }).first().click();
  await page.getByRole('region', { name: /Return · DXB to DEL/ }).getByRole('button', { name: /^Select return / }).first().click();
  await page.getByRole('region', { name: 'Your round trip' }).getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/result\/book$/);
  await expect(page.getByTestId('running-total')).not.toHaveText('Pricing…', { timeout: 15_000 });
  await fillAdult(page);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/payment$/);
  await payByCard(page);
  await openNewestTicket(page);
  const journeys = page.locator('.trip-journey');
  await expect(journeys).toHaveCount(2);
  await expect(journeys.nth(0)).toContainText('DEL → DXB');
  await expect(journeys.nth(1)).toContainText('DXB → DEL');
});

test('the return journey of a round trip changed to another flight by keyboard: a new ticket with the new return and the outbound as booked', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await signUpByApi(page, baseURL, 'rt-change');
  await bookRoundTripOnTwoAirlines(page);
  await openNewestTicket(page);
  const oldId = decodeURIComponent(page.url().split('/ticket/')[1] ?? '');
  const journeys = page.locator('.trip-journey');
  await expect(journeys).toHaveCount(2);
  const booked = (await (await page.request.get(`/api/bookings/${encodeURIComponent(oldId)}`)).json()) as { booking: { itinerary: Itinerary } };
  const outboundFlight = booked.booking.itinerary.legs[0]?.flightNumber ?? '';
  expect(outboundFlight).not.toBe('');
  // Each journey has its own Change flight; the booking as a whole has none.
  await expect(page.getByRole('link', { name: 'Change flight', exact: true })).toHaveCount(0);
  const change = journeys.nth(1).getByRole('link', { name: 'Change flight of journey 2' });
  await tabTo(page, change, { max: 120 });
  await pressKey(page, 'Enter');
  await expect(page).toHaveURL(/\/change\?journey=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Change flight' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('Journey 2 of 2: the other journeys stay as booked.')).toBeVisible();
  await expect(page.locator('.change-now')).toContainText('BOM → DEL');
  const options = page.getByTestId('change-option');
  await expect(options.first()).toBeVisible({ timeout: 15_000 });
  await scanLightAndDark(page);

  const choose = options.first().getByRole('button', { name: /^Change to / });
  const label = (await choose.getAttribute('aria-label')) ?? '';
  const newFlight = /^Change to (.+?) at /.exec(label)?.[1] ?? '';
  expect(newFlight).not.toBe('');
  await tabTo(page, choose, { max: 120 });
  await pressKey(page, 'Enter');
  await expect(page).toHaveURL(/\/(payment|ticket\/BK\d+)$/, { timeout: 15_000 });
  if (page.url().endsWith('/payment')) {
    await payByCard(page);
    await openNewestTicket(page);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'E-Ticket' })).toBeVisible();
  expect(decodeURIComponent(page.url().split('/ticket/')[1] ?? '')).not.toBe(oldId);
  await expect(page.getByRole('link', { name: oldId })).toBeVisible();
  await expect(journeys).toHaveCount(2);
  await expect(journeys.nth(1)).toContainText(newFlight);
  await expect(journeys.nth(1)).toContainText('BOM → DEL');
  await expect(journeys.nth(0)).toContainText(outboundFlight);
  await expect(journeys.nth(0)).toContainText('DEL → BOM');
  await scanLightAndDark(page);
  await shoot(page, 'whole-trip-round-trip-changed');
});
