import { MAX_RECOMMENDATIONS, RECOMMENDATION_TYPICAL_DAYS, RECOMMENDATION_WINDOW_DAYS, type Recommendation, type Recommendations } from '../../core/recommendations';
import { savingPercent } from '../../core/explore';
import type { Db } from '../../db/client';
import type { InventoryView } from '../inventory/view';
import { fareSummary } from '../explore/routes';
import { dailyLowestFares, pauser } from '../search/lowest-fare';
import { knownDays, type LastKnownFares } from '../suppliers/last-known-fares';
import { seasonLabel } from '../weather/insights';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';

export interface RecommendationDeps {
  db: Db;
  world: World;
  inventory: InventoryView;
  /** Prices the destinations away from this thread (search workers); here when absent. */
  priceDestinations?: (origin: string, now: Date) => Promise<PricedDestination[]>;
  /**
   * With a remote supplier: the last-known fares travellers' searches found. Destinations are priced from them
   * alone (never asking the supplier, never reading the world's fares).
   */
  knownFares?: LastKnownFares;
}

type Art = Recommendation['image'];

/** Places worth a trip, each with the kind of scene its card shows. */
export const DESTINATIONS: readonly { code: string; art: Art }[] = [
  { code: 'GOI', art: 'beach' },
  { code: 'JAI', art: 'heritage' },
  { code: 'UDR', art: 'heritage' },
  { code: 'JSA', art: 'desert' },
  { code: 'SXR', art: 'mountain' },
  { code: 'IXL', art: 'mountain' },
  { code: 'DHM', art: 'mountain' },
  { code: 'IXZ', art: 'island' },
  { code: 'COK', art: 'beach' },
  { code: 'TRV', art: 'beach' },
  { code: 'VNS', art: 'heritage' },
  { code: 'AGR', art: 'heritage' },
  { code: 'BOM', art: 'city' },
  { code: 'BLR', art: 'city' },
  { code: 'CCU', art: 'city' },
  { code: 'DEL', art: 'city' },
  { code: 'IXB', art: 'mountain' },
  { code: 'DXB', art: 'city' },
  { code: 'SIN', art: 'city' },
  { code: 'BKK', art: 'beach' },
  { code: 'KTM', art: 'mountain' },
  { code: 'CMB', art: 'island' },
  { code: 'MLE', art: 'island' },
  { code: 'DPS', art: 'island' },
];

/** A destination priced from one origin, whatever the budget. */
export type PricedDestination = Recommendation;

/**
 * Every destination priced from an origin: its lowest all-in adult economy fare over the next 30
 * days (with the date), the route's typical fare (median of the daily lowest over 60 days) and the
 * season there on that date. Destinations with nothing on sale are left out. The caller has
 * loaded the window's inventory; other work on the thread runs between small steps.
 * @example (await priceDestinationsFrom(world, inventory, 'DEL', now)).find((d) => d.code === 'GOI')?.price
 */
export async function priceDestinationsFrom(world: World, inventory: InventoryView, origin: string, now: Date): Promise<PricedDestination[]> {
  const today = dayNumber(indiaToday(now));
  const dates = Array.from({ length: RECOMMENDATION_TYPICAL_DAYS }, (_, k) => isoDate(today + k));
  const pause = pauser();
  const priced: PricedDestination[] = [];
  for (const { code, art } of DESTINATIONS) {
    const airport = world.getAirport(code);
    if (code === origin || !airport) continue;
    const daily = await dailyLowestFares(world, inventory, { from: origin, to: code, cabin: 'economy', maxStops: 1 }, dates, now, pause);
    const { best, typical } = fareSummary(daily, RECOMMENDATION_WINDOW_DAYS);
    if (best && typical !== null) {
      priced.push(pricedDestination(code, airport.city, art, best, typical));
    }
  }
  return priced;
}

/** A destination's card: its lowest fare and date, what it saves against the typical fare, its season. */
function pricedDestination(code: string, name: string, image: Art, best: { fare: number; date: string }, typical: number): PricedDestination {
  return {
    code,
    name,
    price: best.fare,
    priceDate: best.date,
    typicalPrice: typical,
    savings: Math.max(0, typical - best.fare),
    savingPercent: savingPercent(best.fare, typical),
    image,
    season: seasonLabel(code, best.date),
  };
}

/**
 * Every destination priced from an origin with a remote supplier's last-known fares (economy, one traveller,
 * all-in as Results showed them): the lowest fare seen for the next 30 days with its date and `seenAt`, the
 * typical fare (median of the fares seen over 60 days) and the season. A destination no search has seen from
 * the origin is left out: a recommendation promises a price within the budget, and an unknown fare cannot.
 * @example priceKnownDestinations(world, supplier.fares, 'DEL', now).find((d) => d.code === 'GOI')?.seenAt
 */
function priceKnownDestinations(world: World, fares: LastKnownFares, origin: string, now: Date): PricedDestination[] {
  const today = dayNumber(indiaToday(now));
  const dates = Array.from({ length: RECOMMENDATION_TYPICAL_DAYS }, (_, k) => isoDate(today + k));
  const priced: PricedDestination[] = [];
  for (const { code, art } of DESTINATIONS) {
    if (code === origin) continue;
    const daily = knownDays(fares, { from: origin, to: code, cabin: 'economy' }, dates);
    const { best, typical } = fareSummary(daily, RECOMMENDATION_WINDOW_DAYS);
    const seenAt = best ? daily.find((d) => d.date === best.date)?.seenAt : undefined;
    if (!best || typical === null || !seenAt) continue;
    priced.push({ ...pricedDestination(code, world.getAirport(code)?.city ?? code, art, best, typical), seenAt });
  }
  return priced;
}

