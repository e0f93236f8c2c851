import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FlightPattern } from '../schedule/patterns';
import { terminalFor } from '../schedule/generator';
import { getAirport } from '../world/airports';
import { distanceKm } from '../world/geo';
import { dayNumber, isoDate, localDayOf } from '../world/time';
import { createWorld, createWorldFromPatterns, type World } from '../world/world';
import { bruteForceItineraries } from './brute-force';
import { csaEarliestArrival } from './csa-oracle';
import { connects, findItineraries } from './engine';
import { connectionFacts, connectsByIndex } from './mct';

const world = createWorld();
const served = [...world.servedAirports].sort();
const firstDay = dayNumber('2026-11-22');

function checkItineraries(w: World, from: string, to: string, date: string) {
  const result = findItineraries(w, { origin: from, destination: to, date });
  const origin = w.getAirport(from);
  for (const c of result.candidates) {
    const legs = c.legs.map((l) => ({ ...l, p: w.patterns[l.pattern] }));
    expect(legs[0]?.p?.from).toBe(from);
    expect(legs[legs.length - 1]?.p?.to).toBe(to);
    // Leaves on the requested local date.
    expect(isoDate(localDayOf(c.departure, origin?.tz ?? 'UTC'))).toBe(date);
    for (let i = 1; i < legs.length; i++) {
      const a = legs[i - 1];
      const b = legs[i];
      if (!a?.p || !b?.p) throw new Error('missing pattern');
      expect(a.p.to).toBe(b.p.from);
      expect(connects(a.p, b.p, a.arrival, b.departure)).toBe(true);
    }
  }
  return result.candidates;
}

describe('engine on the default world', () => {
  it('finds the CSA earliest arrival on random queries, leaves on the date and respects MCT', () => {
    fc.assert(
      fc.property(fc.constantFrom(...served), fc.constantFrom(...served), fc.integer({ min: 0, max: 60 }), (from, to, offset) => {
        fc.pre(from !== to);
        const date = isoDate(firstDay + offset);
        const candidates = checkItineraries(world, from, to, date);
        const best = candidates.length ? Math.min(...candidates.map((c) => c.arrival)) : null;
        expect(best).toBe(csaEarliestArrival(world, from, to, date));
      }),
      { numRuns: 80 },
    );
  });

  it('agrees with CSA on busy and long-haul pairs', () => {
    for (const [from, to] of [['DEL', 'BOM'], ['IXM', 'IXJ'], ['DEL', 'LHR'], ['CCU', 'CDG'], ['JFK', 'BLR'], ['LHR', 'CDG']] as const) {
      const date = '2026-12-10';
      const candidates = checkItineraries(world, from, to, date);
      expect(candidates.length).toBeGreaterThan(0);
      expect(Math.min(...candidates.map((c) => c.arrival))).toBe(csaEarliestArrival(world, from, to, date));
    }
  });
});

const TINY_AIRPORTS = ['DEL', 'BOM', 'BLR', 'HYD', 'GOI', 'IXM', 'AMD', 'DXB', 'LHR', 'CDG'];

/** A random tiny schedule: few airports, random times, terminals by the real rules. */
const tinySchedule = fc
  .array(
    fc.record({
      from: fc.constantFrom(...TINY_AIRPORTS),
      to: fc.constantFrom(...TINY_AIRPORTS),
      carrier: fc.constantFrom('6E', 'AI', 'EK', 'BA'),
      departure: fc.integer({ min: 0, max: 287 }).map((x) => x * 5),
      mask: fc.integer({ min: 1, max: 127 }),
    }),
    { minLength: 3, maxLength: 40 },
  )
  .map((rows) => {
    const patterns: FlightPattern[] = [];
    for (const row of rows) {
      if (row.from === row.to) continue;
      const a = getAirport(row.from);
      const b = getAirport(row.to);
      if (!a || !b) continue;
      const km = distanceKm(a.lat, a.lon, b.lat, b.lon);
      const international = a.country !== b.country;
      patterns.push({
        index: patterns.length,
        carrier: row.carrier,
        number: 100 + patterns.length,
        key: `${row.carrier}${100 + patterns.length}`,
        from: row.from,
        to: row.to,
        fromTerminal: terminalFor(a, row.carrier, international),
        toTerminal: terminalFor(b, row.carrier, international),
        departureLocal: row.departure,
        arrivalLocal: 0,
        arrivalDayOffset: 0,
        blockMinutes: Math.max(45, Math.round(km / 12.5 / 5) * 5),
        validFrom: dayNumber('2026-01-01'),
        validTo: dayNumber('2027-12-31'),
        daysMask: row.mask,
        aircraft: 'A20N',
        international,
        distanceKm: Math.round(km),
      });
    }
    return patterns;
  });

