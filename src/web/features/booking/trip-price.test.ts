import { describe, expect, it } from 'vitest';
import type { Itinerary, ItineraryPrice } from '../../../core/search';
import { isTripState, tripJourneys, tripPrice } from './trip-price';

const price = (adult: number, child?: number): ItineraryPrice => ({
  currency: 'INR',
  perPassenger: { adult: { baseFare: Math.round(adult * 0.8), taxesAndFees: adult - Math.round(adult * 0.8), total: adult }, ...(child ? { child: { baseFare: Math.round(child * 0.8), taxesAndFees: child - Math.round(child * 0.8), total: child } } : {}) },
  total: { baseFare: 0, taxesAndFees: 0, total: adult },
});

function journey(carrier: string, from: string, to: string, departure: string, adult: number): Itinerary {
  const arrival = new Date(Date.parse(departure) + 2 * 3_600_000).toISOString().replace('.000Z', '+00:00');
  return {
    id: `${carrier}1@${departure.slice(0, 10)}:economy`,
    legs: [{ flightId: `${carrier}1@${departure.slice(0, 10)}`, carrier, carrierName: carrier, flightNumber: `${carrier} 1`, from: { code: from, name: from, city: from, terminal: '1' }, to: { code: to, name: to, city: to, terminal: '1' }, departure, arrival, durationMinutes: 120, aircraft: 'A320', cabin: 'economy' }],
    stops: 0,
    layovers: [],
    durationMinutes: 120,
    departure,
    arrival,
    arrivalDayOffset: 0,
    seatsLeft: null,
    price: price(adult),
    airlines: [carrier],
  };
}

const out = journey('6E', 'DEL', 'BOM', '2026-12-24T06:00:00+05:30', 5000);
const back = journey('6E', 'BOM', 'DEL', '2026-12-28T06:00:00+05:30', 6000);
const backOther = journey('AI', 'BOM', 'DEL', '2026-12-28T06:00:00+05:30', 6000);
const adults = (n: number) => Array.from({ length: n }, () => ({ type: 'Adult' as const }));

describe('trip price on the booking screen', () => {
  it('is pricing until every journey is quoted, then the sum of the journeys for everyone on the form', () => {
    expect(tripPrice([out, backOther], [price(5000), undefined], adults(2)).total).toBeNull();
    const priced = tripPrice([out, backOther], [price(5000), price(6000)], adults(2));
    expect(priced.journeys).toEqual([10000, 12000]);
    expect(priced.offer).toBeNull();
    expect(priced.total).toBe(22000);
  });

  it('takes a special return off when the two journeys make one (the rule the hold charges)', () => {
    const priced = tripPrice([out, back], [price(5000), price(6000)], adults(1));
    expect(priced.offer?.airline).toBe('6E');
    expect(priced.total).toBe(11000 - (priced.offer?.discountPaise ?? 0) / 100);
    expect(priced.total).toBeLessThan(11000);
  });

  it('marks journeys on separate tickets and counts their legs in the trip', () => {
    expect(tripJourneys([out, backOther])).toEqual([
      { firstLeg: 0, legCount: 1, separateTicket: false },
      { firstLeg: 1, legCount: 1, separateTicket: true },
    ]);
    expect(tripJourneys([out, back])[1]?.separateTicket).toBe(false);
  });

  it('recognises a whole trip in history state: two or more journeys with legs', () => {
    expect(isTripState({ journeys: [{ itinerary: out }, { itinerary: back }] })).toBe(true);
    expect(isTripState({ journeys: [{ itinerary: out }] })).toBe(false);
    expect(isTripState({ itinerary: out })).toBe(false);
    expect(isTripState({ journeys: [{ itinerary: out }, { itinerary: { legs: [] } }] })).toBe(false);
  });
});
