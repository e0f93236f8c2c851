import { describe, expect, it } from 'vitest';
import type { Itinerary } from '../../../core/search';
import { cheapestRoundTrip, pairPrice, specialReturnText } from './round-trip-pairs';

function itinerary(id: string, carrier: string, from: string, to: string, departure: string, arrival: string, baseFare: number, taxes: number): Itinerary {
  const leg = {
    flightId: `${carrier}1@${departure.slice(0, 10)}`,
    carrier,
    carrierName: carrier === '6E' ? 'IndiGo' : 'Air India',
    flightNumber: `${carrier} 1`,
    from: { code: from, name: from, city: from, terminal: null },
    to: { code: to, name: to, city: to, terminal: null },
    departure,
    arrival,
    durationMinutes: 130,
    aircraft: 'A320',
    cabin: 'economy' as const,
  };
  const each = { baseFare, taxesAndFees: taxes, total: baseFare + taxes };
  return { id, legs: [leg], stops: 0, layovers: [], durationMinutes: 130, departure, arrival, arrivalDayOffset: 0, seatsLeft: null, price: { currency: 'INR', perPassenger: { adult: each }, total: { baseFare: baseFare * 2, taxesAndFees: taxes * 2, total: (baseFare + taxes) * 2 } }, airlines: [leg.carrierName] };
}

const query = { adults: 2, children: 0, infants: 0 };
const out = itinerary('o', '6E', 'DEL', 'BOM', '2026-12-24T06:00:00+05:30', '2026-12-24T08:10:00+05:30', 5000, 900);
const back6E = itinerary('b1', '6E', 'BOM', 'DEL', '2026-12-28T19:00:00+05:30', '2026-12-28T21:10:00+05:30', 6000, 950);
const backAI = itinerary('b2', 'AI', 'BOM', 'DEL', '2026-12-28T19:00:00+05:30', '2026-12-28T21:10:00+05:30', 5500, 950);
const tooSoon = itinerary('b3', '6E', 'BOM', 'DEL', '2026-12-24T10:00:00+05:30', '2026-12-24T12:10:00+05:30', 3000, 950);

describe('round-trip pair prices', () => {
  it('takes the special return discount off the two one-ways for every passenger', () => {
    const pair = pairPrice(out, back6E, query);
    expect(pair.allowed).toBe(true);
    expect(pair.oneWaysInr).toBe((5900 + 6950) * 2);
    // IndiGo: 8 % of each journey's base fare per passenger, whole rupees: 400 + 480 per passenger.
    expect(pair.special?.discountPaise).toBe((400 + 480) * 2 * 100);
    expect(pair.totalInr).toBe(pair.oneWaysInr - 1760);
    expect(pair.separateTickets).toBe(false);
    expect(specialReturnText(pair.special!, 'IndiGo', (n) => `₹${n.toLocaleString('en-IN')}`)).toBe('₹1,760 less as a return on IndiGo');
  });

  it('prices different airlines as two one-ways on separate tickets', () => {
    const pair = pairPrice(out, backAI, query);
    expect(pair.special).toBeNull();
    expect(pair.totalInr).toBe(pair.oneWaysInr);
    expect(pair.separateTickets).toBe(true);
  });

  it('never pairs a return leaving within 3 h of landing, so "round trip from" ignores it', () => {
    expect(pairPrice(out, tooSoon, query).allowed).toBe(false);
    expect(cheapestRoundTrip(out, [tooSoon, backAI, back6E], query)).toBe(Math.min(pairPrice(out, backAI, query).totalInr, pairPrice(out, back6E, query).totalInr));
    expect(cheapestRoundTrip(out, [tooSoon], query)).toBeNull();
  });
});
