import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { ALERT_CHECK_INTERVAL_MINUTES, MAX_PRICE_HISTORY } from '../../core/alerts';
import type { Clock } from '../../core/clock';
import type { Cabin } from '../../core/search';
import type { Db } from '../../db/client';
import { priceAlerts, routeFareHistory } from '../../db/schema';
import type { InventoryView } from '../inventory/view';
import { indiaToday } from '../world/time';
import type { World } from '../world/world';
import { deliverTrigger } from './alerts';
import { type KnownFareSource, priceRouteKnown } from './known-pricing';
import { type AlertRoute, type RoutePrice, inventoryDates, openDates, priceRoute, searchDates } from './pricing';
import { evaluate } from './rule';
import { daysAheadBand } from './verdict';

export interface AlertCheckDeps {
  db: Db;
  clock: Clock;
  world: World;
  inventory: InventoryView;
  /**
   * With a remote supplier: alerts are priced from its last-known fares, refreshed within the shared search
   * budget (known-pricing.ts), never from the world's fares.
   */
  known?: KnownFareSource;
}

export interface AlertCheckResult {
  checked: number;
  triggered: number;
  /** Distinct route searches the pass ran (alerts on one route, dates and party share one). */
  searches: number;
  /** With a remote supplier: route-days searched again within the budget, and those the budget skipped. */
  refreshed: number;
  skipped: number;
}

type AlertRow = typeof priceAlerts.$inferSelect;

const routeKey = (r: AlertRoute) => `${r.from}|${r.to}|${r.cabin}|${r.dateFrom}|${r.dateTo}|${r.returnDate ?? ''}|${r.adults}|${r.children}|${r.infants}`;

/**
 * Claims up to `limit` due alerts: moves their next check an interval ahead in the same
 * statement that picks them with FOR UPDATE SKIP LOCKED, so concurrent runners (other nodes)
 * take disjoint sets and a claimed alert is not picked again until its next check is due.
 */
