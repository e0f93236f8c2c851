import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { scanPng } from '../support/barcode-scan';
import { expectNoAxeViolations } from './support/a11y';
import { type OwnServer, startServer } from './support/server';
import { travelDate } from './support/fixtures';

// These tests run their own server (a port next to the suite's), so they can stop it: offline
// here means the server is gone and the browser is offline, not a mocked request.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 5;
const ORIGIN = `http://localhost:${PORT}`;
const PASSWORD = 'Safar-e2e-pass-1';

test.use({ baseURL: ORIGIN, serviceWorkers: 'allow' });
test.describe.configure({ mode: 'serial' });

function dataDir(name: string): string {
  return `.test-data/pwa-${name}-${Date.now()}`;
}

/**
 * Books, pays and checks in a one-adult DEL → BOM flight through the API with the browser's session
 * cookie (search, hold, order, sandbox card payment, confirm, check-in): the data the offline tests read back.
 */
async function bookOneFlight(context: BrowserContext): Promise<{ id: string; pnr: string }> {
  const cookie = (await context.cookies(ORIGIN)).map((c) => `${c.name}=${c.value}`).join('; ');
  const call = async <T>(pathname: string, body?: unknown, extra: Record<string, string> = {}): Promise<T> => {
    const res = await fetch(`${ORIGIN}${pathname}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Cookie: cookie, Origin: ORIGIN, 'Content-Type': 'application/json', ...extra },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  // A flight 3 to 44 hours ahead, inside the check-in window whatever the time of day: the pass comes with check-in.
  let itinerary: Itinerary | undefined;
  for (const days of [0, 1, 2]) {
    const search = expandSearchResponse(await call<CompactSearchResponse>(`/api/search?from=DEL&to=BOM&date=${travelDate(days)}&adults=1&children=0&infants=0`));
    itinerary ??= search.itineraries.find((i) => i.stops === 0 && Date.parse(i.legs[0]?.departure ?? '') - Date.now() > 3 * 3_600_000 && Date.parse(i.legs[0]?.departure ?? '') - Date.now() < 44 * 3_600_000);
  }
  if (!itinerary) throw new Error('no direct DEL-BOM itinerary 3 to 44 hours ahead');
  const adult = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210', aadharCard: '234123412346' };
  const hold = await call<{ booking: { id: string } }>(
    '/api/bookings',
    { itineraryId: itinerary.id, passengers: [adult], quotedTotal: itinerary.price.total.total, acceptPriceChange: true },
    { 'Idempotency-Key': randomUUID() },
  );
  const order = await call<{ payment: { orderId: string } }>(`/api/bookings/${hold.booking.id}/payments`, { method: 'card' });
  const paid = await call<{ orderId: string; paymentId: string; signature: string }>('/api/payments/sandbox/pay', {
    orderId: order.payment.orderId,
    method: 'card',
    card: { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' },
  });
  const done = await call<{ booking: { id: string; pnr: string } }>(`/api/bookings/${hold.booking.id}/confirm`, paid, { 'Idempotency-Key': randomUUID() });
  await call(`/api/bookings/${hold.booking.id}/check-in`, { legIndex: 0, passengers: [{ position: 0 }] }, { 'Idempotency-Key': randomUUID() });
  return done.booking;
}

async function signUpAndIn(page: Page): Promise<string> {
  const email = `pwa-${randomUUID().slice(0, 8)}@example.com`;
  const headers = { Origin: ORIGIN, 'Content-Type': 'application/json' };
  expect((await page.request.post('/api/auth/signup', { headers, data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);
  expect((await page.request.post('/api/auth/login', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
  return email;
}

/** Waits until the service worker controls the page (the second load after the first visit). */
async function controlledBySw(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null || false, undefined, { timeout: 5_000 }).catch(async () => {
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
  });
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
}

/** Names of IndexedDB databases, localStorage keys and Cache Storage caches the page can see. */
async function browserStores(page: Page) {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((db) => db.name ?? ''),
    keys: Object.keys(localStorage),
    caches: await caches.keys(),
  }));
}

async function offlineDocumentCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const dbs = indexedDB.databases();
        void dbs.then((list) => {
          const name = list.map((d) => d.name ?? '').find((n) => n.startsWith('safar-offline:') && !n.endsWith(':anon'));
          if (!name) return resolve(0);
          const open = indexedDB.open(name);
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains('documents')) return resolve(0);
            const count = db.transaction('documents').objectStore('documents').count();
            count.onsuccess = () => {
              db.close();
              resolve(count.result);
            };
          };
          open.onerror = () => resolve(0);
        });
      }),
  );
}

test.describe('installable, offline-capable Safar', () => {
  let server: OwnServer | null = null;

  test.afterEach(async () => {
    await server?.stop();
    server = null;
  });

  test('tickets, wallet and boarding pass open with the server stopped; after Log Out nothing personal is left', async ({ page, context }) => {
    test.setTimeout(180_000);
    const dir = dataDir('offline');
    server = await startServer({ port: PORT, dataDir: dir });
    await signUpAndIn(page);
    const booking = await bookOneFlight(context);
    const passes = (await (await page.request.get('/api/boarding-passes')).json()) as { passes: { id: string; bcbp: string; passengerName: string }[] };
    const pass = passes.passes[0];
    expect(pass).toBeTruthy();

    // One online visit: the service worker installs, the offline copy (bookings, passes, PDFs) fills.
    await page.goto('/profile');
    await expect(page.getByTestId('booking-row')).toHaveCount(1, { timeout: 30_000 });
    await controlledBySw(page);
    await expect(page.getByRole('button', { name: 'Boarding passes (1)' })).toBeVisible();
    await expect.poll(() => offlineDocumentCount(page), { timeout: 20_000 }).toBe(2);

    // The network really goes: server stopped, browser offline.
    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByText('Limited functionality available')).toBeVisible();
    await expect(page.getByTestId('booking-row')).toHaveCount(1);
    await expect(page.getByTestId('booking-row')).toContainText(booking.pnr);

    // Offline Data counts what the device really holds.
    await page.getByRole('button', { name: 'Offline Data' }).click();
    const data = page.locator('.offline-data');
    await expect(data.locator('div', { hasText: 'Bookings' }).locator('dd')).toHaveText('1');
    await expect(data.locator('div', { hasText: 'Boarding passes' }).locator('dd')).toHaveText('1');
    await expectNoAxeViolations(page);

    // The ticket and its PDF.
    await page.getByRole('link', { name: 'View Ticket' }).click();
    await expect(page.locator('.ticket-pnr')).toHaveText(booking.pnr);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const pdf = readFileSync((await (await download).path()) ?? '');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A fresh offline load straight onto the ticket page works too.
    await page.goto(`/ticket/${booking.id}`);
    await expect(page.locator('.ticket-pnr')).toHaveText(booking.pnr);

    // The wallet and a boarding pass, whose barcode still decodes to the pass's BCBP.
    await page.getByRole('button', { name: 'Boarding passes (1)' }).click();
    await page.getByRole('dialog', { name: 'Boarding Passes' }).getByRole('button', { name: /Rahul Sharma/ }).click();
    const barcode = page.getByRole('dialog', { name: 'Boarding Pass' }).getByRole('img', { name: /barcode/ });
    await expect(barcode).toBeVisible();
    await barcode.evaluate((img: HTMLImageElement) => {
      img.style.width = '360px';
      img.style.height = '360px';
      img.style.imageRendering = 'pixelated';
    });
    expect(scanPng(await barcode.screenshot())).toBe(pass?.bcbp);
    await page.keyboard.press('Escape');

    // Back online, then Log Out from the header.
    server = await startServer({ port: PORT, dataDir: dir });
    await context.setOffline(false);
    await expect(page.getByText('Connection restored!')).toBeVisible({ timeout: 15_000 });
    await page.goto('/profile');
    // A server that has just restarted on a busy machine can take a while to answer.
    await expect(page.getByTestId('booking-row')).toHaveCount(1, { timeout: 30_000 });
    await page.getByRole('banner').getByRole('button', { name: 'Log Out' }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();

    // Offline again: nothing personal anywhere.
    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByRole('button', { name: /Boarding passes/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await expect(page.locator('.offline-data div', { hasText: 'Bookings' }).locator('dd')).toHaveText('0');
    await expect(page.locator('.offline-data div', { hasText: 'Boarding passes' }).locator('dd')).toHaveText('0');
    await page.goto('/profile');
    await expect(page.getByText('Sign in to see your bookings, tickets and travel statistics.')).toBeVisible();
    await page.goto(`/ticket/${booking.id}`);
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText(booking.pnr)).toHaveCount(0);
    await expect(page.getByText('Rahul')).toHaveCount(0);
    const stores = await browserStores(page);
    expect(stores.databases.filter((name) => name.startsWith('safar-') && !name.endsWith(':anon'))).toEqual([]);
    // The signed-out visitor's own (empty) database may be listed; nothing of the traveller's.
    expect(stores.keys.filter((key) => key.startsWith('safar:') && key !== 'safar:offline-dbs')).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('safar:offline-dbs') ?? '[]')).not.toMatch(/safar-offline:(?!anon)/);
    expect(stores.caches.every((name) => name.startsWith('workbox-precache'))).toBe(true);
    await context.setOffline(false);
  });

  test('Home, About and Explore open from the device offline; search and sign-in say in place that they need a connection', async ({ page, context }) => {
    test.setTimeout(120_000);
    server = await startServer({ port: PORT, dataDir: dataDir('shell') });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fly smarter across India and the world');
    await controlledBySw(page);

    await server.stop();
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText("You're offline")).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fly smarter across India and the world');

    // Screens never opened online come from the precache too.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('link', { name: 'Start Your Journey Today' })).toBeVisible();
    await page.goto('/about');
    await expect(page.getByRole('link', { name: 'Start Your Journey Today' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A search needs the network: the results screen says so where the flights would be.
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(9)}&cabin=economy&adults=1&children=0&infants=0`);
    await expect(page.getByRole('heading', { level: 1, name: 'Flight Results' })).toBeVisible();
    await expect(page.getByText(/Flight search needs an internet connection/)).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page);

    // Explore's live fares too.
    await page.goto('/explore');
    await expect(page.getByText(/This page needs an internet connection/)).toBeVisible({ timeout: 15_000 });

    // Sign-in says so at the form rather than leaving a blank page.
    await page.goto('/login');
    const form = page.getByRole('main').locator('form');
    await form.getByLabel('Email').fill('someone@example.com');
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Network error. Please check your connection.')).toBeVisible();
    await context.setOffline(false);
  });

  test('a price alert created online is counted in Offline Data and listed offline from the device', async ({ page, context }) => {
    test.setTimeout(150_000);
    const dir = dataDir('alerts');
    server = await startServer({ port: PORT, dataDir: dir });
    await signUpAndIn(page);

    // One alert, created online from a result card.
    await page.goto(`/result?from=DEL&to=BOM&date=${travelDate(20)}&cabin=economy&adults=1&children=0&infants=0`);
    const card = page.getByRole('main').getByRole('article').first();
    await expect(card).toBeVisible({ timeout: 45_000 });
    await card.getByRole('button', { name: 'Price Alert' }).click();
    const dialog = page.getByRole('dialog', { name: 'Price Alerts' });
    await dialog.getByLabel('Target price (₹, all travellers)').fill('1000');
    await dialog.getByRole('button', { name: 'Create Alert' }).click();
    await expect(page.getByText("Price alert created! We'll notify you when prices drop.")).toBeVisible();
    await expect(dialog.getByRole('listitem').filter({ hasText: 'DEL → BOM' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await controlledBySw(page);

    // The network really goes: server stopped, browser offline.
    await server.stop();
    await context.setOffline(true);
    await expect(page.getByText("You're offline")).toBeVisible();
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await expect(page.locator('.offline-data div', { hasText: 'Price alerts' }).locator('dd')).toHaveText('1');

    // The alerts screen opens from the device.
    await page.goto('/alerts');
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: 'DEL → BOM' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await expect(page.locator('.offline-data div', { hasText: 'Price alerts' }).locator('dd')).toHaveText('1');

    // Turning it off offline waits in the queue and is sent on reconnect.
    const item = page.getByRole('main').getByRole('listitem').filter({ hasText: 'DEL → BOM' });
    await item.getByRole('button', { name: 'Turn off alert DEL → BOM' }).click();
    await expect(item).toHaveAttribute('data-state', 'is-inactive');
    await expect(page.getByText("You're offline. Turning off price alert DEL → BOM will be sent when you're back online.")).toBeVisible();
    // The panel counts when it opens: close and open it again.
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await expect(page.locator('.offline-data div', { hasText: 'Waiting to sync' }).locator('dd')).toHaveText('1');
    server = await startServer({ port: PORT, dataDir: dir });
    await context.setOffline(false);
    await expect(page.getByText('Offline data synced successfully!')).toBeVisible({ timeout: 15_000 });
    const alerts = (await (await page.request.get('/api/price-alerts')).json()) as { alerts: { active: boolean }[] };
    expect(alerts.alerts.map((a) => a.active)).toEqual([false]);
    await expect(item).toHaveAttribute('data-state', 'is-inactive');
  });

  test('favourites changed offline wait in the queue and are synced on reconnect', async ({ page, context }) => {
    test.setTimeout(150_000);
    const dir = dataDir('queue');
    server = await startServer({ port: PORT, dataDir: dir });
    await signUpAndIn(page);
    await page.goto('/explore');
    const cards = page.getByTestId('route-card');
    await expect(cards.first()).toBeVisible({ timeout: 45_000 });
    const first = cards.nth(0).getByRole('button', { name: /^Favourite / });
    const second = cards.nth(1).getByRole('button', { name: /^Favourite / });
    const firstName = (await first.getAttribute('aria-label')) ?? '';
    const secondName = (await second.getAttribute('aria-label')) ?? '';
    // The app is on the device (as for any returning traveller) before the signal drops.
    await controlledBySw(page);

    // The signal drops while browsing: server gone, browser offline.
    await server.stop();
    await context.setOffline(true);
    await expect(page.getByText("You're offline")).toBeVisible();
    await first.click();
    await expect(first).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(/will be sent when you're back online/).first()).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Offline Data' }).click();
    await expect(page.locator('.offline-data div', { hasText: 'Waiting to sync' }).locator('dd')).toHaveText('2');

    // Back online: the queue is replayed with the sync messages, and the server has both.
    server = await startServer({ port: PORT, dataDir: dir });
    await context.setOffline(false);
    await expect(page.getByText('Connection restored!')).toBeVisible();
    await expect(page.getByText('Syncing offline data...')).toBeVisible();
    await expect(page.getByText('Offline data synced successfully!')).toBeVisible({ timeout: 15_000 });
    const favorites = (await (await page.request.get('/api/explore/favorites')).json()) as { routeIds: string[] };
    expect(favorites.routeIds).toHaveLength(2);
    await page.reload();
    await expect(page.getByRole('button', { name: firstName })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: secondName })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a flight tracked offline waits in Recent Searches and is recorded on reconnect', async ({ page, context }) => {
    test.setTimeout(150_000);
    const dir = dataDir('tracker');
    server = await startServer({ port: PORT, dataDir: dir });
    await signUpAndIn(page);
    await page.goto(`/result?from=BOM&to=DEL&date=${travelDate(3)}&cabin=economy&adults=1&children=0&infants=0`);
    const cards = page.getByRole('main').getByRole('article');
    await expect(cards.first()).toBeVisible({ timeout: 45_000 });
    const numberOf = async (index: number) => /([0-9A-Z]{2} \d+)/.exec((await cards.nth(index).getByRole('heading').first().textContent()) ?? '')?.[1] ?? '';
    const first = await numberOf(0);
    let second = '';
    for (let i = 1; i < 10 && (second === '' || second === first); i++) second = await numberOf(i);
    expect(second).not.toBe(first);

    // Online: tracked and recorded; the device keeps a copy of Recent Searches.
    await cards.first().getByRole('button', { name: 'Track Flight' }).click();
    let dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(dialog.getByRole('heading', { name: new RegExp(`^${first} `) })).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByRole('region', { name: 'Recent Searches' }).getByRole('button', { name: new RegExp(`^${first}`) })).toBeVisible();
    await page.keyboard.press('Escape');
    await controlledBySw(page);
    await expect(cards.first()).toBeVisible({ timeout: 45_000 });

    // The signal drops: live status cannot come, the search itself waits in the queue.
    await server.stop();
    await context.setOffline(true);
    await expect(page.getByText("You're offline")).toBeVisible();
    const card = page.getByRole('main').getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(second) }) }).first();
    await card.getByRole('button', { name: 'Track Flight' }).click();
    dialog = page.getByRole('dialog', { name: 'Flight Tracker' });
    await expect(dialog.getByText(`You're offline. Live flight status needs an internet connection. ${second} is in Recent Searches and will be tracked when you're back online.`)).toBeVisible();
    const recent = dialog.getByRole('region', { name: 'Recent Searches' });
    await expect(recent.getByRole('list', { name: 'Waiting to sync' }).getByRole('listitem')).toHaveText(new RegExp(`^${second}`));
    // The earlier search comes from the device.
    await expect(recent.getByRole('button', { name: new RegExp(`^${first}`) })).toBeVisible();
    await expect(page.getByText(`You're offline. Recent search ${second} will be sent when you're back online.`)).toBeVisible();
    await expectNoAxeViolations(page);

    server = await startServer({ port: PORT, dataDir: dir });
    await context.setOffline(false);
    // A server that has just restarted on a busy machine can take a while to answer.
    await expect(recent.getByRole('list', { name: 'Waiting to sync' })).toHaveCount(0, { timeout: 45_000 });
  });

  test('a new version is offered with a Refresh notice and loads; the old one keeps working until then', async ({ page }) => {
    test.setTimeout(120_000);
    // v2: a second real build of the same code, under another build id.
    const v2 = mkdtempSync(path.join(tmpdir(), 'safar-v2-'));
    execFileSync('npx', ['vite', 'build', '--outDir', v2, '--emptyOutDir', '--logLevel', 'error'], { env: { ...process.env, SAFAR_BUILD_ID: 'v2-e2e' }, stdio: 'inherit' });
    const dir = dataDir('update');

    server = await startServer({ port: PORT, dataDir: dir });
    await page.goto('/');
    await controlledBySw(page);
    const v1 = await page.locator('meta[name="safar-build"]').getAttribute('content');
    expect(v1).not.toBe('v2-e2e');

    await server.stop();
    server = await startServer({ port: PORT, dataDir: dir, webDistDir: v2 });
    // The open tab still runs v1 entirely from its precache (v1's chunks are gone from the server).
    await page.reload();
    await expect(page.locator('meta[name="safar-build"]')).toHaveAttribute('content', v1 ?? '');
    await page.getByRole('banner').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const notice = page.getByRole('status').filter({ hasText: 'A new version of Safar is available' });
    await expect(notice).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);
    await notice.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.locator('meta[name="safar-build"]')).toHaveAttribute('content', 'v2-e2e', { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test.describe('install prompt', () => {
  let server: OwnServer | null = null;
  test.beforeAll(async () => {
    server = await startServer({ port: PORT, dataDir: dataDir('install') });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** What Chromium fires when Safar may be installed, with the outcome the traveller picks. */
  async function offerInstall(page: Page, outcome: 'accepted' | 'dismissed') {
    await page.evaluate((choice) => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };
      event.prompt = async () => {};
      event.userChoice = Promise.resolve({ outcome: choice });
      window.dispatchEvent(event);
    }, outcome);
  }

  test('appears 30 s after the browser offers installation; Later hides it for good', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'accepted');
    await page.clock.runFor(29_000);
    await expect(page.getByRole('region', { name: 'Install Safar' })).toHaveCount(0);
    await page.clock.runFor(1_500);
    const prompt = page.getByRole('region', { name: 'Install Safar' });
    await expect(prompt).toBeVisible();
    await expectNoAxeViolations(page);
    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(page.getByText('You can install Safar anytime from your browser menu')).toBeVisible();
    await expect(prompt).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await offerInstall(page, 'accepted');
    await page.clock.runFor(60_000);
    await expect(page.getByRole('region', { name: 'Install Safar' })).toHaveCount(0);
  });

  test('Install shows the browser dialog and says how it went', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await offerInstall(page, 'accepted');
    await page.clock.runFor(30_500);
    await page.getByRole('region', { name: 'Install Safar' }).getByRole('button', { name: 'Install' }).click();
    await expect(page.getByText('Installing...')).toBeVisible();
    await expect(page.getByText('Safar installed successfully!')).toBeVisible();

    await page.reload();
    await offerInstall(page, 'dismissed');
    await page.clock.runFor(30_500);
    await page.getByRole('region', { name: 'Install Safar' }).getByRole('button', { name: 'Install' }).click();
    await expect(page.getByText('Installation cancelled')).toBeVisible();
  });

  test('the manifest names Safar, starts standalone and lists every icon size', async ({ page }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: { sizes: string; purpose?: string; src: string }[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest.short_name).toBe('Safar');
    expect(manifest.display).toBe('standalone');
    expect(manifest.start_url).toMatch(/^\//);
    for (const size of ['192x192', '512x512']) {
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'any')).toBe(true);
      expect(manifest.icons.some((i) => i.sizes === size && i.purpose === 'maskable')).toBe(true);
    }
    for (const icon of manifest.icons) expect((await page.request.get(icon.src)).status()).toBe(200);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/home?source=pwa-shortcut', '/profile?source=pwa-shortcut']);
  });

  test('Chromium itself finds Safar installable: manifest, icons and a service worker that controls the page', async ({ page }) => {
    await page.goto('/');
    await controlledBySw(page);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A test's browser context is off the record, which Chromium reports on its own; every other criterion is the app's.
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);
  });
});
