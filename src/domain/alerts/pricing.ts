import { returnJourneyOf } from '../../core/round-trip';
import type { Cabin } from '../../core/search';
import type { InventoryView } from '../inventory/view';
import { searchInMemory } from '../search/search-flights';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';
import { type PricedDirection, roundTripAlertPrice } from './round-trip';

export interface AlertRoute {
  from: string;
  to: string;
  cabin: Cabin;
  dateFrom: string;
  dateTo: string;
  /** A round trip's return day; null: one way. */
  returnDate: string | null;
  adults: number;
  children: number;
  infants: number;
}

export interface RoutePrice {
  /** Lowest all-in price for all the passengers over the dates still on sale; null when nothing can be bought. */
  total: number | null;
  /** Lowest all-in fare of one adult on the same dates (for the route's fare history); null for a round trip (the history is of one-way fares). */
  adultFare: number | null;
  /** With a remote supplier: when a search saw the fare `total` is made of (ISO 8601); absent for a live price. */
  seenAt?: string | null;
}

/** The departure dates of an alert still on sale today (none for a round trip whose return day is not on sale). */
export function openDates(world: World, route: Pick<AlertRoute, 'dateFrom' | 'dateTo' | 'returnDate'>, now: Date): string[] {
  const today = indiaToday(now);
  const last = world.lastSaleDate(today);
  if (route.returnDate !== null && (route.returnDate < today || route.returnDate > last)) return [];
  const dates: string[] = [];
  for (let d = dayNumber(route.dateFrom); d <= dayNumber(route.dateTo); d++) {
    const date = isoDate(d);
    if (date >= today && date <= last) dates.push(date);
  }
  return dates;
}

/** Every travel date an alert's searches read: its open departure dates and, for a round trip with any, the return day. */
export function searchDates(world: World, route: Pick<AlertRoute, 'dateFrom' | 'dateTo' | 'returnDate'>, now: Date): string[] {
  const dates = openDates(world, route, now);
  return route.returnDate !== null && dates.length > 0 ? [...dates, route.returnDate] : dates;
}

/** Inventory dates a search on these travel dates reads (connections leave up to two days later). */
export function inventoryDates(dates: readonly string[]): string[] {
  const around = new Set<string>();
  for (const date of dates) for (const k of [-1, 0, 1, 2]) around.add(isoDate(dayNumber(date) + k));
  return [...around];
}

/**
 * What the traveller could buy now: the search engine over the live fare model and seat
 * inventory (exactly what /api/search answers), cheapest itinerary per date; for a round trip,
 * the cheapest pair of an open departure date's outbound and the return day's inbound
 * (`roundTripAlertPrice`, priced as the round-trip results price it).
 * Call `inventory.ensureDates(db, inventoryDates(searchDates(…)))` first.
 */
export function priceRoute(world: World, inventory: InventoryView, route: AlertRoute, now: Date): RoutePrice {
  if (route.returnDate !== null) return priceRoundTrip(world, inventory, { ...route, returnDate: route.returnDate }, now);
  let total: number | null = null;
  let adultFare: number | null = null;
  for (const date of openDates(world, route, now)) {
    const query = { from: route.from, to: route.to, date, cabin: route.cabin, adults: route.adults, children: route.children, infants: route.infants };
    for (const itinerary of searchInMemory(world, inventory, query, now).list) {
      const price = itinerary.price.total.total;
      if (total === null || price < total) total = price;
      const adult = itinerary.price.perPassenger.adult?.total;
      if (adult !== undefined && (adultFare === null || adult < adultFare)) adultFare = adult;
    }
  }
  return { total, adultFare };
}

/** A round-trip alert's price: the cheapest pair over its open departure dates, back on its return day. */
function priceRoundTrip(world: World, inventory: InventoryView, route: AlertRoute & { returnDate: string }, now: Date): RoutePrice {
  const passengers = { adults: route.adults, children: route.children, infants: route.infants };
  const query = (from: string, to: string, date: string) => ({ from, to, date, cabin: route.cabin, ...passengers });
  const priced = (from: string, to: string, date: string): PricedDirection[] =>
    searchInMemory(world, inventory, query(from, to, date), now).list.map((itinerary) => ({ total: itinerary.price.total.total, journey: returnJourneyOf(itinerary) }));
  const dates = openDates(world, route, now);
  if (dates.length === 0) return { total: null, adultFare: null };
  const inbound = priced(route.to, route.from, route.returnDate);
  let total: number | null = null;
  for (const date of dates) {
    const price = roundTripAlertPrice(priced(route.from, route.to, date), inbound, passengers);
    if (price !== null && (total === null || price < total)) total = price;
  }
  return { total, adultFare: null };
}
