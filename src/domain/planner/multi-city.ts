import type { PlanLeg, PlanMode, PlanResult, TimelineEntry } from '../../core/planner';
import type { Cabin, Itinerary, SearchQuery } from '../../core/search';
import type { Db } from '../../db/client';
import type { InventoryView } from '../inventory/view';
import { buildItinerary } from '../search/build-itinerary';
import { inventoryDatesFor, rankInMemory, type RankedItinerary } from '../search/search-flights';
import { indiaToday } from '../world/time';
import type { World } from '../world/world';

export type { PlanLeg, PlanMode, PlanResult, TimelineEntry,  } from '../../core/planner';

/** 2–6 stops: the origin and up to five more cities. */
const MIN_STOPS = 2;
const MAX_STOPS = 6;
/** Separate tickets: a same-day onward flight must leave at least 3 hours after the previous one lands. */
export const SELF_TRANSFER_MINUTES = 180;
/** The "better order" search permutes at most this many intermediate cities (4! = 24 orders). */
const MAX_PERMUTED = 4;


interface PlanStop {
  /** Airport code. */
  city: string;
  /** The origin: the day the trip starts. Other stops: the day you fly on from them (the last: the day you arrive). */
  date: string;
}

export interface PlanRequest {
  stops: PlanStop[];
  mode: PlanMode;
  /** Also try other orders of the intermediate cities (dates stay with their positions). */
  optimizeOrder: boolean;
  cabin: Cabin;
  adults: number;
  children: number;
  infants: number;
}




export class PlanError extends Error {
  override name = 'PlanError';
  constructor(message: string, readonly fields: Record<string, string> = {}) {
    super(message);
  }
}

export interface PlannerDeps {
  db: Db;
  world: World;
  inventory: InventoryView;
}

interface Option {
  ranked: RankedItinerary;
  departure: number;
  arrival: number;
  price: number;
  minutes: number;
}

/** Cost of one itinerary in a mode: the main measure first, the other as tie-break. */
function cost(mode: PlanMode, o: { price: number; minutes: number }): number {
  return mode === 'price' ? o.price * 10_000 + o.minutes : o.minutes * 10_000_000 + o.price;
}

/**
 * Picks one itinerary per leg so that each leg leaves at least SELF_TRANSFER_MINUTES after the
 * previous one lands, minimising the summed cost: dynamic programming over the legs (state: the
 * previous leg's choice), exact for the sum.
 */
export function chooseLegs<T extends { departure: number; arrival: number; price: number; minutes: number }>(mode: PlanMode, options: readonly (readonly T[])[]): T[] | null {
  if (options.length === 0) return [];
  let best: { total: number; path: T[] }[] = (options[0] ?? []).map((o) => ({ total: cost(mode, o), path: [o] }));
  for (let i = 1; i < options.length; i++) {
    const next: { total: number; path: T[] }[] = [];
    for (const o of options[i] ?? []) {
      let chosen: { total: number; path: T[] } | undefined;
      for (const prev of best) {
        const last = prev.path[prev.path.length - 1];
        if (!last || o.departure < last.arrival + SELF_TRANSFER_MINUTES * 60_000) continue;
        if (!chosen || prev.total < chosen.total) chosen = prev;
      }
      if (chosen) next.push({ total: chosen.total + cost(mode, o), path: [...chosen.path, o] });
    }
    best = next;
    if (best.length === 0) return null;
  }
  const winner = best.reduce<{ total: number; path: T[] } | undefined>((a, b) => (!a || b.total < a.total ? b : a), undefined);
  return winner ? winner.path : null;
}

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  const out: T[][] = [];
  items.forEach((item, i) => {
    for (const rest of permutations([...items.slice(0, i), ...items.slice(i + 1)])) out.push([item, ...rest]);
  });
  return out;
}

function hm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h ? (m ? `${h}h ${m}m` : `${h}h`) : `${m}m`;
}

/** The day after a YYYY-MM-DD date. */
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** What a last date the last leg cannot land on says (on that field). */
const cannotLand = (city: string, flyOn: string) => `Flights from ${city} on ${flyOn} land on ${flyOn} or ${nextDay(flyOn)}: choose the day you land, or a later date to fly on from ${city}`;

/**
 * Checks the stops: known cities, 2–6 of them, no city twice in a row, dates from today on and
 * never going back, and a last date the last leg can land on (at most a day after the date it leaves).
 */
