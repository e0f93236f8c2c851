import { describe, expect, it } from 'vitest';
import type { GroupFlight } from '../../../core/companion';
import { flightLine, tripText } from './trip-text';

const flight: GroupFlight = {
  flightNumber: '6E 2134',
  airline: 'IndiGo',
  from: { code: 'DEL', city: 'Delhi', terminal: '1' },
  to: { code: 'BOM', city: 'Mumbai', terminal: 'T2' },
  departure: '2026-12-24T06:05:00+05:30',
  arrival: '2026-12-24T08:15:00+05:30',
};

describe('trip text', () => {
  it('writes a flight with airport-local times and terminals', () => {
    expect(flightLine(flight)).toBe('6E 2134 IndiGo · Thu, 24 Dec 2026 · Delhi (DEL) T1 06:05 → Mumbai (BOM) T2 08:15');
    expect(flightLine({ ...flight, from: { ...flight.from, terminal: null } })).toContain('Delhi (DEL) 06:05');
    // An overnight arrival carries its day mark.
    expect(flightLine({ ...flight, departure: '2026-12-24T22:25:00+05:30', arrival: '2026-12-25T00:45:00+05:30' })).toBe(
      '6E 2134 IndiGo · Thu, 24 Dec 2026 · Delhi (DEL) T1 22:25 → Mumbai (BOM) T2 00:45 +1',
    );
  });

  it('summarises the trip with first names, the code and the link', () => {
    const text = tripText({ flights: [flight], firstNames: ['Asha', 'Ravi'], shareCode: 'K7QX2M', link: 'https://safar.example/trip/K7QX2M' });
    expect(text.split('\n')).toEqual([
      'Trip: Delhi → Mumbai',
      '6E 2134 IndiGo · Thu, 24 Dec 2026 · Delhi (DEL) T1 06:05 → Mumbai (BOM) T2 08:15',
      'Travellers: Asha, Ravi',
      'Share code: K7QX2M',
      'https://safar.example/trip/K7QX2M',
    ]);
  });
});
