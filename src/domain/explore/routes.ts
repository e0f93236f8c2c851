import { EXPLORE_FARE_WINDOW_DAYS, EXPLORE_TYPICAL_WINDOW_DAYS, savingPercent } from '../../core/explore';
import type { ExploreCatalogue, ExploreRoute, RouteDetails } from '../../core/explore-schemas';
import type { Db } from '../../db/client';
import type { InventoryView } from '../inventory/view';
import type { FlightPattern } from '../schedule/patterns';
import { dailyLowestFares, pauser } from '../search/lowest-fare';
import { knownDays, type LastKnownFares } from '../suppliers/last-known-fares';
import { AIRCRAFT } from '../world/airlines';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';
import { baggageFor, cancellationFor, familyRulesFor, isFullService } from './airline-policies';
import { CATALOGUE, type CatalogueEntry, catalogueEntry, routeIdOf } from './catalogue';

export interface ExploreDeps {
  db: Db;
  world: World;
  inventory: InventoryView;
  /** Prices the catalogue's routes away from this thread (search workers); here when absent. */
  priceRoutes?: (now: Date) => Promise<ExploreRoute[]>;
  /**
   * With a remote supplier: the last-known fares travellers' searches found. The catalogue is priced from them
   * alone (never asking the supplier, never reading the world's fares).
   */
  knownFares?: LastKnownFares;
}

/** The median, rounded to whole rupees for an even count; null for no values. */
function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : Math.round(((sorted[mid - 1] ?? upper) + upper) / 2);
}

/**
 * The lowest fare over the first `windowDays` of a run of daily lowest fares (with its date; the
 * earlier date on a tie) and the typical fare: the median of every day that has one.
 * @example fareSummary([{ date: '2026-12-01', fare: 5000 }, { date: '2026-12-02', fare: 4000 }], 1) // { best: { date: '2026-12-01', fare: 5000 }, typical: 4500 }
 */
export function fareSummary(daily: readonly { date: string; fare: number | null }[], windowDays: number): { best: { date: string; fare: number } | null; typical: number | null } {
  let best: { date: string; fare: number } | null = null;
  for (const day of daily.slice(0, windowDays)) {
    if (day.fare !== null && (best === null || day.fare < best.fare)) best = { date: day.date, fare: day.fare };
  }
  return { best, typical: median(daily.map((d) => d.fare).filter((f): f is number => f !== null)) };
}

/** Non-stop patterns of a route that operate at some point in the week starting `day`. */
function activePatterns(world: World, from: string, to: string, day: number): FlightPattern[] {
  return world.patterns.filter((p) => p.from === from && p.to === to && p.validFrom <= day + 6 && p.validTo >= day);
}

function typicalDuration(patterns: FlightPattern[]): number {
  return median(patterns.map((p) => p.blockMinutes)) ?? 0;
}

/** Dates of the fare windows: today first. */
function windowDates(today: string, days: number): string[] {
  const start = dayNumber(today);
  return Array.from({ length: days }, (_, k) => isoDate(start + k));
}

async function routeCard(world: World, inventory: InventoryView, entry: CatalogueEntry, dates: string[], now: Date, pause: () => Promise<void>): Promise<ExploreRoute> {
  const daily = await dailyLowestFares(world, inventory, { from: entry.from, to: entry.to, cabin: 'economy', maxStops: 0 }, dates, now, pause);
  return cardOf(world, entry, fareSummary(daily, EXPLORE_FARE_WINDOW_DAYS), dates, now);
}

/** A catalogue route's card with its fares; the duration is the schedule's typical non-stop block time. */
function cardOf(world: World, entry: CatalogueEntry, { best, typical }: ReturnType<typeof fareSummary>, dates: string[], now: Date): ExploreRoute {
  const from = world.getAirport(entry.from);
  const to = world.getAirport(entry.to);
  const patterns = activePatterns(world, entry.from, entry.to, dayNumber(dates[0] ?? indiaToday(now)));
  return {
    id: routeIdOf(entry),
    name: from?.city ?? entry.from,
    name2: to?.city ?? entry.to,
    from: entry.from,
    to: entry.to,
    description: entry.description,
    rating: entry.rating,
    price: best?.fare ?? null,
    priceDate: best?.date ?? null,
    typicalPrice: typical,
    savingPercent: savingPercent(best?.fare ?? null, typical),
    durationMinutes: typicalDuration(patterns) || 1,
    international: from?.country !== to?.country,
    art: entry.art,
  };
}

