import type { Cabin } from '../../core/search';
import type { InventoryView } from '../inventory/view';
import { searchInMemory } from '../search/search-flights';
import { dayNumber, indiaToday, isoDate } from '../world/time';
import type { World } from '../world/world';

export interface AlertRoute {
  from: string;
  to: string;
  cabin: Cabin;
  dateFrom: string;
  dateTo: string;
  adults: number;
  children: number;
  infants: number;
}

export interface RoutePrice {
  /** Lowest all-in price for all the passengers over the dates still on sale; null when nothing can be bought. */
  total: number | null;
  /** Lowest all-in fare of one adult on the same dates (for the route's fare history). */
  adultFare: number | null;
}

/** The travel dates of an alert still on sale today. */
export function openDates(world: World, route: Pick<AlertRoute, 'dateFrom' | 'dateTo'>, now: Date): string[] {
  const today = indiaToday(now);
  const last = world.lastSaleDate(today);
  const dates: string[] = [];
  for (let d = dayNumber(route.dateFrom); d <= dayNumber(route.dateTo); d++) {
    const date = isoDate(d);
    if (date >= today && date <= last) dates.push(date);
  }
  return dates;
}

/** Inventory dates a search on these travel dates reads (connections leave up to two days later). */
export function inventoryDates(dates: readonly string[]): string[] {
  const around = new Set<string>();
  for (const date of dates) for (const k of [-1, 0, 1, 2]) around.add(isoDate(dayNumber(date) + k));
  return [...around];
}

/**
 * What the traveller could buy now: the search engine over the live fare model and seat
 * inventory (exactly what /api/search answers), cheapest itinerary per date.
 * Call `inventory.ensureDates(db, inventoryDates(dates))` first.
 */
export function priceRoute(world: World, inventory: InventoryView, route: AlertRoute, now: Date): RoutePrice {
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