function validateStops(world: World, stops: readonly PlanStop[], today: string, lastSaleDate: string): void {
  if (stops.length < MIN_STOPS || stops.some((s) => !s.city || !s.date)) throw new PlanError('Please add at least 2 cities with dates');
  if (stops.length > MAX_STOPS) throw new PlanError(`Plan at most ${MAX_STOPS} cities`);
  const fields: Record<string, string> = {};
  stops.forEach((stop, i) => {
    if (!world.getAirport(stop.city)) fields[`stops.${i}.city`] = `Safar does not fly to ${stop.city}`;
    else if (i > 0 && stops[i - 1]?.city === stop.city) fields[`stops.${i}.city`] = 'Choose a different city from the previous stop';
    if (stop.date < today) fields[`stops.${i}.date`] = 'Date cannot be in the past';
    else if (stop.date > lastSaleDate) fields[`stops.${i}.date`] = `Flights are on sale up to ${lastSaleDate}`;
    else if (i > 0 && stop.date < (stops[i - 1]?.date ?? '')) fields[`stops.${i}.date`] = `Stop ${i + 1}'s date must be on or after stop ${i}'s`;
  });
  const last = stops.length - 1;
  const flyOn = stops[last - 1];
  if (flyOn && !fields[`stops.${last}.date`] && (stops[last]?.date ?? '') > nextDay(flyOn.date)) {
    fields[`stops.${last}.date`] = cannotLand(world.getAirport(flyOn.city)?.city ?? flyOn.city, flyOn.date);
  }
  if (Object.keys(fields).length) throw new PlanError(Object.values(fields)[0] ?? 'Check the stops', fields);
}

/**
 * Plans a multi-city trip on the real search engine: one search per leg (leg i flies on stop i's
 * date, and the last leg lands on the last stop's date: every date asked for is honoured), the cheapest or fastest combination whose legs fit together, and optionally the best
 * order of the intermediate cities (every order priced for real, origin and final city fixed).
 * Throws PlanError for bad stops or when no combination fits.
 */
export async function planTrip(deps: PlannerDeps, request: PlanRequest, now: Date): Promise<PlanResult> {
  const { world, inventory } = deps;
  const stops = request.stops.map((s) => ({ city: s.city.toUpperCase(), date: s.date }));
  validateStops(world, stops, indiaToday(now), world.lastSaleDate(indiaToday(now)));
  const dates = [...new Set(stops.slice(0, -1).flatMap((s) => inventoryDatesFor(s.date)))].sort();
  await inventory.ensureDates(deps.db, dates);

  const legCache = new Map<string, Option[]>();
  const optionsFor = (from: string, to: string, date: string): Option[] => {
    const key = `${from}>${to}@${date}`;
    let options = legCache.get(key);
    if (!options) {
      const query: SearchQuery = { from, to, date, cabin: request.cabin, adults: request.adults, children: request.children, infants: request.infants };
      options = rankInMemory(world, inventory, query, now).ranked.map((ranked) => {
        const first = ranked.flights[0];
        const last = ranked.flights[ranked.flights.length - 1];
        const departure = first?.departureUtc.getTime() ?? 0;
        const arrival = last?.arrivalUtc.getTime() ?? 0;
        return { ranked, departure, arrival, price: ranked.price.price.total.total, minutes: Math.round((arrival - departure) / 60_000) };
      });
      legCache.set(key, options);
    }
    return options;
  };

  const lastDate = stops[stops.length - 1]?.date ?? '';
  /** A leg's options; the last leg's only those landing on the last stop's date. */
  const legOptions = (cities: readonly string[], i: number) => {
    const options = optionsFor(cities[i] ?? '', cities[i + 1] ?? '', stops[i]?.date ?? '');
    return i === cities.length - 2 ? options.filter((o) => o.ranked.flights[o.ranked.flights.length - 1]?.arrivalLocal.slice(0, 10) === lastDate) : options;
  };
  const planOrder = (cities: string[]) => {
    const options = cities.slice(0, -1).map((_, i) => legOptions(cities, i));
    const chosen = options.some((o) => o.length === 0) ? null : chooseLegs(request.mode, options);
    if (!chosen) return null;
    return { cities, chosen, totalPrice: chosen.reduce((s, o) => s + o.price, 0), totalMinutes: chosen.reduce((s, o) => s + o.minutes, 0) };
  };

  const entered = stops.map((s) => s.city);
  const asEntered = planOrder(entered);
  let best = asEntered;
  let tried = 1;
  const middle = entered.slice(1, -1);
  if (request.optimizeOrder && middle.length >= 2 && middle.length <= MAX_PERMUTED) {
    for (const perm of permutations(middle)) {
      const cities = [entered[0] ?? '', ...perm, entered[entered.length - 1] ?? ''];
      if (cities.some((c, i) => i > 0 && c === cities[i - 1])) continue;
      if (cities.join() === entered.join()) continue;
      tried += 1;
      const plan = planOrder(cities);
      if (plan && (!best || cost(request.mode, { price: plan.totalPrice, minutes: plan.totalMinutes }) < cost(request.mode, { price: best.totalPrice, minutes: best.totalMinutes }))) best = plan;
    }
  }
  if (!best) {
    const missing = entered.slice(0, -1).findIndex((from, i) => optionsFor(from, entered[i + 1] ?? from, stops[i]?.date ?? '').length === 0);
    const lastLeg = entered.length - 2;
    if (missing < 0 && legOptions(entered, lastLeg).length === 0) {
      const flyOn = stops[lastLeg];
      const message = cannotLand(world.getAirport(entered[lastLeg] ?? '')?.city ?? entered[lastLeg] ?? '', flyOn?.date ?? '');
      throw new PlanError(message, { [`stops.${entered.length - 1}.date`]: message });
    }
    if (missing >= 0) {
      const from = world.getAirport(entered[missing] ?? '')?.city ?? entered[missing];
      const to = world.getAirport(entered[missing + 1] ?? '')?.city ?? entered[missing + 1];
      throw new PlanError(`No flights from ${from} to ${to} on ${stops[missing]?.date}`, { [`stops.${missing}.date`]: `No flights from ${from} to ${to} on this date` });
    }
    throw new PlanError('These flights do not fit together: leave more time between the stops', { 'stops.1.date': 'Leave more time between the stops' });
  }

  const legs = best.chosen.map((o, i) => planLeg(world, best.cities[i] ?? '', best.cities[i + 1] ?? '', stops[i]?.date ?? '', buildItinerary(world, o.ranked.flights, request.cabin, o.ranked.price), o.price));
  return {
    mode: request.mode,
    order: best.cities,
    legs,
    timeline: timelineOf(legs),
    totalPrice: best.totalPrice,
    totalMinutes: best.totalMinutes,
    optimization: {
      tried,
      reordered: best.cities.join() !== entered.join(),
      asEntered: asEntered ? { order: asEntered.cities, totalPrice: asEntered.totalPrice, totalMinutes: asEntered.totalMinutes } : null,
    },
  };
}

