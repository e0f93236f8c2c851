import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createDuffelApp, DUFFEL_APP_NOW, duffelSearch } from '../../../tests/support/duffel-app';
import { jsonHeaders } from '../../../tests/support/test-app';
import type { AlertView } from '../../core/alerts';
import type { ExploreCatalogue } from '../../core/explore-schemas';
import type { Recommendations } from '../../core/recommendations';
import type { FareCalendar } from '../../core/search';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { checkDueAlerts } from '../../domain/alerts/check';
import { ALERT_FARE_MAX_AGE_MS, knownFareSource } from '../../domain/alerts/known-pricing';
import { priceAlertChecker } from '../jobs/price-alerts';

type DuffelApp = Awaited<ReturnType<typeof createDuffelApp>>;
let ctx: DuffelApp | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

async function start(env: Record<string, string> = {}) {
  ctx = await createDuffelApp(Object.keys(env).length > 0 ? { env } : {});
  return ctx;
}

const offerRequests = (fake: DuffelApp['fake']) => fake.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/air/offer_requests')).length;

async function get<T>(app: DuffelApp['app'], path: string): Promise<T> {
  const res = await app.request(path, { headers: jsonHeaders() });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** The cheapest all-in price per traveller Results showed for a one-adult search. */
async function cheapest(app: DuffelApp['app'], from: string, to: string): Promise<number> {
  const { itineraries } = await duffelSearch(app, from, to);
  const prices = itineraries.map((it) => it.price.total.total);
  expect(prices.length).toBeGreaterThan(0);
  return Math.min(...prices);
}

function runAlerts(app: DuffelApp) {
  if (app.supplier.id !== 'duffel') throw new Error('not in Duffel mode');
  return checkDueAlerts({ db: app.database.db, clock: app.clock, world: app.world, inventory: app.inventory, known: knownFareSource(app.supplier) });
}

async function createAlert(app: DuffelApp['app'], cookie: string, email: string, body: Record<string, unknown>) {
  const res = await app.request('/api/price-alerts', {
    method: 'POST',
    headers: jsonHeaders({ Cookie: cookie, 'Idempotency-Key': randomUUID() }),
    body: JSON.stringify({ cabin: 'economy', adults: 1, children: 0, infants: 0, email, targetPrice: 10_000_000, ...body }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { alert: AlertView }).alert;
}

describe('Duffel mode: screens read last-known fares (all-in, with their age) and never ask the supplier', () => {
  it('the fare calendar, Explore and recommendations show the price Results showed, with when it was seen', async () => {
    const { app, fake } = await start();
    const results = await cheapest(app, 'DEL', 'BOM');
    const asked = offerRequests(fake);

    const calendar = await get<FareCalendar>(app, '/api/fares/calendar?from=DEL&to=BOM&month=2026-12');
    const day = calendar.days.find((d) => d.date === '2026-12-15');
    // Safar's fee is in the calendar's price: the same all-in price per traveller as Results.
    expect(day).toEqual({ date: '2026-12-15', lowestFare: results, seenAt: new Date(DUFFEL_APP_NOW).toISOString() });
    expect(calendar.days.find((d) => d.date === '2026-12-16')).toEqual({ date: '2026-12-16', lowestFare: null, seenAt: null });

    const explore = await get<ExploreCatalogue>(app, '/api/explore/routes');
    const delBom = explore.routes.find((r) => r.id === 'del-bom');
    expect(delBom).toMatchObject({ price: results, priceDate: '2026-12-15', seenAt: new Date(DUFFEL_APP_NOW).toISOString(), typicalPrice: results });
    // A route no search has seen keeps its card: its fare is unknown, not absent.
    expect(explore.routes.find((r) => r.id === 'bom-goi')).toMatchObject({ price: null, priceDate: null, seenAt: null, typicalPrice: null });
    expect(explore.routes).toHaveLength(24);

    const details = await get<{ route: { price: number | null; seenAt?: string | null } }>(app, '/api/explore/routes/del-bom');
    expect(details.route).toMatchObject({ price: results, seenAt: new Date(DUFFEL_APP_NOW).toISOString() });

    const recs = await get<Recommendations>(app, `/api/recommendations?from=DEL&budget=100000`);
    expect(recs.ready).toBe(true);
    // Only destinations a search has seen are recommended: an unknown fare cannot promise the budget.
    expect(recs.recommendations.map((r) => r.code)).toEqual(['BOM']);
    expect(recs.recommendations[0]).toMatchObject({ price: results, priceDate: '2026-12-15', seenAt: new Date(DUFFEL_APP_NOW).toISOString() });
    const tight = await get<Recommendations>(app, `/api/recommendations?from=DEL&budget=${Math.max(1000, results - 1)}`);
    if (results - 1 >= 1000) expect(tight.recommendations).toEqual([]);

    expect(offerRequests(fake)).toBe(asked);
  });

  it('a fare ages on every screen as the clock moves; a newer search replaces it', async () => {
    const { app, clock } = await start();
    await cheapest(app, 'DEL', 'BOM');
    clock.advance(2 * 3_600_000);
    const explore = await get<ExploreCatalogue>(app, '/api/explore/routes');
    expect(explore.routes.find((r) => r.id === 'del-bom')?.seenAt).toBe(new Date(DUFFEL_APP_NOW).toISOString());
    await duffelSearch(app, 'DEL', 'BOM', '&adults=2');
    const again = await get<ExploreCatalogue>(app, '/api/explore/routes');
    expect(again.routes.find((r) => r.id === 'del-bom')?.seenAt).toBe(clock.now().toISOString());
  });
});

describe('Duffel mode: the price-alert job stays within the search budget', () => {
  it('refreshes at most SUPPLIER_SEARCHES_PER_MINUTE route-days a minute and skips the rest, counting travellers’ searches', async () => {
    const app = await start({ SUPPLIER_SEARCHES_PER_MINUTE: '3' });
    const { cookie, user } = await signUpAndLogin(app.app);
    const routes = [
      { from: 'DEL', to: 'BOM', dateFrom: '2026-12-15' },
      { from: 'DEL', to: 'BOM', dateFrom: '2026-12-16' },
      { from: 'DEL', to: 'BLR', dateFrom: '2026-12-15' },
      { from: 'BOM', to: 'BLR', dateFrom: '2026-12-15' },
      { from: 'BOM', to: 'DEL', dateFrom: '2026-12-15' },
    ];
    for (const route of routes) await createAlert(app.app, cookie, user.email, route);

    const before = offerRequests(app.fake);
    const first = await runAlerts(app);
    expect(first).toMatchObject({ checked: 5, refreshed: 3, skipped: 2 });
    expect(offerRequests(app.fake) - before).toBe(3);
    // Refreshed alerts triggered on their fresh fare; skipped ones had no fare and stay quiet.
    expect(first.triggered).toBe(3);

    // A minute later the budget is whole again, but a traveller's search (never refused) spends one of it.
    app.clock.advance(61 * 60_000);
    await duffelSearch(app.app, 'LHR', 'JFK');
    const second = await runAlerts(app);
    expect(second.checked).toBe(5);
    expect(second).toMatchObject({ refreshed: 2, skipped: 3 });
    expect(offerRequests(app.fake) - before).toBe(3 + 1 + 2);
  });

  it('triggers on a fresh or recent last-known fare, never on one older than the bound', async () => {
    const app = await start({ SUPPLIER_SEARCHES_PER_MINUTE: '1' });
    const { cookie, user } = await signUpAndLogin(app.app);
    const results = await cheapest(app.app, 'DEL', 'BOM');
    // The traveller's search spent this minute's budget: the job uses the last-known fare (seen just now).
    const alert = await createAlert(app.app, cookie, user.email, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-15', targetPrice: results });
    const first = await runAlerts(app);
    expect(first).toMatchObject({ checked: 1, refreshed: 0, skipped: 0, triggered: 1 });
    const [seen] = ((await (await app.app.request('/api/price-alerts', { headers: jsonHeaders({ Cookie: cookie }) })).json()) as { alerts: AlertView[] }).alerts;
    expect(seen).toMatchObject({ id: alert.id, triggered: true, triggeredPrice: results, currentPrice: results, priceSeenAt: new Date(DUFFEL_APP_NOW).toISOString() });

    // A second alert on the same route; the fare is now older than the bound and the budget is spent.
    await createAlert(app.app, cookie, user.email, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-15', targetPrice: results + 1000 });
    app.clock.advance(ALERT_FARE_MAX_AGE_MS);
    await duffelSearch(app.app, 'LHR', 'JFK');
    const before = offerRequests(app.fake);
    const stale = await runAlerts(app);
    expect(stale).toMatchObject({ checked: 2, refreshed: 0, skipped: 1, triggered: 0 });
    expect(offerRequests(app.fake)).toBe(before);
    // A stale fare is no price: the alerts keep their last price and its age, and no history point is added.
    const afterStale = ((await (await app.app.request('/api/price-alerts', { headers: jsonHeaders({ Cookie: cookie }) })).json()) as { alerts: AlertView[] }).alerts;
    const kept = afterStale.find((a) => a.id === alert.id);
    expect(kept).toMatchObject({ currentPrice: results, priceSeenAt: new Date(DUFFEL_APP_NOW).toISOString() });
    expect(kept?.priceHistory).toHaveLength(1);

    // A minute later the budget allows one refresh: the fresh fare triggers the second alert.
    app.clock.advance(60 * 60_000);
    const fresh = await runAlerts(app);
    expect(fresh).toMatchObject({ checked: 2, refreshed: 1, skipped: 0, triggered: 1 });
    const afterFresh = ((await (await app.app.request('/api/price-alerts', { headers: jsonHeaders({ Cookie: cookie }) })).json()) as { alerts: AlertView[] }).alerts;
    for (const a of afterFresh) expect(a.priceSeenAt).toBe(app.clock.now().toISOString());
    expect(offerRequests(app.fake)).toBe(before + 1);
  });

  it('the price-alert job of a Duffel app prices from last-known fares (never the world’s)', async () => {
    const app = await start();
    const { cookie, user } = await signUpAndLogin(app.app);
    const results = await cheapest(app.app, 'DEL', 'BOM');
    await createAlert(app.app, cookie, user.email, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-15', targetPrice: 1 });
    const before = offerRequests(app.fake);
    await priceAlertChecker.run(app.deps);
    const [alert] = ((await (await app.app.request('/api/price-alerts', { headers: jsonHeaders({ Cookie: cookie }) })).json()) as { alerts: AlertView[] }).alerts;
    expect(alert).toMatchObject({ currentPrice: results, priceSeenAt: new Date(DUFFEL_APP_NOW).toISOString(), triggered: false });
    expect(offerRequests(app.fake)).toBe(before);
  });

  it('a fare per traveller prices the whole party, Safar’s fee included for each', async () => {
    const app = await start();
    const { cookie, user } = await signUpAndLogin(app.app);
    const { itineraries } = await duffelSearch(app.app, 'DEL', 'BOM', '&adults=2&children=1');
    const total = Math.min(...itineraries.map((it) => it.price.total.total));
    expect(itineraries[0]?.supplier?.feeInr).toBe(3 * SUPPLIER_FEE_PER_PASSENGER_INR);
    await createAlert(app.app, cookie, user.email, { from: 'DEL', to: 'BOM', dateFrom: '2026-12-15', adults: 2, children: 1, targetPrice: 1 });
    const result = await runAlerts(app);
    expect(result).toMatchObject({ checked: 1, refreshed: 0, triggered: 0 });
    const [alert] = ((await (await app.app.request('/api/price-alerts', { headers: jsonHeaders({ Cookie: cookie }) })).json()) as { alerts: AlertView[] }).alerts;
    expect(alert?.currentPrice).toBe(total);
  });
});
