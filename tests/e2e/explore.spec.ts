import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { expectNoAxeViolations, scanLightAndDark } from './support/a11y';
import { newEmail, toastsClosed, travelDate, signUpByApi, E2E_PASSWORD as PASSWORD } from './support/fixtures';

/**
 * Explore and the help chatbot, used the way a traveller would: browse, search, sort, filter
 * and page the routes; details; booking signed out and in; favourites and share; deals; the
 * chatbot's quick and free questions, and its answer from the traveller's own booking.
 */


async function openExplore(page: Page, path = '/explore') {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore the World' })).toBeVisible();
  await expect(page.getByText(/^\d+ routes found$/)).toBeVisible({ timeout: 20_000 });
}

const cards = (page: Page) => page.getByTestId('route-card');

test.describe('explore', () => {
  test('browse, search, sort, filter and page the popular routes', async ({ page }) => {
    await openExplore(page);
    await expect(page.getByText('Discover amazing destinations, track flights in real-time, and find the best deals for your next adventure')).toBeVisible();
    for (const [value, label] of [['500+', 'Airlines'], ['1000+', 'Routes'], ['24/7', 'Support']]) {
      await expect(page.locator('.explore-stat', { hasText: label })).toContainText(value ?? '');
    }
    await expect(page.getByRole('heading', { name: 'Flight Tracking' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Popular Routes' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Best Deals' })).toHaveAttribute('aria-selected', 'false');

    const total = Number((await page.getByText(/^\d+ routes found$/).textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThanOrEqual(20);
    await expect(cards(page)).toHaveCount(6);
    await expect(cards(page).first()).toContainText('New Delhi → Mumbai');
    await expect(cards(page).first().getByRole('button', { name: /^Quick Book/ })).toBeVisible();
    await expect(cards(page).first().getByRole('button', { name: /^View Details/ })).toBeVisible();
    // Load More Routes adds 6 while more remain, then disappears.
    let shown = 6;
    while (shown < total) {
      await page.getByRole('button', { name: 'Load More Routes' }).click();
      shown = Math.min(total, shown + 6);
      await expect(cards(page)).toHaveCount(shown);
    }
    await expect(page.getByRole('button', { name: 'Load More Routes' })).toHaveCount(0);
    await scanLightAndDark(page);

    // Search: case-insensitive substring on origin or destination.
    await page.getByPlaceholder('Search destinations...').fill('GOA');
    await expect(page.getByText('3 routes found')).toBeVisible();
    await expect(cards(page)).toHaveCount(3);
    await page.getByPlaceholder('Search destinations...').fill('paris');
    await expect(page.getByText('1 routes found')).toBeVisible();
    await expect(cards(page).first()).toContainText('London → Paris');
    await page.getByPlaceholder('Search destinations...').fill('');

    // Sort by Duration: by minutes, shortest first.
    await page.getByLabel('Sort by').selectOption({ label: 'Duration' });
    const durations = await cards(page).locator('.route-duration').allTextContents();
    const minutes = durations.map((d) => {
      const h = /(\d+)h/.exec(d)?.[1] ?? '0';
      const m = /(\d+)m/.exec(d)?.[1] ?? '0';
      return Number(h) * 60 + Number(m);
    });
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    await expect(cards(page)).toHaveCount(6);

    // Sort by Price and filter Under ₹10,000: ascending, all at most 10,000.
    await page.getByLabel('Sort by').selectOption({ label: 'Price' });
    await page.getByLabel('Price', { exact: true }).selectOption({ label: 'Under ₹10,000' });
    const count = Number((await page.getByText(/^\d+ routes found$/).textContent())?.split(' ')[0]);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThan(total);
    const prices = (await cards(page).locator('.route-price strong').allTextContents()).map((p) => Number(p.replace(/[^\d]/g, '')));
    expect(prices.every((p) => p <= 10_000)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await page.getByLabel('Sort by').selectOption({ label: 'Rating' });
    const ratings = (await cards(page).locator('.route-rating').allTextContents()).map(Number);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
  });

  test('details from the schedule; Book This Route signed out asks to log in and returns pre-filled', async ({ page }) => {
    await openExplore(page);
    await page.getByPlaceholder('Search destinations...').fill('paris');
    await cards(page).first().getByRole('button', { name: /^View Details/ }).click();
    const dialog = page.getByRole('dialog', { name: 'London → Paris' });
    await expect(dialog).toBeVisible();
    for (const heading of ['Flight Information', 'Schedule', 'Available Airlines', 'Amenities', 'Important Information']) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText('British Airways').first()).toBeVisible();
    await expect(dialog.getByText('Air France').first()).toBeVisible();
    await expect(dialog.getByText(/First \d\d:\d\d, last \d\d:\d\d/).first()).toBeVisible();
    await expect(dialog.getByText(/Terminal/).first()).toBeVisible();
    await expect(dialog.getByText(/Baggage:/).first()).toBeVisible();
    await expect(page).toHaveURL(/route=lhr-cdg/);
    await toastsClosed(page);
    await expectNoAxeViolations(page);
    // × closes, and so does Close.
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
    await expect(dialog).toHaveCount(0);
    await cards(page).first().getByRole('button', { name: /^View Details/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Book This Route' }).click();
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    const email = newEmail('explore');
    const headers = { Origin: new URL(page.url()).origin, 'Content-Type': 'application/json' };
    expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Pre-filled route: London to Paris')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('London');
    await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue('Paris');
  });

  test('Quick Book signed in goes to Home pre-filled', async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'explore');
    await openExplore(page);
    const catalogue = (await (await page.request.get('/api/explore/routes')).json()) as { routes: { id: string; priceDate: string | null }[] };
    const goa = catalogue.routes.find((r) => r.id === 'bom-goi');
    await cards(page).nth(1).getByRole('button', { name: /^Quick Book/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText('Pre-filled route: Mumbai to Goa')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'From' })).toHaveValue('Mumbai');
    // The date of the price the card showed comes along, so the search opens on that fare.
    expect(goa?.priceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel('Departure Date')).toHaveValue(goa?.priceDate ?? '');
  });

  test("a deal's Book Now signed in lands on Home with the deal's route and date filled", async ({ page, baseURL }) => {
    await signUpByApi(page, baseURL, 'explore');
    await openExplore(page, '/explore');
    await page.getByRole('tab', { name: 'Best Deals' }).click();
    const deals = page.getByTestId('deal-card');
    await expect(deals).toHaveCount(3);
    const catalogue = (await (await page.request.get('/api/explore/routes')).json()) as { routes: { name: string; name2: string; savingPercent: number; priceDate: string | null }[] };
    const best = [...catalogue.routes].sort((a, b) => b.savingPercent - a.savingPercent)[0];
    expect(best?.priceDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await deals.first().getByRole('button', { name: /^Book Now/ }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(`Pre-filled route: ${best?.name} to ${best?.name2}`)).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'To' })).toHaveValue(best?.name2 ?? '');
    await expect(page.getByLabel('Departure Date')).toHaveValue(best?.priceDate ?? '');
  });

  test('favourites for a visitor stay in the browser and join the account on sign-in; share copies the link', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.addInitScript(() => {
      // This Chromium has no share sheet; make sure the clipboard fallback is what runs.
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    });
    await openExplore(page);
    const goa = cards(page).nth(1);
    const fav = goa.getByRole('button', { name: 'Favourite Mumbai → Goa' });
    await expect(fav).toHaveAttribute('aria-pressed', 'false');
    await fav.click();
    await expect(page.getByText('Added to favorites')).toBeVisible();
    await expect(fav).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(cards(page).nth(1).getByRole('button', { name: 'Favourite Mumbai → Goa' })).toHaveAttribute('aria-pressed', 'true');
    await cards(page).nth(2).getByRole('button', { name: /^Favourite/ }).click();
    await cards(page).nth(2).getByRole('button', { name: /^Favourite/ }).click();
    await expect(page.getByText('Removed from favorites')).toBeVisible();

    await cards(page).nth(1).getByRole('button', { name: 'Share Mumbai → Goa' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${new URL(page.url()).origin}/explore?route=bom-goi`);
    await page.goto(link);
    await expect(page.getByRole('dialog', { name: 'Mumbai → Goa' })).toBeVisible();

    // Signing in merges the visitor's favourites into the account.
    await signUpByApi(page, baseURL, 'explore');
    await openExplore(page);
    await expect(cards(page).nth(1).getByRole('button', { name: 'Favourite Mumbai → Goa' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => ((await (await page.request.get('/api/explore/favorites')).json()) as { routeIds: string[] }).routeIds).toEqual(['bom-goi']);
    expect(await page.evaluate(() => localStorage.getItem('safar:favorites'))).toBeNull();
    await cards(page).nth(0).getByRole('button', { name: /^Favourite/ }).click();
    await expect.poll(async () => ((await (await page.request.get('/api/explore/favorites')).json()) as { routeIds: string[] }).routeIds).toEqual(['del-bom', 'bom-goi']);
  });

  test('Best Deals shows three honest savings with the typical price struck through', async ({ page }) => {
    await openExplore(page, '/explore');
    await page.getByRole('tab', { name: 'Best Deals' }).click();
    await expect(page.getByRole('heading', { name: "Today's Best Deals" })).toBeVisible();
    await expect(page.getByText('Limited time offers on popular routes')).toBeVisible();
    const deals = page.getByTestId('deal-card');
    await expect(deals).toHaveCount(3);
    const catalogue = (await (await page.request.get('/api/explore/routes')).json()) as { routes: { name: string; name2: string; price: number; typicalPrice: number; savingPercent: number }[] };
    const best = [...catalogue.routes].sort((a, b) => b.savingPercent - a.savingPercent)[0];
    await expect(deals.first()).toContainText(`${best?.savingPercent}% OFF`);
    await expect(deals.first()).toContainText(`${best?.name} → ${best?.name2}`);
    await expect(deals.first().locator('s')).toBeVisible();
    await scanLightAndDark(page);
    await deals.first().getByRole('button', { name: /^Book Now/ }).click();
    await expect(page.getByText('Please login to book flights')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keyboard only: tabs, search, a card and its details', async ({ page }) => {
    await openExplore(page);
    await page.getByRole('tab', { name: 'Popular Routes' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Best Deals' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Popular Routes' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByPlaceholder('Search destinations...')).toBeFocused();
    await page.keyboard.type('srinagar');
    await expect(page.getByText('1 routes found')).toBeVisible();
    const details = cards(page).first().getByRole('button', { name: /^View Details/ });
    for (let i = 0; i < 12 && !(await details.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(details).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'New Delhi → Srinagar' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(details).toBeFocused();
  });

  test('the flight-tracking box opens the Flight Tracker with the flight; ?track= opens it on arrival', async ({ page }) => {
    await openExplore(page);
    await page.getByRole('button', { name: 'Track Flight' }).click();
    await expect(page.locator('#tracking-error')).toHaveText('Please enter a flight number');
    await page.getByLabel('Flight number').fill('6e 2134');
    await page.getByRole('button', { name: 'Track Flight' }).click();
    const tracker = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(tracker).toBeVisible();
    await expect(tracker).toContainText('6E 2134', { timeout: 15_000 });
    await page.keyboard.press('Escape');
    await expect(tracker).toHaveCount(0);
    await page.goto('/explore?track=AI101#flight-tracking');
    await expect(page.getByRole('dialog', { name: 'Flight Tracker' })).toContainText('AI 101', { timeout: 15_000 });
  });
});

test.describe('help chatbot', () => {
  test('starts closed; quick and free questions; empty ignored; focus in and back', async ({ page }) => {
    await page.goto('/about');
    const button = page.getByRole('button', { name: 'Help chat' });
    await expect(button).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await button.click();
    const chat = page.getByRole('dialog', { name: 'Safar Assistant' });
    await expect(chat).toBeVisible();
    await expect(chat.getByRole('textbox', { name: 'Type your message' })).toBeFocused();
    await expect(chat.getByRole('log')).toContainText("Hi! I'm Safar's help assistant.");
    const quick = chat.getByRole('list', { name: 'Quick questions' }).getByRole('button');
    await expect(quick).toHaveCount(5);
    await expectNoAxeViolations(page);

    // Empty or whitespace-only messages are ignored.
    await chat.getByRole('textbox', { name: 'Type your message' }).fill('   ');
    await page.keyboard.press('Enter');
    await chat.getByRole('button', { name: 'Send message' }).click();
    await expect(chat.locator('.chatbot-msg')).toHaveCount(1);

    await quick.first().click();
    await expect(chat.getByRole('log')).toContainText('click Search Flights, choose a flight and click Book Now');
    await expect(chat.getByRole('list', { name: 'Quick questions' })).toHaveCount(0);

    await chat.getByRole('textbox', { name: 'Type your message' }).fill('refnd kab milega');
    await page.keyboard.press('Enter');
    await expect(chat.getByRole('log')).toContainText('5-7 business days');
    await chat.getByRole('textbox', { name: 'Type your message' }).fill('is my flite delayed');
    await chat.getByRole('button', { name: 'Send message' }).click();
    await expect(chat.getByRole('link', { name: 'Flight Tracking in Explore' }).last()).toBeVisible();
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await expectNoAxeViolations(page);
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'light'));

    await page.keyboard.press('Escape');
    await expect(chat).toHaveCount(0);
    await expect(button).toBeFocused();
    // The conversation is kept; the link answer leads to Explore's tracking section.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Safar Assistant' }).locator('.chatbot-msg')).toHaveCount(7);
    await page.getByRole('dialog').getByRole('link', { name: 'Flight Tracking in Explore' }).last().click();
    await expect(page).toHaveURL(/\/explore#flight-tracking$/);
    await expect(page.getByRole('heading', { name: 'Flight Tracking' })).toBeVisible();
  });

  test('"where is my ticket" answers a signed-in traveller with their own booking, a visitor with none', async ({ page, baseURL }) => {
    await page.goto('/about');
    await page.getByRole('button', { name: 'Help chat' }).click();
    const chat = page.getByRole('dialog', { name: 'Safar Assistant' });
    await chat.getByRole('textbox', { name: 'Type your message' }).fill('where is my ticket');
    await page.keyboard.press('Enter');
    await expect(chat.getByRole('log')).toContainText('Sign in to see your own trips');

    await signUpByApi(page, baseURL, 'explore');
    const origin = baseURL ?? 'http://localhost:3100';
    const headers = { Origin: origin, 'Content-Type': 'application/json' };
    const search = expandSearchResponse((await (await page.request.get(`/api/search?from=DEL&to=BOM&date=${travelDate(9)}&adults=1&children=0&infants=0`)).json()) as CompactSearchResponse);
    const itinerary = search.itineraries.find((i) => i.stops === 0) as Itinerary;
    const hold = await page.request.post('/api/bookings', {
      headers: { ...headers, 'Idempotency-Key': randomUUID() },
      data: {
        itineraryId: itinerary.id,
        passengers: [{ title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210' }],
        quotedTotal: itinerary.price.total.total,
        acceptPriceChange: true,
      },
    });
    expect(hold.status()).toBe(201);
    const booking = ((await hold.json()) as { booking: { id: string; pnr: string } }).booking;
    const order = ((await (await page.request.post(`/api/bookings/${booking.id}/payments`, { headers, data: { method: 'card' } })).json()) as { payment: { orderId: string } }).payment;
    const paid = (await (
      await page.request.post('/api/payments/sandbox/pay', { headers, data: { orderId: order.orderId, method: 'card', card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' } } })
    ).json()) as { orderId: string; paymentId: string; signature: string };
    const confirm = await page.request.post(`/api/bookings/${booking.id}/confirm`, { headers: { ...headers, 'Idempotency-Key': randomUUID() }, data: paid });
    expect(confirm.status()).toBe(200);

    await page.goto('/about');
    await page.getByRole('button', { name: 'Help chat' }).click();
    const signedIn = page.getByRole('dialog', { name: 'Safar Assistant' });
    await signedIn.getByRole('textbox', { name: 'Type your message' }).fill('where is my ticket');
    await page.keyboard.press('Enter');
    await expect(signedIn.getByRole('log')).toContainText(`PNR ${booking.pnr}`);
    await expect(signedIn.getByRole('log')).toContainText('New Delhi (DEL) → Mumbai (BOM)');
    await expect(signedIn.getByRole('link', { name: 'Open the ticket' })).toHaveAttribute('href', `/ticket/${booking.id}`);
  });
});