/**
 * Every destination priced from an origin (see priceDestinationsFrom); the window's inventory is
 * loaded in one query first.
 * @example (await priceDestinations(deps, 'DEL', now)).find((d) => d.code === 'GOI')?.price
 */
export async function priceDestinations(deps: RecommendationDeps, origin: string, now: Date): Promise<PricedDestination[]> {
  const today = dayNumber(indiaToday(now));
  // A flight departs on its date; the day before and the days after cover time zones and connections.
  await deps.inventory.ensureDates(deps.db, Array.from({ length: RECOMMENDATION_TYPICAL_DAYS + 3 }, (_, k) => isoDate(today - 1 + k)));
  return deps.priceDestinations ? deps.priceDestinations(origin, now) : priceDestinationsFrom(deps.world, deps.inventory, origin, now);
}

/**
 * Up to 4 destinations whose lowest fare is at or below the budget: the biggest saving against
 * the route's typical fare first, then the lowest price, then the name.
 * @example pickRecommendations(priced, 20000).map((r) => r.name)
 */
export function pickRecommendations(priced: readonly PricedDestination[], budget: number): Recommendation[] {
  return priced
    .filter((d) => d.price <= budget)
    .sort((a, b) => b.savingPercent - a.savingPercent || a.price - b.price || a.name.localeCompare(b.name))
    .slice(0, MAX_RECOMMENDATIONS);
}

/** Fares move with seats sold; a five-minute-old lowest fare is still a fair guide (choosing one runs a live search). */
const FRESH_MS = 5 * 60_000;
/** A stale answer is served (while a fresh one is computed) for at most this long. */
const STALE_MS = 30 * 60_000;
/** Origins kept per inventory view; the least recently computed is dropped first. */
const MAX_ORIGINS = 64;
// Per inventory view, so separate apps (tests, nodes in one process) never share answers.
const caches = new WeakMap<InventoryView, Map<string, { key: string; at: number; value: Promise<PricedDestination[]> }>>();

/**
 * priceDestinations, computed at most once every 5 minutes per origin and process; an answer up to 30
 * minutes old is served at once while a fresh one is computed in the background.
 * @example await cachedDestinations(deps, 'DEL', clock.now())
 */
export function cachedDestinations(deps: RecommendationDeps, origin: string, now: Date): Promise<PricedDestination[]> {
  let perOrigin = caches.get(deps.inventory);
  if (!perOrigin) caches.set(deps.inventory, (perOrigin = new Map<string, { key: string; at: number; value: Promise<PricedDestination[]> }>()));
  const key = `${deps.world.seed}|${deps.world.scale}|${indiaToday(now)}`;
  const at = now.getTime();
  const cached = perOrigin.get(origin);
  const usable = cached !== undefined && cached.key === key && at >= cached.at;
  if (usable && at - cached.at < FRESH_MS) return cached.value;
  const value = priceDestinations(deps, origin, now);
  const entry = { key, at, value };
  const map = perOrigin;
  value.then(
    () => {
      if ((map.get(origin)?.at ?? -Infinity) <= at) map.set(origin, entry);
    },
    () => {
      if (map.get(origin) === entry) map.delete(origin);
    },
  );
  if (usable && at - cached.at < STALE_MS) {
    // Mark the refresh as under way so concurrent requests do not start another.
    map.set(origin, { ...cached, at: at - FRESH_MS + 5_000 });
    return cached.value;
  }
  map.delete(origin);
  map.set(origin, entry);
  while (map.size > MAX_ORIGINS) map.delete(map.keys().next().value ?? '');
  return value;
}

/** How long a request waits for an origin being priced before answering "not ready yet". */
const RECOMMENDATION_WAIT_MS = 2_000;

/**
 * The recommendations for an origin and budget. An origin not priced yet is priced in the
 * background; when that takes longer than `waitMs` the answer says `ready: false` (no
 * destinations) and the caller asks again shortly. With `knownFares` (a remote supplier) the
 * destinations are read from them at once.
 * @example await recommend(deps, 'DEL', 20000, clock.now())
 */
export async function recommend(deps: RecommendationDeps, origin: string, budget: number, now: Date, waitMs = RECOMMENDATION_WAIT_MS): Promise<Recommendations> {
  const airport = deps.world.getAirport(origin);
  if (deps.knownFares) {
    // Last-known fares are read at once: always ready.
    const priced = priceKnownDestinations(deps.world, deps.knownFares, origin, now);
    return { origin: { code: origin, city: airport?.city ?? origin }, budget, currency: 'INR', windowDays: RECOMMENDATION_WINDOW_DAYS, ready: true, recommendations: pickRecommendations(priced, budget) };
  }
  const pricing = cachedDestinations(deps, origin, now);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const priced = await Promise.race([pricing, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), waitMs)))]).finally(() => clearTimeout(timer));
  return {
    origin: { code: origin, city: airport?.city ?? origin },
    budget,
    currency: 'INR',
    windowDays: RECOMMENDATION_WINDOW_DAYS,
    ready: priced !== null,
    recommendations: priced ? pickRecommendations(priced, budget) : [],
  };
}
