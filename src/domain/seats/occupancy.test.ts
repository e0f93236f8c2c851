import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allCabinMaps, cabinMap, seatCodes } from './maps';
import { cachedFillOrder, fillOrder, seatStates } from './occupancy';

const maps = allCabinMaps();

describe('other travellers', () => {
  it('the fill order lists every seat once, is the same for the same flight, and puts blocked seats first', () => {
    for (const map of maps) {
      const a = fillOrder(map, 'X1@2026-12-24');
      expect([...a.order].sort()).toEqual(seatCodes(map).sort());
      expect(fillOrder(map, 'X1@2026-12-24')).toEqual(a);
      expect(a.blocked).toBeLessThanOrEqual(2);
    }
  });

  it('a fill order cut short is a prefix of the whole order, at least as long as asked', () => {
    fc.assert(
      fc.property(fc.constantFrom(...maps).chain((map) => fc.tuple(fc.constant(map), fc.nat({ max: seatCodes(map).length }), fc.string({ maxLength: 12 }))), ([map, atLeast, seed]) => {
        const whole = fillOrder(map, seed);
        const cut = fillOrder(map, seed, atLeast);
        expect(cut.order.length).toBeGreaterThanOrEqual(atLeast);
        expect(cut.order).toEqual(whole.order.slice(0, cut.order.length));
        expect(cut.blocked).toBe(whole.blocked);
      }),
      { numRuns: 200 },
    );
  });

  it('the states drawn from a remembered prefix equal those drawn from the whole order', () => {
    fc.assert(
      fc.property(fc.constantFrom(...maps).chain((map) => fc.tuple(fc.constant(map), fc.nat({ max: seatCodes(map).length }), fc.subarray(seatCodes(map), { maxLength: Math.min(20, seatCodes(map).length) }))), ([map, others, safarList]) => {
        const safar = new Map(safarList.map((s, i) => [s, i % 2 === 0 ? ('held' as const) : ('safar' as const)]));
        const flightId = `P${others}-${map.aircraftId}@2026-12-24`;
        const whole = fillOrder(map, `${flightId}|${map.cabin}`);
        expect(seatStates(map, cachedFillOrder(map, flightId, others + safar.size), others, safar)).toEqual(seatStates(map, whole, others, safar));
      }),
      { numRuns: 200 },
    );
  });

  it('exactly `others` seats are the other travellers’, none of them a Safar seat, Safar seats keep their state, the rest free', () => {
    fc.assert(
      fc.property(fc.constantFrom(...maps).chain((map) => fc.tuple(fc.constant(map), fc.nat({ max: seatCodes(map).length }), fc.subarray(seatCodes(map), { maxLength: Math.min(20, seatCodes(map).length) }))), ([map, others, safarList]) => {
        const safar = new Map(safarList.map((s, i) => [s, i % 2 === 0 ? ('held' as const) : ('safar' as const)]));
        const states = seatStates(map, fillOrder(map, 'F'), others, safar);
        const count = (st: string) => [...states.values()].filter((x) => x === st).length;
        expect(count('taken') + count('blocked')).toBe(Math.min(others, seatCodes(map).length - safar.size));
        for (const [seat, st] of safar) expect(states.get(seat)).toBe(st);
        expect(states.size).toBe(seatCodes(map).length);
      }),
      { numRuns: 200 },
    );
  });

  it('lone travellers take windows and aisles first and the front fills before the back', () => {
    const map = cabinMap('A20N', 'economy');
    if (!map) throw new Error('no map');
    const { order, blocked } = fillOrder(map, '6E2134@2026-12-24');
    const first = order.slice(blocked, blocked + 40);
    const kindOf = (code: string) => map.rows.flatMap((r) => r.seats.map((s) => ({ code: `${r.row}${s.letter}`, kind: s.kind }))).find((s) => s.code === code)?.kind;
    expect(first.filter((c) => kindOf(c) === 'middle').length).toBeLessThan(first.length / 3);
    const rowOf = (code: string) => Number(code.slice(0, -1));
    const avg = (list: string[]) => list.reduce((s, c) => s + rowOf(c), 0) / list.length;
    expect(avg(first)).toBeLessThan(avg(order.slice(-40)));
  });
});
