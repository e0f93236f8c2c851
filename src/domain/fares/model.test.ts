import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createWorld } from '../world/world';
import { domesticBand, legFare } from './model';
import { priceItinerary } from './price';
import { taxesFor } from './taxes';

const world = createWorld();
const pattern = (from: string, to: string, carrier?: string) => {
  const p = world.patterns.find((x) => x.from === from && x.to === to && (!carrier || x.carrier === carrier));
  if (!p) throw new Error(`no ${from}-${to}`);
  return p;
};
const flightOn = (key: string, date: string) => {
  const f = world.getFlight(`${key}@${date}`);
  if (!f) throw new Error(`${key} does not fly on ${date}`);
  return f;
};
const full = (capacity: number) => ({ capacity, available: capacity, held: 0, sold: 0 });
const at = (iso: string) => new Date(iso);

describe('fare model', () => {
  const delBom = pattern('DEL', 'BOM', '6E').key;

  it('keeps DEL–BOM economy in its typical range and inside the band', () => {
    const f = flightOn(delBom, '2027-02-10');
    const fare = legFare(f, 'economy', full(186), at('2026-12-20T00:00:00Z'));
    expect(fare?.base).toBeGreaterThanOrEqual(3700);
    expect(fare?.base).toBeLessThanOrEqual(9000);
    const { high } = domesticBand(f.durationMinutes);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 186 }), fc.integer({ min: 0, max: 120 }), (sold, daysOut) => {
        const now = new Date(f.departureUtc.getTime() - daysOut * 86_400_000 - 3_600_000);
        const r = legFare(f, 'economy', { capacity: 186, available: 186 - sold, held: 0, sold }, now);
        if (sold === 186) expect(r).toBeNull();
        else expect(r?.base).toBeLessThanOrEqual(high);
      }),
    );
  });

  it('rises as departure nears and as the plane fills', () => {
    const f = flightOn(delBom, '2027-02-10');
    const early = legFare(f, 'economy', full(186), at('2026-12-20T00:00:00Z'))?.base ?? 0;
    const late = legFare(f, 'economy', full(186), at('2027-02-08T00:00:00Z'))?.base ?? 0;
    expect(late).toBeGreaterThan(early);
    const filling = legFare(f, 'economy', { capacity: 186, available: 40, held: 6, sold: 140 }, at('2026-12-20T00:00:00Z'))?.base ?? 0;
    expect(filling).toBeGreaterThan(early);
  });

  it('charges more in festival peaks', () => {
    const normal = legFare(flightOn(delBom, '2027-02-10'), 'economy', full(186), at('2027-01-01T00:00:00Z'))?.base ?? 0;
    const christmas = legFare(flightOn(delBom, '2026-12-24'), 'economy', full(186), at('2026-11-15T00:00:00Z'))?.base ?? 0;
    expect(christmas).toBeGreaterThan(normal);
  });

  it('prices international markets in their ranges (BOM–DXB ₹9k–25k, DEL–LHR ₹35k–90k all-in)', () => {
    const now = at('2026-11-21T06:30:00Z');
    const dxb = flightOn(pattern('BOM', 'DXB').key, '2027-02-10');
    const lhr = flightOn(pattern('DEL', 'LHR').key, '2027-02-10');
    const one = { adults: 1, children: 0, infants: 0 };
    const dxbPrice = priceItinerary([dxb], 'economy', [full(dxb.capacity.economy)], one, now)?.price.total.total ?? 0;
    const lhrPrice = priceItinerary([lhr], 'economy', [full(lhr.capacity.economy)], one, now)?.price.total.total ?? 0;
    expect(dxbPrice).toBeGreaterThanOrEqual(9000);
    expect(dxbPrice).toBeLessThanOrEqual(25000);
    expect(lhrPrice).toBeGreaterThanOrEqual(30000);
    expect(lhrPrice).toBeLessThanOrEqual(90000);
  });

  it('computes domestic taxes of ~₹700–1,500 and infant taxes without airport fees', () => {
    const f = flightOn(delBom, '2027-02-10');
    const adult = taxesFor(f, 'economy', 'adult', 5000);
    expect(adult).toBeGreaterThanOrEqual(700);
    expect(adult).toBeLessThanOrEqual(1500);
    expect(taxesFor(f, 'economy', 'infant', 1500)).toBe(75);
    expect(taxesFor(f, 'business', 'adult', 20000)).toBeGreaterThan(taxesFor(f, 'economy', 'adult', 20000));
  });

  it('has no price for a cabin the aircraft lacks or a flight that has left', () => {
    const f = flightOn(delBom, '2027-02-10');
    expect(legFare(f, 'first', full(0), at('2026-12-01T00:00:00Z'))).toBeNull();
    expect(legFare(f, 'economy', full(186), at('2027-02-11T00:00:00Z'))).toBeNull();
  });
});