/**
 * Every catalogue route's card with live prices: the lowest non-stop all-in fare over the next
 * 30 days and the typical fare (median of the daily lowest fares over the next 60 days). The
 * caller has loaded the window's inventory; other work on the thread runs between small steps.
 * @example (await priceCatalogueRoutes(world, inventory, now))[0]?.price
 */
export async function priceCatalogueRoutes(world: World, inventory: InventoryView, now: Date): Promise<ExploreRoute[]> {
  const dates = windowDates(indiaToday(now), EXPLORE_TYPICAL_WINDOW_DAYS);
  const pause = pauser();
  const routes: ExploreRoute[] = [];
  for (const entry of CATALOGUE) routes.push(await routeCard(world, inventory, entry, dates, now, pause));
  return routes;
}

/**
 * The catalogue priced from a remote supplier's last-known fares (economy, one traveller, any stops, all-in as
 * Results showed them): each route's lowest fare seen for the next 30 days with its date and `seenAt`, and the
 * typical fare (median of the fares seen over the next 60 days). A route no search has seen in the window keeps
 * its card with a null price and null `seenAt` ("not seen yet"): the route still flies, its fare is unknown.
 * @example knownExploreCatalogue(world, supplier.fares, clock.now()).routes[0]?.seenAt
 */
function knownExploreCatalogue(world: World, fares: LastKnownFares, now: Date): ExploreCatalogue {
  const today = indiaToday(now);
  const dates = windowDates(today, EXPLORE_TYPICAL_WINDOW_DAYS);
  const routes = CATALOGUE.map((entry) => {
    const daily = knownDays(fares, { from: entry.from, to: entry.to, cabin: 'economy' }, dates);
    const summary = fareSummary(daily, EXPLORE_FARE_WINDOW_DAYS);
    const best = summary.best;
    const seenAt = best ? (daily.find((d) => d.date === best.date)?.seenAt ?? null) : null;
    return { ...cardOf(world, entry, summary, dates, now), seenAt };
  });
  return { routes, windowStart: today, windowDays: EXPLORE_FARE_WINDOW_DAYS, currency: 'INR' };
}

/**
 * The Explore catalogue with live prices (see priceCatalogueRoutes). Inventory for the window
 * is loaded in one query.
 * @example (await exploreCatalogue(deps, clock.now())).routes[0]?.price
 */
async function exploreCatalogue(deps: ExploreDeps, now: Date): Promise<ExploreCatalogue> {
  const today = indiaToday(now);
  // A non-stop flight departs on its date; the day before and after cover time zones.
  await deps.inventory.ensureDates(deps.db, windowDates(isoDate(dayNumber(today) - 1), EXPLORE_TYPICAL_WINDOW_DAYS + 2));
  const routes = deps.priceRoutes ? await deps.priceRoutes(now) : await priceCatalogueRoutes(deps.world, deps.inventory, now);
  return {
    routes,
    windowStart: today,
    windowDays: EXPLORE_FARE_WINDOW_DAYS,
    currency: 'INR',
  };
}

const FRESH_MS = 60_000;
/** A stale answer is served (while a fresh one is computed) for at most this long. */
const STALE_MS = 15 * 60_000;
// Per inventory view, so separate apps (tests, nodes in one process) never share answers.
const caches = new WeakMap<InventoryView, { key: string; at: number; value: Promise<ExploreCatalogue> }>();

/**
 * The catalogue, recomputed at most once a minute per process (prices move with seats sold, so
 * a minute-old answer is still the live fare to within the demand job's step). An answer up to
 * 15 minutes old is served at once while the fresh one is computed in the background. With
 * `knownFares` (a remote supplier) the catalogue is read from them on every call instead.
 * @example await cachedExploreCatalogue(deps, clock.now())
 */
