import { type Cabin, CABIN_LABELS, type Itinerary, type SearchQuery, type SearchResponse } from '../../core/search';
import type { Db } from '../../db/client';
import { SALES_CLOSE_MINUTES } from '../fares/model';
import { type Passengers, type PricedItinerary, priceItinerary } from '../fares/price';
import type { InventoryView } from '../inventory/view';
import { cabinCapacity } from '../world/airlines';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { DatedFlight, World } from '../world/world';
import { buildItinerary, CompactAnswerBuilder } from './build-itinerary';
import { type Candidate, findItineraries } from './engine';

const MAX_RESULTS = 200;
/** Rupees a traveller would pay to save an hour, for the "best" order. */
const RUPEES_PER_HOUR = 500;
const STOP_PENALTY = 1500;

export interface SearchDeps {
  db: Db;
  world: World;
  inventory: InventoryView;
}

/**
 * Searches flights: the in-memory engine over the world, inventory from the view (loaded
 * once per date, never per candidate), all-in prices, "best" order (price + time + stops),
 * at most 200 itineraries. An empty list always carries a reason.
 * @example await searchFlights(deps, { from: 'DEL', to: 'BOM', date: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 }, clock.now())
 */
export async function searchFlights(deps: SearchDeps, query: SearchQuery, now: Date, options: { maxStops?: 0 | 1 | 2 } = {}): Promise<SearchResponse> {
  const { world, inventory } = deps;
  const empty = (reason: string): SearchResponse => ({ query, itineraries: [], reason });
  const early = earlyEmptyReason(world, query, now);
  if (early !== null) return empty(early);
  await inventory.ensureDates(deps.db, inventoryDatesFor(query.date));
  const itineraries = searchInMemory(world, inventory, query, now, options.maxStops ?? 2);
  if (itineraries.list.length > 0) return { query, itineraries: itineraries.list, reason: null };
  return empty(emptyReason(world, query, itineraries.closed));
}

interface InMemoryResult {
  list: Itinerary[];
  candidates: number;
  /** Flights the engine could not use, by why (for the empty-result reason). */
  closed: { noCabin: number; departed: number; soldOut: number };
}

/** One priced itinerary in "best" order, before it becomes a wire object. */
export interface RankedItinerary {
  flights: DatedFlight[];
  price: PricedItinerary;
}

interface RankedResult {
  /** At most MAX_RESULTS, best first. */
  ranked: RankedItinerary[];
  candidates: number;
  closed: InMemoryResult['closed'];
}

/**
 * Engine, inventory, pricing and "best" order, without building wire objects: the one
 * ranking both the object form (searchInMemory) and the serialised form (searchAnswerJson) use.
 */
export function rankInMemory(world: World, inventory: InventoryView, query: SearchQuery, now: Date, maxStops: 0 | 1 | 2 = 2): RankedResult {
  const cabin = query.cabin;
  const passengers: Passengers = { adults: query.adults, children: query.children, infants: query.infants };
  const seatsNeeded = passengers.adults + passengers.children;
  const cutoff = now.getTime() + SALES_CLOSE_MINUTES * 60_000;
  const closed = { noCabin: 0, departed: 0, soldOut: 0 };
  const seatsOf = (flight: DatedFlight) => inventory.countsOf(flight.pattern.key, flight.departureDate, cabin, flight.capacity[cabin]);
  const capacities = cabinCapacities(world, cabin);
  // The engine asks about hundreds of flights of a few local days: each day's rows are looked up once.
  const firstDay = dayNumber(query.date) - 2;
  const rowsByDay: (ReturnType<InventoryView['rowsOn']> | null)[] = [null, null, null, null, null, null];
  const available = (patternKey: string, localDay: number, capacity: number): number => {
    const i = localDay - firstDay;
    if (i < 0 || i >= rowsByDay.length) return inventory.availableOf(patternKey, dateOf(localDay), cabin, capacity);
    let rows = rowsByDay[i];
    if (rows === null) rowsByDay[i] = rows = inventory.rowsOn(cabin, dateOf(localDay));
    return rows?.get(patternKey)?.available ?? capacity;
  };
  const result = findItineraries(world, {
    origin: query.from,
    destination: query.to,
    date: query.date,
    maxStops,
    isOpen: (pattern, localDay, departure) => {
      const capacity = capacities[pattern] ?? 0;
      const p = world.patterns[pattern];
      if (!p || capacity <= 0) closed.noCabin++;
      else if (departure * 60_000 < cutoff) closed.departed++;
      else if (available(p.key, localDay, capacity) < seatsNeeded) closed.soldOut++;
      else return true;
      return false;
    },
  });
  const priced: { candidate: Candidate; flights: DatedFlight[]; score: number; price: PricedItinerary }[] = [];
  for (const candidate of result.candidates) {
    const flights = candidate.legs.map((l) => world.flightOf(l.pattern, l.localDay));
    const price = priceItinerary(flights, cabin, flights.map(seatsOf), passengers, now);
    if (!price) continue;
    const minutes = candidate.arrival - candidate.departure;
    const score = price.price.total.total / Math.max(1, seatsNeeded) + (minutes / 60) * RUPEES_PER_HOUR + (candidate.legs.length - 1) * STOP_PENALTY;
    priced.push({ candidate, flights, score, price });
  }
  priced.sort((a, b) => a.score - b.score || a.candidate.departure - b.candidate.departure);
  const top = priced.length > MAX_RESULTS ? priced.slice(0, MAX_RESULTS) : priced;
  return { ranked: top.map((p) => ({ flights: p.flights, price: p.price })), candidates: result.candidates.length, closed };
}