describe('engine on tiny random schedules', () => {
  it('misses nothing a brute-force enumerator finds (each found itinerary is returned or dominated)', () => {
    let seed = 0;
    fc.assert(
      fc.property(tinySchedule, fc.constantFrom(...TINY_AIRPORTS), fc.constantFrom(...TINY_AIRPORTS), fc.constantFrom('2026-12-07', '2026-12-10', '2027-03-27', '2027-03-28', '2027-10-30', '2027-10-31'), (patterns, from, to, date) => {
        fc.pre(from !== to);
        const w = createWorldFromPatterns(patterns, { seed: seed++, scale: 1 });
        const engine = checkItineraries(w, from, to, date);
        const brute = bruteForceItineraries(w, from, to, date);
        for (const path of brute) {
          const dep = path[0]?.departure ?? 0;
          const arr = path[path.length - 1]?.arrival ?? 0;
          const covered = engine.some((c) => c.departure >= dep && c.arrival <= arr && c.legs.length <= path.length);
          expect(covered).toBe(true);
        }
        const csa = csaEarliestArrival(w, from, to, date);
        expect(engine.length ? Math.min(...engine.map((c) => c.arrival)) : null).toBe(csa);
        expect(brute.length ? Math.min(...brute.map((p) => p[p.length - 1]?.arrival ?? 0)) : null).toBe(csa);
      }),
      { numRuns: 300 },
    );
  });
});

describe('onward-flight reuse', () => {
  it('returns exactly what the plain scan returns (default world, world ×22 and tiny schedules, with closed flights)', () => {
    const check = (w: World, from: string, to: string, date: string) => {
      // Some flights closed, so answers and bounds differ from the all-open case.
      const isOpen = (pattern: number, localDay: number) => (pattern * 31 + localDay) % 7 !== 0;
      for (const open of [undefined, isOpen]) {
        const plain = findItineraries(w, { origin: from, destination: to, date, isOpen: open, reuseOnward: false });
        const reused = findItineraries(w, { origin: from, destination: to, date, isOpen: open });
        expect(reused).toEqual(plain);
      }
    };
    fc.assert(
      fc.property(fc.constantFrom(...served), fc.constantFrom(...served), fc.integer({ min: 0, max: 30 }), (from, to, offset) => {
        fc.pre(from !== to);
        check(world, from, to, isoDate(firstDay + offset));
      }),
      { numRuns: 200 },
    );
    const big = createWorld({ scale: 22 });
    const hubs = ['DEL', 'BOM', 'BLR', 'HYD', 'MAA', 'CCU', 'IXM', 'IXJ', 'GOI', 'DXB', 'LHR', 'SIN'];
    fc.assert(
      fc.property(fc.constantFrom(...hubs), fc.constantFrom(...hubs), fc.integer({ min: 0, max: 1 }), (from, to, offset) => {
        fc.pre(from !== to);
        check(big, from, to, isoDate(firstDay + offset));
      }),
      { numRuns: 25 },
    );
    fc.assert(
      fc.property(tinySchedule, fc.constantFrom(...TINY_AIRPORTS), fc.constantFrom(...TINY_AIRPORTS), (patterns, from, to) => {
        fc.pre(from !== to);
        check(createWorldFromPatterns(patterns, { seed: 1, scale: 1 }), from, to, '2026-12-10');
      }),
      { numRuns: 200 },
    );
  });
});

describe('connection check by pattern index', () => {
  it('agrees with the string rule for any two patterns meeting at an airport and any gap', () => {
    const facts = connectionFacts(world.patterns, world.airportIndex);
    const departing = new Map<string, number[]>();
    for (const p of world.patterns) departing.set(p.from, [...(departing.get(p.from) ?? []), p.index]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: world.patterns.length - 1 }), fc.nat(), fc.integer({ min: -60, max: 1_500 }), (pin, pick, gap) => {
        const inbound = world.patterns[pin];
        const outs = departing.get(inbound?.to ?? '') ?? [];
        fc.pre(inbound !== undefined && outs.length > 0);
        const pout = outs[pick % outs.length] ?? 0;
        const outbound = world.patterns[pout];
        if (!inbound || !outbound) return;
        expect(connectsByIndex(facts, pin, pout, 1_000, 1_000 + gap)).toBe(connects(inbound, outbound, 1_000, 1_000 + gap));
      }),
      { numRuns: 5_000 },
    );
  });
});