export function cachedExploreCatalogue(deps: ExploreDeps, now: Date): Promise<ExploreCatalogue> {
  // Last-known fares are already a record of answers: reading them is cheap and always current.
  if (deps.knownFares) return Promise.resolve(knownExploreCatalogue(deps.world, deps.knownFares, now));
  const key = `${deps.world.seed}|${deps.world.scale}|${indiaToday(now)}`;
  const at = now.getTime();
  const cached = caches.get(deps.inventory);
  const usable = cached !== undefined && cached.key === key && at >= cached.at;
  if (usable && at - cached.at < FRESH_MS) return cached.value;
  const value = exploreCatalogue(deps, now);
  const entry = { key, at, value };
  value.then(
    () => {
      if ((caches.get(deps.inventory)?.at ?? -Infinity) <= at) caches.set(deps.inventory, entry);
    },
    () => {},
  );
  if (usable && at - cached.at < STALE_MS) {
    // Mark the refresh as under way so concurrent requests do not start another.
    caches.set(deps.inventory, { ...cached, at: at - FRESH_MS + 5_000 });
    return cached.value;
  }
  caches.set(deps.inventory, entry);
  return value;
}

function hhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function arrivalText(p: FlightPattern): string {
  return p.arrivalDayOffset > 0 ? `${hhmm(p.arrivalLocal)} +${p.arrivalDayOffset}` : hhmm(p.arrivalLocal);
}

function countDays(mask: number): number {
  let n = 0;
  for (let bit = 0; bit < 7; bit++) if (mask & (1 << bit)) n++;
  return n;
}

const WIDE_BODY = new Set(['B788', 'B789', 'A359', 'A333', 'B77W', 'A388']);

/**
 * A route's details from the schedule: aircraft flown, first and last departures with their
 * arrivals, terminals, the airlines that fly it (with their fare families' baggage, cancellation terms and rules in words)
 * and the amenities those airlines and aircraft offer. Undefined for a route not in the catalogue.
 * @example (await exploreRouteDetails(deps, 'lhr-cdg', now))?.airlines.map((a) => a.name) // ['British Airways', 'Air France']
 */
export async function exploreRouteDetails(deps: ExploreDeps, routeId: string, now: Date): Promise<RouteDetails | undefined> {
  const entry = catalogueEntry(routeId);
  if (!entry) return undefined;
  const catalogue = await cachedExploreCatalogue(deps, now);
  const route = catalogue.routes.find((r) => r.id === routeId);
  if (!route) return undefined;
  const { world } = deps;
  const patterns = activePatterns(world, entry.from, entry.to, dayNumber(indiaToday(now))).sort((a, b) => a.departureLocal - b.departureLocal);
  const first = patterns[0];
  const last = patterns[patterns.length - 1];
  const aircraftUse = new Map<string, number>();
  const airlines = new Map<string, number>();
  for (const p of patterns) {
    const name = AIRCRAFT[p.aircraft]?.name ?? p.aircraft;
    aircraftUse.set(name, (aircraftUse.get(name) ?? 0) + countDays(p.daysMask));
    airlines.set(p.carrier, (airlines.get(p.carrier) ?? 0) + countDays(p.daysMask));
  }
  const byUse = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k]) => k);
  const terminals = (list: (string | null)[]) => [...new Set(list.filter((t): t is string => t !== null))].sort();
  const fullService = byUse(airlines).some((code) => isFullService(code, route.international, now));
  const lowCost = byUse(airlines).some((code) => !isFullService(code, route.international, now));
  const amenities = [
    ...(fullService ? ['Complimentary meals'] : []),
    ...(lowCost ? ['Meals and snacks to buy on board'] : []),
    ...(patterns.some((p) => WIDE_BODY.has(p.aircraft)) ? ['Seat-back entertainment on wide-body aircraft'] : []),
    'Web check-in',
  ];
  return {
    route,
    aircraft: byUse(aircraftUse),
    firstDeparture: first ? hhmm(first.departureLocal) : '',
    lastDeparture: last ? hhmm(last.departureLocal) : '',
    firstArrival: first ? arrivalText(first) : '',
    lastArrival: last ? arrivalText(last) : '',
    departureTerminals: terminals(patterns.map((p) => p.fromTerminal)),
    arrivalTerminals: terminals(patterns.map((p) => p.toTerminal)),
    flightsPerWeek: patterns.reduce((sum, p) => sum + countDays(p.daysMask), 0),
    airlines: byUse(airlines).map((code) => {
      const airline = world.getAirline(code);
      return {
        code,
        name: airline?.name ?? code,
        flightsPerWeek: airlines.get(code) ?? 0,
        baggage: baggageFor(code, route.international, now),
        cancellation: cancellationFor(code, route.international, now),
        families: familyRulesFor(code, route.international, now, (c) => world.airlineName(c)),
      };
    }),
    amenities,
  };
}