/** The synchronous core (benchmarks call it directly): engine, pricing, order. */
export function searchInMemory(world: World, inventory: InventoryView, query: SearchQuery, now: Date, maxStops: 0 | 1 | 2 = 2): InMemoryResult {
  const { ranked, candidates, closed } = rankInMemory(world, inventory, query, now, maxStops);
  return { list: ranked.map((r) => buildItinerary(world, r.flights, query.cabin, r.price)), candidates, closed };
}

/**
 * The whole search answer as the JSON text of a CompactSearchResponse, built without itinerary
 * objects; `expandSearchResponse` of it equals what `searchFlights` gives. The caller has loaded
 * the inventory dates.
 * @example searchAnswerJson(world, inventory, query, now) // '{"query":{...},"airports":{...},"carriers":{...},"itineraries":[...],"reason":null}'
 */
export function searchAnswerJson(world: World, inventory: InventoryView, query: SearchQuery, now: Date, maxStops: 0 | 1 | 2 = 2): string {
  const early = earlyEmptyReason(world, query, now);
  if (early !== null) return emptyAnswerJson(query, early);
  const result = rankInMemory(world, inventory, query, now, maxStops);
  if (result.ranked.length === 0) return emptyAnswerJson(query, emptyReason(world, query, result.closed));
  const builder = new CompactAnswerBuilder(world);
  for (const r of result.ranked) builder.add(r.flights, r.price);
  return `{"query":${JSON.stringify(query)},"airports":${builder.airportsJson()},"carriers":${builder.carriersJson()},"itineraries":[${builder.itinerariesJson()}],"reason":null}`;
}

function emptyAnswerJson(query: SearchQuery, reason: string): string {
  return `{"query":${JSON.stringify(query)},"airports":{},"carriers":{},"itineraries":[],"reason":${JSON.stringify(reason)}}`;
}

/** Why a query has no answer before any search runs (unknown airport, beyond the horizon); null otherwise. */
function earlyEmptyReason(world: World, query: SearchQuery, now: Date): string | null {
  if (!world.getAirport(query.from) || !world.getAirport(query.to)) return `No airline flies between ${query.from} and ${query.to}`;
  if (query.date > world.lastSaleDate(indiaToday(now))) return `Flights are on sale up to ${world.horizonDays} days ahead`;
  return null;
}

/** Local departure dates whose inventory a search on `date` reads (connections leave up to a day and a bit later). */
export function inventoryDatesFor(date: string): string[] {
  const day = dayNumber(date);
  return [dateOf(day - 1), date, dateOf(day + 1), dateOf(day + 2)];
}

/** Seats in a cabin per pattern index (0 when the aircraft has no such cabin), once per world and cabin. */
const capacitiesOf = new WeakMap<World, Map<Cabin, Int32Array>>();
function cabinCapacities(world: World, cabin: Cabin): Int32Array {
  let byCabin = capacitiesOf.get(world);
  if (!byCabin) capacitiesOf.set(world, (byCabin = new Map<Cabin, Int32Array>()));
  let capacities = byCabin.get(cabin);
  if (!capacities) {
    capacities = Int32Array.from(world.patterns, (p) => cabinCapacity(p.aircraft, cabin));
    byCabin.set(cabin, capacities);
  }
  return capacities;
}

const dates = new Map<number, string>();
/** ISO date of a day number, cached (flight ids are built in the hot path). */
function dateOf(day: number): string {
  let date = dates.get(day);
  if (date === undefined) {
    date = isoDate(day);
    dates.set(day, date);
  }
  return date;
}

function emptyReason(world: World, query: SearchQuery, closed: InMemoryResult['closed']): string {
  const from = world.getAirport(query.from);
  const to = world.getAirport(query.to);
  if (closed.soldOut > 0) return 'All flights on this day are sold out';
  if (closed.departed > 0) return 'All flights on this day have already left';
  if (closed.noCabin > 0) return `No flights on this day offer ${CABIN_LABELS[query.cabin]}`;
  return `No airline flies between ${from?.city ?? query.from} and ${to?.city ?? query.to}`;
}
