import type { Itinerary } from '../../../core/search';

export const SORTS = ['best', 'cheapest', 'fastest', 'earliest'] as const;
export type SortKey = (typeof SORTS)[number];
export const SORT_LABELS: Record<SortKey, string> = { best: 'Best', cheapest: 'Cheapest', fastest: 'Fastest', earliest: 'Earliest' };

export function isSortKey(value: unknown): value is SortKey {
  return typeof value === 'string' && (SORTS as readonly string[]).includes(value);
}

/** Four six-hour departure-time buckets, by the first leg's local departure hour. */
export const TIME_BUCKETS = [
  { key: 'morning', label: 'Morning', range: '6 AM – 12 PM', from: 6, to: 12 },
  { key: 'afternoon', label: 'Afternoon', range: '12 PM – 6 PM', from: 12, to: 18 },
  { key: 'evening', label: 'Evening', range: '6 PM – 12 AM', from: 18, to: 24 },
  { key: 'night', label: 'Night', range: '12 AM – 6 AM', from: 0, to: 6 },
] as const;
export type TimeBucket = (typeof TIME_BUCKETS)[number]['key'];

export const PRICE_MAX = 100_000;
export const STOP_OPTIONS = [
  { value: 0, label: 'Non-stop' },
  { value: 1, label: '1 stop' },
  { value: 2, label: '2 stops' },
] as const;

export interface ResultFilters {
  times: TimeBucket[];
  /** Airline names; none selected means all. */
  airlines: string[];
  /** Upper bound of the all-in total in INR (0–100000; the minimum is fixed at 0). */
  maxPrice: number;
  stops: number[];
}

export const NO_FILTERS: ResultFilters = { times: [], airlines: [], maxPrice: PRICE_MAX, stops: [] };

/**
 * Local hour of an ISO date-time with offset, read from the text so the airport's own clock counts.
 * @example localHour('2026-12-24T06:05:00+05:30') // 6
 */
export function localHour(isoWithOffset: string): number {
  return Number(isoWithOffset.slice(11, 13));
}

/**
 * Local "HH:MM" of an ISO date-time with offset.
 * @example localTime('2026-12-24T18:40:00+05:30') // "18:40"
 */
export function localTime(isoWithOffset: string): string {
  return isoWithOffset.slice(11, 16);
}

/** @example bucketOf(13) // "afternoon" */
export function bucketOf(hour: number): TimeBucket {
  const bucket = TIME_BUCKETS.find((b) => hour >= b.from && hour < b.to);
  return bucket ? bucket.key : 'night';
}

/**
 * Minutes as hours and minutes.
 * @example formatDuration(135) // "2h 15m"
 * @example formatDuration(60) // "1h 0m"
 */
export function formatDuration(minutes: number): string {
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}

/** The filter the price slider applies: the all-in total when the slider is moved below its maximum. */
function withinPrice(itinerary: Itinerary, maxPrice: number): boolean {
  return maxPrice >= PRICE_MAX || itinerary.price.total.total <= maxPrice;
}

/**
 * Applies the Results filters. An empty list in a group means "any".
 * Airlines: an itinerary passes when any of its airlines is selected.
 * @example applyFilters(list, { ...NO_FILTERS, stops: [0] }) // non-stop only
 */
export function applyFilters(itineraries: readonly Itinerary[], filters: ResultFilters): Itinerary[] {
  return itineraries.filter(
    (it) =>
      (filters.times.length === 0 || filters.times.includes(bucketOf(localHour(it.departure)))) &&
      (filters.airlines.length === 0 || it.airlines.some((name) => filters.airlines.includes(name))) &&
      (filters.stops.length === 0 || filters.stops.includes(Math.min(it.stops, 2))) &&
      withinPrice(it, filters.maxPrice),
  );
}

const departureMs = (it: Itinerary) => Date.parse(it.departure);

/**
 * Sorts a copy. Best keeps the server's order (GET /api/search answers in "best" order: price,
 * time and stops weighed together), so there is one definition of best.
 * @example sortItineraries(list, 'cheapest')[0].price.total.total // the lowest total
 */
export function sortItineraries(itineraries: readonly Itinerary[], sort: SortKey): Itinerary[] {
  const list = [...itineraries];
  const byPrice = (a: Itinerary, b: Itinerary) => a.price.total.total - b.price.total.total;
  const byDeparture = (a: Itinerary, b: Itinerary) => departureMs(a) - departureMs(b);
  const byDuration = (a: Itinerary, b: Itinerary) => a.durationMinutes - b.durationMinutes;
  switch (sort) {
    case 'cheapest':
      return list.sort((a, b) => byPrice(a, b) || byDuration(a, b) || byDeparture(a, b));
    case 'fastest':
      return list.sort((a, b) => byDuration(a, b) || byPrice(a, b) || byDeparture(a, b));
    case 'earliest':
      return list.sort((a, b) => byDeparture(a, b) || byPrice(a, b));
    case 'best':
      return list;
  }
}

/** Airline names in the results, alphabetical, for the Airlines checkboxes. */
export function airlinesOf(itineraries: readonly Itinerary[]): string[] {
  return [...new Set(itineraries.flatMap((it) => it.airlines))].sort((a, b) => a.localeCompare(b));
}

export type FareBand = 'low' | 'fair' | 'high' | 'peak';
export const FARE_BAND_LABELS: Record<FareBand, string> = { low: 'Under ₹7,000', fair: '₹7,000 – ₹8,499', high: '₹8,500 – ₹9,499', peak: '₹9,500 and above' };

/**
 * Fare calendar colours by INR fare: under 7000 green, under 8500 yellow, under 9500 orange, else red.
 * @example fareBand(6999) // "low"
 * @example fareBand(9500) // "peak"
 */
export function fareBand(fareInr: number): FareBand {
  if (fareInr < 7000) return 'low';
  if (fareInr < 8500) return 'fair';
  if (fareInr < 9500) return 'high';
  return 'peak';
}

/** Counts of filters in use, for the mobile "Filters (2)" toggle. */
export function activeFilterCount(filters: ResultFilters): number {
  return filters.times.length + filters.airlines.length + filters.stops.length + (filters.maxPrice < PRICE_MAX ? 1 : 0);
}
