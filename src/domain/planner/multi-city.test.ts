import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite } from '../../db/client';
import { InventoryView } from '../inventory/view';
import { createWorld } from '../world/world';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { PlanError, SELF_TRANSFER_MINUTES, chooseLegs, planTrip, type PlanMode } from './multi-city';

const NOW = new Date('2026-11-21T06:30:00Z');
const H = 3_600_000;

/** Every combination, for checking the dynamic programme. */
function bruteForce<T extends { departure: number; arrival: number; price: number; minutes: number }>(mode: PlanMode, options: T[][]): T[] | null {
  let best: { key: number[]; path: T[] } | null = null;
  const walk = (i: number, path: T[]) => {
    if (i === options.length) {
      const price = path.reduce((s, o) => s + o.price, 0);
      const minutes = path.reduce((s, o) => s + o.minutes, 0);
      const key = mode === 'price' ? [price, minutes] : [minutes, price];
      if (!best || key[0]! < best.key[0]! || (key[0] === best.key[0] && key[1]! < best.key[1]!)) best = { key, path: [...path] };
      return;
    }
    for (const o of options[i] ?? []) {
      const last = path[path.length - 1];
      if (last && o.departure < last.arrival + SELF_TRANSFER_MINUTES * 60_000) continue;
      walk(i + 1, [...path, o]);
    }
  };
  walk(0, []);
  return (best as { path: T[] } | null)?.path ?? null;
}

const optionArb = fc.record({ departure: fc.integer({ min: 0, max: 96 }), length: fc.integer({ min: 1, max: 14 }), price: fc.integer({ min: 2000, max: 20000 }) }).map((o) => ({ departure: o.departure * H, arrival: (o.departure + o.length) * H, price: o.price, minutes: o.length * 60 }));

describe('choosing legs', () => {
  it('matches brute force in both modes on small random cases', () => {
    fc.assert(
      fc.property(fc.array(fc.array(optionArb, { minLength: 0, maxLength: 5 }), { minLength: 1, maxLength: 4 }), fc.constantFrom<PlanMode>('price', 'time'), (options, mode) => {
        const dp = chooseLegs(mode, options);
        const brute = bruteForce(mode, options);
        if (brute === null) return dp === null;
        if (!dp) return false;
        const sum = (p: typeof dp, k: 'price' | 'minutes') => p.reduce((s, o) => s + o[k], 0);
        const key = mode === 'price' ? 'price' : 'minutes';
        // Same optimum (ties may pick different but equally good legs), and the legs fit.
        return sum(dp, key) === sum(brute, key) && dp.every((o, i) => i === 0 || o.departure >= (dp[i - 1]?.arrival ?? 0) + SELF_TRANSFER_MINUTES * 60_000);
      }),
      { numRuns: 300 },
    );
  });

  it('takes a dearer first leg when the cheap one lands too late for the only onward flight', () => {
    const legs = [
      [{ departure: 0, arrival: 10 * H, price: 3000, minutes: 600 }, { departure: 0, arrival: 2 * H, price: 5000, minutes: 120 }],
      [{ departure: 6 * H, arrival: 8 * H, price: 4000, minutes: 120 }],
    ];
    expect(chooseLegs('price', legs)?.map((o) => o.price)).toEqual([5000, 4000]);
  });
});

describe('planTrip on the real engine', () => {
  const world = createWorld();
  let close: () => Promise<void>;
  let deps: Parameters<typeof planTrip>[0];
  beforeAll(async () => {
    const database = wrapPglite(await openFromTemplate());
    close = () => database.close();
    deps = { db: database.db, world, inventory: new InventoryView() };
  });
  afterAll(() => close());
  const base = { cabin: 'economy' as const, adults: 1, children: 0, infants: 0, optimizeOrder: false };

  it('plans three cities in both modes: best price is never dearer, shortest time never longer', async () => {
    const stops = [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-13' }];
    const cheap = await planTrip(deps, { ...base, stops, mode: 'price' }, NOW);
    const fast = await planTrip(deps, { ...base, stops, mode: 'time' }, NOW);
    expect(cheap.legs.map((l) => [l.fromCode, l.toCode])).toEqual([['DEL', 'GOI'], ['GOI', 'BOM']]);
    expect(cheap.totalPrice).toBeLessThanOrEqual(fast.totalPrice);
    expect(fast.totalMinutes).toBeLessThanOrEqual(cheap.totalMinutes);
    for (const plan of [cheap, fast]) {
      expect(plan.legs[0]?.departureTime.slice(0, 10)).toBe('2026-12-10');
      expect(Date.parse(plan.legs[1]!.departureTime)).toBeGreaterThanOrEqual(Date.parse(plan.legs[0]!.arrivalTime) + SELF_TRANSFER_MINUTES * 60_000);
      expect(plan.timeline.map((e) => e.type)).toEqual(expect.arrayContaining(['departure', 'flight', 'arrival', 'stay']));
      expect(plan.totalPrice).toBe(plan.legs.reduce((s, l) => s + l.price, 0));
    }
  });

  it('tries other orders of the middle cities and keeps the best one', async () => {
    const stops = [{ city: 'DEL', date: '2026-12-10' }, { city: 'JAI', date: '2026-12-12' }, { city: 'BLR', date: '2026-12-14' }, { city: 'BOM', date: '2026-12-14' }];
    const plain = await planTrip(deps, { ...base, stops, mode: 'price' }, NOW);
    const optimized = await planTrip(deps, { ...base, stops, mode: 'price', optimizeOrder: true }, NOW);
    expect(optimized.optimization.tried).toBe(2);
    expect(optimized.totalPrice).toBeLessThanOrEqual(plain.totalPrice);
    expect(optimized.order[0]).toBe('DEL');
    expect(optimized.order[3]).toBe('BOM');
  });

  it('honours every date it asks for: the last leg lands on the last city\u2019s date, or the plan says why it cannot (it used to land days early without a word)', async () => {
    // Flying on from GOI on the 13th cannot land in BOM on the 15th: said on the last date, nothing planned.
    const early = planTrip(deps, { ...base, mode: 'price', stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-15' }] }, NOW);
    await expect(early).rejects.toMatchObject({ fields: { 'stops.2.date': expect.stringContaining('2026-12-13') } });
    // Every date honoured: each leg leaves on its city's date and the last one lands on the last date.
    for (const mode of ['price', 'time'] as const) {
      const plan = await planTrip(deps, { ...base, mode, stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-13' }] }, NOW);
      expect(plan.legs.map((l) => l.departureTime.slice(0, 10))).toEqual(['2026-12-10', '2026-12-13']);
      expect(plan.legs[1]?.arrivalTime.slice(0, 10)).toBe('2026-12-13');
    }
  });

  it('rejects too few stops, unknown cities and dates that go back', async () => {
    await expect(planTrip(deps, { ...base, mode: 'price', stops: [{ city: 'DEL', date: '2026-12-10' }] }, NOW)).rejects.toThrow('Please add at least 2 cities with dates');
    await expect(planTrip(deps, { ...base, mode: 'price', stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'XYZ', date: '2026-12-12' }] }, NOW)).rejects.toThrow(PlanError);
    const back = planTrip(deps, { ...base, mode: 'time', stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'BOM', date: '2026-12-12' }, { city: 'GOI', date: '2026-12-11' }] }, NOW);
    await expect(back).rejects.toMatchObject({ fields: { 'stops.2.date': "Stop 3's date must be on or after stop 2's" } });
  });
});