async function claimDue(db: Db, now: Date, limit: number): Promise<AlertRow[]> {
  const today = indiaToday(now);
  const due = db
    .select({ id: priceAlerts.id })
    .from(priceAlerts)
    .where(and(eq(priceAlerts.active, true), lte(priceAlerts.nextCheckAt, now), gte(priceAlerts.dateTo, today)))
    .orderBy(asc(priceAlerts.nextCheckAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(priceAlerts)
    .set({ nextCheckAt: new Date(now.getTime() + ALERT_CHECK_INTERVAL_MINUTES * 60_000) })
    .where(inArray(priceAlerts.id, due))
    .returning();
}

/**
 * One pass of the price-alert job: re-prices every due active alert against the live fare
 * model and seat inventory (the search engine, as /api/search), or with a remote supplier
 * against its last-known fares refreshed within the search budget (`deps.known`), appends a price point to its
 * history, records the route's lowest adult fare for the verdict, and applies the trigger rule
 * (rule.ts). A trigger is written with a conditional update (`armed = true`), in the same
 * transaction as its messages, so it fires exactly once even if two runners ever saw the alert.
 * @example await checkDueAlerts({ db, clock, world, inventory })
 */
export async function checkDueAlerts(deps: AlertCheckDeps, options: { batch?: number; maxAlerts?: number } = {}): Promise<AlertCheckResult> {
  const batch = options.batch ?? 500;
  const maxAlerts = options.maxAlerts ?? 20_000;
  const result: AlertCheckResult = { checked: 0, triggered: 0, searches: 0, refreshed: 0, skipped: 0 };
  const prices = new Map<string, RoutePrice>();
  while (result.checked < maxAlerts) {
    const now = deps.clock.now();
    const rows = await claimDue(deps.db, now, Math.min(batch, maxAlerts - result.checked));
    if (rows.length === 0) break;
    await checkBatch(deps, rows, now, prices, result);
    result.checked += rows.length;
    if (rows.length < batch) break;
  }
  return result;
}

async function checkBatch(deps: AlertCheckDeps, rows: AlertRow[], now: Date, prices: Map<string, RoutePrice>, result: AlertCheckResult) {
  const today = indiaToday(now);
  const routes = rows.map((row) => ({ row, route: row }));
  if (!deps.known) {
    const needed = new Set<string>();
    for (const { route } of routes) if (!prices.has(routeKey(route))) for (const d of inventoryDates(searchDates(deps.world, route, now))) needed.add(d);
    await deps.inventory.ensureDates(deps.db, [...needed]);
  }

  const history = new Map<string, { from: string; to: string; cabin: Cabin; band: number; observedOn: string; lowestAdultFare: number }>();
  const quiet: { row: AlertRow; price: RoutePrice; armed: boolean; triggered: boolean; points: AlertRow['priceHistory'] }[] = [];
  const firing: { row: AlertRow; price: RoutePrice; total: number; points: AlertRow['priceHistory'] }[] = [];
  for (const { row, route } of routes) {
    const key = routeKey(route);
    let price = prices.get(key);
    if (!price) {
      price = deps.known ? await priceRouteKnown(deps.known, route, openDates(deps.world, route, now), now, result) : priceRoute(deps.world, deps.inventory, route, now);
      prices.set(key, price);
      result.searches += 1;
    }
    if (price.adultFare !== null) {
      const band = daysAheadBand(row.dateFrom < today ? today : row.dateFrom, today);
      const hKey = `${row.from}|${row.to}|${row.cabin}|${band}`;
      const seen = history.get(hKey);
      if (!seen || price.adultFare < seen.lowestAdultFare) history.set(hKey, { from: row.from, to: row.to, cabin: row.cabin, band, observedOn: today, lowestAdultFare: price.adultFare });
    }
    // A last-known fare too old to trust is no price at all, not "nothing on sale": the history is left as it was.
    const unknown = deps.known !== undefined && price.total === null;
    const points = unknown ? row.priceHistory : [...row.priceHistory, { price: price.total, date: now.toISOString() }].slice(-MAX_PRICE_HISTORY);
    const { state, notify } = evaluate(row, row.targetPrice, price.total, now, today);
    if (notify && price.total !== null) firing.push({ row, price, total: price.total, points });
    else quiet.push({ row, price, armed: state.armed, triggered: state.triggered, points });
  }

  if (history.size > 0) {
    // Rows go in key order, so two runners upserting overlapping routes lock them in the same
    // order and cannot deadlock.
    const rows = [...history.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
    await deps.db
      .insert(routeFareHistory)
      .values(rows)
      .onConflictDoUpdate({
        target: [routeFareHistory.from, routeFareHistory.to, routeFareHistory.cabin, routeFareHistory.band, routeFareHistory.observedOn],
        set: { lowestAdultFare: sql`least(${routeFareHistory.lowestAdultFare}, excluded.lowest_adult_fare)` },
      });
  }

  // Alerts that did not fire: one statement for the whole batch.
  for (let i = 0; i < quiet.length; i += 1000) {
    const chunk = quiet.slice(i, i + 1000);
    const values = sql.join(
      chunk.map((q) => sql`(${q.row.id}::uuid, ${q.price.total}::int, ${q.price.adultFare}::int, ${q.armed}::boolean, ${q.triggered}::boolean, ${JSON.stringify(q.points)}::jsonb, ${q.price.seenAt ?? null}::timestamptz)`),
      sql`, `,
    );
    await deps.db.execute(sql`
      update price_alerts as a set
        current_price = coalesce(v.price, a.current_price),
        current_adult_fare = coalesce(v.adult, a.current_adult_fare),
        current_price_seen_at = case when v.price is null then a.current_price_seen_at else v.seen end,
        armed = v.armed,
        triggered = v.triggered,
        price_history = v.points,
        last_checked_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, price, adult, armed, triggered, points, seen)
      where a.id = v.id`);
  }

  // Alerts that fire: each in its own transaction with its messages; only an armed row fires.
  for (const f of firing) {
    const fired = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .update(priceAlerts)
        .set({
          armed: false,
          triggered: true,
          triggeredPrice: f.total,
          triggeredAt: now,
          lastNotifiedOn: today,
          currentPrice: f.total,
          currentAdultFare: f.price.adultFare,
          currentPriceSeenAt: f.price.seenAt ? new Date(f.price.seenAt) : null,
          priceHistory: f.points,
          lastCheckedAt: now,
        })
        .where(and(eq(priceAlerts.id, f.row.id), eq(priceAlerts.armed, true)))
        .returning();
      if (!row) return false;
      await deliverTrigger(tx, deps.clock, row, f.total);
      return true;
    });
    if (fired) result.triggered += 1;
  }
}
