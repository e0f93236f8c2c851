import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SeatMap } from '../../core/seats';
import { AIRCRAFT } from '../world/airlines';
import { type SeatParty, adjacent, autoAssign } from './assign';
import { allCabinMaps, cabinMap, seatCodes } from './maps';

const maps = allCabinMaps();
const mapArb = fc.constantFrom(...maps);
const partyArb = fc
  .array(fc.record({ type: fc.constantFrom<SeatParty['type']>('adult', 'adult', 'child', 'infant'), exitEligible: fc.boolean() }), { minLength: 1, maxLength: 9 })
  .map((list) => list.map((p, i): SeatParty => ({ passengerId: `p${i}`, type: p.type, exitEligible: p.type === 'adult' && p.exitEligible })));
/** A random share of a map's seats taken. */
const takenArb = (map: SeatMap) => fc.subarray(seatCodes(map)).map((list) => new Set(list));
const exitSeats = (map: SeatMap) => new Set(map.rows.flatMap((r) => r.seats.filter((s) => s.tags.includes('exit')).map((s) => `${r.row}${s.letter}`)));

describe('auto-assignment', () => {
  it('never gives a taken seat, never one seat twice, seats everyone who has a seat when enough are free, infants none', () => {
    fc.assert(
      fc.property(mapArb.chain((map) => fc.tuple(fc.constant(map), takenArb(map), partyArb)), ([map, taken, party]) => {
        const got = autoAssign(map, taken, party);
        const seats = [...got.values()];
        expect(new Set(seats).size).toBe(seats.length);
        const all = new Set(seatCodes(map));
        for (const s of seats) {
          expect(taken.has(s)).toBe(false);
          expect(all.has(s)).toBe(true);
        }
        for (const p of party) if (p.type === 'infant') expect(got.has(p.passengerId)).toBe(false);
        const exits = exitSeats(map);
        const freeNonExit = [...all].filter((s) => !taken.has(s) && !exits.has(s)).length;
        const seated = party.filter((p) => p.type !== 'infant');
        if (freeNonExit >= seated.length) expect(got.size).toBe(seated.length);
      }),
      { numRuns: 300 },
    );
  });

  it('nobody who is not exit-eligible (every child, adults who did not qualify) gets an exit-row seat', () => {
    fc.assert(
      fc.property(mapArb.chain((map) => fc.tuple(fc.constant(map), takenArb(map), partyArb)), ([map, taken, party]) => {
        const got = autoAssign(map, taken, party);
        const exits = exitSeats(map);
        for (const p of party) {
          const seat = got.get(p.passengerId);
          if (seat && !p.exitEligible) expect(exits.has(seat)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('a party that fits in one block of an empty cabin sits together on neighbouring seats of one row, each child next to an adult', () => {
    fc.assert(
      fc.property(mapArb, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 0, max: 2 }), (map, adults, children) => {
        const width = Math.max(...map.blocks.map((b) => b.length));
        fc.pre(adults + children <= width && children <= adults * 2);
        const party: SeatParty[] = [
          ...Array.from({ length: adults }, (_, i): SeatParty => ({ passengerId: `a${i}`, type: 'adult', exitEligible: false })),
          ...Array.from({ length: children }, (_, i): SeatParty => ({ passengerId: `c${i}`, type: 'child', exitEligible: false })),
        ];
        const got = autoAssign(map, new Set(), party);
        expect(got.size).toBe(party.length);
        const seats = [...got.values()].sort();
        // One row, and each seat next to another of the party (a single run).
        const rows = new Set(seats.map((s) => s.replace(/[A-Z]$/, '')));
        expect(rows.size).toBe(1);
        if (seats.length > 1) for (const s of seats) expect(seats.some((o) => o !== s && adjacent(map, s, o))).toBe(true);
        for (const p of party.filter((x) => x.type === 'child')) {
          const seat = got.get(p.passengerId) ?? '';
          expect(party.some((a) => a.type === 'adult' && adjacent(map, seat, got.get(a.passengerId) ?? ''))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('children sit next to an adult whenever the cabin still has a free run for them', () => {
    fc.assert(
      fc.property(fc.constantFrom(...maps.filter((m) => seatCodes(m).length >= 60)).chain((map) => fc.tuple(fc.constant(map), fc.subarray(seatCodes(map), { maxLength: Math.floor(seatCodes(map).length / 3) }))), fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 4 }), ([map, takenList], adults, children) => {
        fc.pre(children <= adults * Math.min(2, Math.max(...map.blocks.map((b) => b.length - 1))));
        const taken = new Set(takenList);
        const party: SeatParty[] = [
          ...Array.from({ length: adults }, (_, i): SeatParty => ({ passengerId: `a${i}`, type: 'adult', exitEligible: true })),
          ...Array.from({ length: children }, (_, i): SeatParty => ({ passengerId: `c${i}`, type: 'child', exitEligible: false })),
        ];
        const got = autoAssign(map, taken, party);
        // With two thirds of a cabin of 60 seats or more free, a run for an adult and its children is there.
        for (const p of party.filter((x) => x.type === 'child')) {
          const seat = got.get(p.passengerId) ?? '';
          expect(party.some((a) => a.type === 'adult' && adjacent(map, seat, got.get(a.passengerId) ?? ''))).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('kept seats stay and the others sit beside them', () => {
    const map = cabinMap('A20N', 'economy');
    if (!map) throw new Error('no map');
    const got = autoAssign(map, new Set(['20A']), [
      { passengerId: 'a', type: 'adult', exitEligible: true },
      { passengerId: 'b', type: 'adult', exitEligible: true },
    ], new Map([['a', '20A']]));
    expect(got.get('a')).toBe('20A');
    expect(adjacent(map, '20A', got.get('b') ?? '')).toBe(true);
  });

  it('a full cabin seats nobody', () => {
    for (const id of Object.keys(AIRCRAFT)) {
      const map = cabinMap(id, 'economy');
      if (!map) continue;
      expect(autoAssign(map, new Set(seatCodes(map)), [{ passengerId: 'a', type: 'adult', exitEligible: true }]).size).toBe(0);
    }
  });
});