/**
 * One leg of a plan: cities and codes, date, airline, flight number, price, duration, times and layover, with the itinerary its Book button opens.
 * @example planLeg(world, 'DEL', 'GOI', '2026-12-10', itinerary, itinerary.price.total.total)
 */
export function planLeg(world: World, fromCode: string, toCode: string, date: string, itinerary: Itinerary, price: number): PlanLeg {
  const first = itinerary.legs[0];
  return {
    from: world.getAirport(fromCode)?.city ?? fromCode,
    to: world.getAirport(toCode)?.city ?? toCode,
    fromCode,
    toCode,
    date,
    airline: itinerary.airlines.join(' + '),
    flightNumber: itinerary.legs.map((l) => l.flightNumber).join(' + ') || (first?.flightNumber ?? ''),
    price,
    duration: itinerary.durationMinutes,
    departureTime: itinerary.departure,
    arrivalTime: itinerary.arrival,
    layover: itinerary.layovers.length ? itinerary.layovers.map((l) => `${hm(l.minutes)} in ${l.airport}`).join(', ') : null,
    itinerary,
  };
}

/** departure → flight (→ layover → flight …) → arrival → stay, for every leg. */
export function timelineOf(legs: readonly PlanLeg[]): TimelineEntry[] {
  const entries: TimelineEntry[] = [];
  legs.forEach((leg, i) => {
    const it = leg.itinerary;
    entries.push({ type: 'departure', at: leg.departureTime, place: leg.fromCode, text: `Depart ${leg.from} (${leg.fromCode})` });
    it.legs.forEach((flight, j) => {
      entries.push({ type: 'flight', at: flight.departure, place: `${flight.from.code}–${flight.to.code}`, text: `${flight.carrierName} ${flight.flightNumber}, ${hm(flight.durationMinutes)}` });
      const layover = it.layovers[j];
      if (layover && j < it.legs.length - 1) entries.push({ type: 'layover', at: flight.arrival, place: layover.airport, text: `${hm(layover.minutes)} layover in ${layover.airport}${layover.changeOfTerminal ? ' (change of terminal)' : ''}` });
    });
    entries.push({ type: 'arrival', at: leg.arrivalTime, place: leg.toCode, text: `Arrive ${leg.to} (${leg.toCode})` });
    const next = legs[i + 1];
    if (next) {
      const minutes = Math.round((Date.parse(next.departureTime) - Date.parse(leg.arrivalTime)) / 60_000);
      const days = Math.floor(minutes / 1440);
      entries.push({ type: 'stay', at: leg.arrivalTime, place: leg.toCode, text: `Stay in ${leg.to}: ${days >= 1 ? `${days} day${days === 1 ? '' : 's'} ` : ''}${hm(minutes % 1440)}` });
    }
  });
  return entries;
}
