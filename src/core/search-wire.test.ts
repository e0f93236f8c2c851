import { describe, expect, it } from 'vitest';
import type { CompactSearchResponse } from './search';
import { expandSearchResponse, formatItineraryId } from './search-wire';

const query = { from: 'BLR', to: 'LHR', date: '2026-12-24', cabin: 'business', adults: 2, children: 1, infants: 1 } as const;

const compact: CompactSearchResponse = {
  query,
  airports: { BLR: { name: 'Kempegowda International Airport', city: 'Bengaluru' }, LHR: { name: 'London Heathrow Airport', city: 'London' } },
  carriers: { AI: 'Air India' },
  itineraries: [
    {
      legs: [
        ['AI505@2026-12-24', 'BLR', '2', 'DEL', '3', '2026-12-24T22:10:00+05:30', '2026-12-25T01:00:00+05:30', 'Airbus A320neo'],
        ['AI111@2026-12-25', 'DEL', '3', 'LHR', '2', '2026-12-25T02:30:00+05:30', '2026-12-25T07:15:00+00:00', 'Boeing 787-8'],
      ],
      seatsLeft: 4,
      fares: { adult: { baseFare: 80000, taxesAndFees: 12000 }, child: { baseFare: 60000, taxesAndFees: 9000 }, infant: { baseFare: 8000, taxesAndFees: 960 } },
    },
  ],
  reason: null,
};

describe('expandSearchResponse', () => {
  it('derives ids, layovers, durations, day offsets, airline lists and totals from the legs and fares', () => {
    const [it0] = expandSearchResponse(compact).itineraries;
    expect(it0?.id).toBe('AI505@2026-12-24~AI111@2026-12-25:business');
    expect(it0?.stops).toBe(1);
    expect(it0?.layovers).toEqual([{ airport: 'DEL', minutes: 90, changeOfTerminal: false }]);
    expect(it0?.legs.map((l) => l.durationMinutes)).toEqual([170, 615]);
    expect(it0?.durationMinutes).toBe(875);
    expect(it0?.arrivalDayOffset).toBe(1);
    expect(it0?.airlines).toEqual(['Air India']);
    expect(it0?.legs[1]?.to).toEqual({ code: 'LHR', name: 'London Heathrow Airport', city: 'London', terminal: '2' });
    expect(it0?.legs.every((l) => l.cabin === 'business' && l.carrier === 'AI' && l.carrierName === 'Air India')).toBe(true);
    expect(it0?.legs.map((l) => l.flightNumber)).toEqual(['AI 505', 'AI 111']);
    expect(it0?.price.perPassenger.child).toEqual({ baseFare: 60000, taxesAndFees: 9000, total: 69000 });
    // Two adults, one child and one infant.
    expect(it0?.price.total).toEqual({ baseFare: 2 * 80000 + 60000 + 8000, taxesAndFees: 2 * 12000 + 9000 + 960, total: 2 * 92000 + 69000 + 8960 });
    expect(it0?.seatsLeft).toBe(4);
  });

  it('falls back to the code for an airport or airline missing from the tables', () => {
    const [it0] = expandSearchResponse(compact).itineraries;
    expect(it0?.legs[0]?.to).toEqual({ code: 'DEL', name: 'DEL', city: 'DEL', terminal: '3' });
    const noCarrier = expandSearchResponse({ ...compact, carriers: {} });
    expect(noCarrier.itineraries[0]?.airlines).toEqual(['AI']);
  });

  it('keeps an empty answer and its reason', () => {
    const empty = expandSearchResponse({ query, airports: {}, carriers: {}, itineraries: [], reason: 'All flights on this day are sold out' });
    expect(empty).toEqual({ query, itineraries: [], reason: 'All flights on this day are sold out' });
  });

  it('formats the id bookings accept from flight ids or legs', () => {
    expect(formatItineraryId(['6E2134@2026-12-24'], 'economy')).toBe('6E2134@2026-12-24:economy');
    expect(formatItineraryId([{ flightId: '6E2134@2026-12-24' }, { flightId: 'AI101@2026-12-24' }], 'first')).toBe('6E2134@2026-12-24~AI101@2026-12-24:first');
  });
});
