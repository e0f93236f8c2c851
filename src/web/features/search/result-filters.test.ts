import { describe, expect, it } from 'vitest';
import type { Itinerary } from '../../../core/search';
import { applyFilters, bucketOf, fareBand, formatDuration, localHour, NO_FILTERS, sortItineraries } from './result-filters';

function itinerary(id: string, departure: string, durationMinutes: number, total: number, stops: number, airlines: string[]): Itinerary {
  return {
    id,
    legs: [],
    stops,
    layovers: [],
    durationMinutes,
    departure,
    arrival: departure,
    arrivalDayOffset: 0,
    seatsLeft: null,
    price: { currency: 'INR', perPassenger: {}, total: { baseFare: total - 500, taxesAndFees: 500, total } },
    airlines,
  };
}

const list = [
  itinerary('a', '2026-12-24T06:05:00+05:30', 135, 5200, 0, ['IndiGo']),
  itinerary('b', '2026-12-24T13:30:00+05:30', 300, 4100, 1, ['Air India', 'IndiGo']),
  itinerary('c', '2026-12-24T19:00:00+05:30', 125, 9900, 0, ['Air India']),
  itinerary('d', '2026-12-24T01:15:00+05:30', 600, 3800, 2, ['SpiceJet']),
];
const ids = (xs: Itinerary[]) => xs.map((x) => x.id);

describe('departure-time buckets', () => {
  it('buckets departures: morning 6–<12, afternoon 12–<18, evening 18–<24, night 0–<6', () => {
    expect([0, 5, 6, 11, 12, 17, 18, 23].map(bucketOf)).toEqual(['night', 'night', 'morning', 'morning', 'afternoon', 'afternoon', 'evening', 'evening']);
  });

  it('reads the local hour from the text, not the viewer clock', () => {
    expect(localHour('2026-12-24T23:50:00-08:00')).toBe(23);
  });
});

describe('applyFilters', () => {
  it('keeps everything with no filters', () => {
    expect(ids(applyFilters(list, NO_FILTERS))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by time bucket, airline (any leg), stops and maximum price', () => {
    expect(ids(applyFilters(list, { ...NO_FILTERS, times: ['morning', 'night'] }))).toEqual(['a', 'd']);
    expect(ids(applyFilters(list, { ...NO_FILTERS, airlines: ['Air India'] }))).toEqual(['b', 'c']);
    expect(ids(applyFilters(list, { ...NO_FILTERS, stops: [0] }))).toEqual(['a', 'c']);
    expect(ids(applyFilters(list, { ...NO_FILTERS, maxPrice: 5200 }))).toEqual(['a', 'b', 'd']);
    expect(ids(applyFilters(list, { ...NO_FILTERS, stops: [1], times: ['evening'] }))).toEqual([]);
  });
});

describe('sortItineraries', () => {
  it('sorts cheapest, fastest and earliest', () => {
    expect(ids(sortItineraries(list, 'cheapest'))).toEqual(['d', 'b', 'a', 'c']);
    expect(ids(sortItineraries(list, 'fastest'))).toEqual(['c', 'a', 'b', 'd']);
    expect(ids(sortItineraries(list, 'earliest'))).toEqual(['d', 'a', 'b', 'c']);
  });

  it("keeps the server's order for best", () => {
    expect(ids(sortItineraries(list, 'best'))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('does not change the input', () => {
    sortItineraries(list, 'fastest');
    expect(ids(list)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('fare colours and durations', () => {
  it('bands fares: low under ₹7,000, fair under ₹8,500, high under ₹9,500, peak from ₹9,500', () => {
    expect([6999, 7000, 8499, 8500, 9499, 9500].map(fareBand)).toEqual(['low', 'fair', 'fair', 'high', 'high', 'peak']);
  });

  it('writes durations like 2h 15m', () => {
    expect(formatDuration(135)).toBe('2h 15m');
    expect(formatDuration(45)).toBe('0h 45m');
  });
});
