import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CABINS, type Cabin } from '../../../core/search-options';
import { createWorld, type DatedFlight } from '../../world/world';
import { legFare } from '../model';
import { priceItinerary } from '../price';
import { familyByCode } from './lookup';
import { chooseFamily, conditionsNow, familyAirfare, passengerLegFares, priceFamilies, priceFamilyUpToTier } from './options';

const world = createWorld();
const now = new Date('2026-11-26T06:30:00Z');
const dates = ['2026-11-29', '2026-12-05', '2026-12-24', '2027-01-15', '2027-02-10', '2027-03-03'];

function flightFor(patternIndex: number, date: string): DatedFlight | undefined {
  const p = world.patterns[patternIndex % world.patterns.length];
  return p ? world.getFlight(`${p.key}@${date}`) : undefined;
}

/** A random itinerary of one or two legs (a second leg from where the first lands) with a cabin both fly, random loads and passengers. */
const itineraries = fc
  .record({
    first: fc.nat(),
    second: fc.option(fc.nat(), { nil: undefined }),
    date: fc.constantFrom(...dates),
    cabin: fc.constantFrom<Cabin>(...CABINS),
    sold: fc.array(fc.double({ min: 0, max: 0.98, noNaN: true }), { minLength: 2, maxLength: 2 }),
    adults: fc.integer({ min: 1, max: 4 }),
    children: fc.integer({ min: 0, max: 3 }),
    infants: fc.integer({ min: 0, max: 2 }),
  })
  .map((r) => {
    const first = flightFor(r.first, r.date);
    const legs: DatedFlight[] = first ? [first] : [];
    if (first && r.second !== undefined) {
      const onward = world.patterns.filter((p) => p.from === first.to);
      const p = onward[r.second % Math.max(1, onward.length)];
      const next = p ? world.getFlight(`${p.key}@${first.arrivalLocal.slice(0, 10)}`) : undefined;
      if (next) legs.push(next);
    }
    const seats = legs.map((f, i) => {
      const capacity = f.capacity[r.cabin];
      const sold = Math.floor(capacity * (r.sold[i] ?? 0));
      return { capacity, available: capacity - sold, held: 0, sold };
    });
    return { ...r, legs, seats, passengers: { adults: r.adults, children: r.children, infants: r.infants } };
  })
  .filter((r) => r.legs.length > 0 && r.legs.every((f) => f.capacity[r.cabin] > 0));

function familyLegs(legs: readonly DatedFlight[], cabin: Cabin, seats: readonly { capacity: number; available: number; held: number; sold: number }[]) {
  return legs.map((flight, i) => {
    const fare = legFare(flight, cabin, seats[i] ?? { capacity: 0, available: 0, held: 0, sold: 0 }, now, { soldOutPrice: true });
    if (!fare) throw new Error('unpriced leg');
    return { flight, airfare: fare.base };
  });
}

describe('fare family options', () => {
  it('prices tier 0 exactly as search does, lists options cheapest first with extraInr, and lines add up to every price', () => {
    fc.assert(
      fc.property(itineraries, (r) => {
        const search = priceItinerary(r.legs, r.cabin, r.seats, r.passengers, now, { requireSeats: false });
        fc.pre(search !== null);
        const options = priceFamilies(familyLegs(r.legs, r.cabin, r.seats), r.cabin, r.passengers, now);
        const [cheapest] = options;
        expect(cheapest?.price).toEqual(search?.price);
        expect(cheapest?.option.tier).toBe(0);
        expect(cheapest?.option.legs.every((l) => l.family.tier === 0)).toBe(true);
        expect(new Set(options.map((o) => o.option.id)).size).toBe(options.length);
        options.forEach((o, i) => {
          expect(o.option.totalInr).toBe(o.price.total.total);
          expect(o.option.extraInr).toBe(o.option.totalInr - (cheapest?.option.totalInr ?? 0));
          if (i > 0) expect(o.option.totalInr).toBeGreaterThanOrEqual(options[i - 1]?.option.totalInr ?? 0);
          expect(o.option.id).toBe(o.option.legs.map((l) => l.family.code).join('~'));
          expect(o.option.rules.at(-1)).toBe('Taxes and airport charges are always refunded.');
          // Per passenger type, the lines over the legs are the type's price; with the counts, the total.
          for (const [type, per] of Object.entries(o.price.perPassenger)) {
            const fares = o.fares.filter((f) => f.passengerType === type);
            expect(fares.length).toBe(r.legs.length);
            expect(fares.reduce((s, f) => s + f.totalPaise, 0)).toBe(per.total * 100);
            for (const f of fares) {
              expect(f.lines.reduce((s, l) => s + l.paise, 0)).toBe(f.totalPaise);
              expect(f.lines.every((l) => l.paise >= 0 && Number.isInteger(l.paise))).toBe(true);
              const fare = f.lines.filter((l) => l.kind === 'fare').reduce((s, l) => s + l.paise, 0);
              const taxes = f.lines.filter((l) => l.kind === 'tax').reduce((s, l) => s + l.paise, 0);
              expect(fare).toBeGreaterThan(0);
              expect(fare + taxes).toBe(f.totalPaise);
            }
          }
          // The stored rows: one per passenger position × leg, adding up to the total.
          const types = [...Array(r.adults).fill('adult'), ...Array(r.children).fill('child'), ...Array(r.infants).fill('infant')];
          const rows = passengerLegFares(o, types);
          expect(rows.length).toBe(types.length * r.legs.length);
          expect(rows.reduce((s, row) => s + row.totalPaise, 0)).toBe(o.price.total.total * 100);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('prices the option a change keeps alone: the same as the listed option with the highest tier not above the asked one', () => {
    fc.assert(
      fc.property(itineraries, fc.integer({ min: 0, max: 5 }), (r, tier) => {
        const legs = familyLegs(r.legs, r.cabin, r.seats);
        const listed = priceFamilies(legs, r.cabin, r.passengers, now)
          .filter((o) => o.option.tier <= tier)
          .sort((a, b) => b.option.tier - a.option.tier)[0];
        const alone = priceFamilyUpToTier(legs, r.cabin, r.passengers, now, tier);
        // Everything but extraInr, which compares with options not priced here.
        expect(alone && { ...alone, option: { ...alone.option, extraInr: 0 } }).toEqual(listed && { ...listed, option: { ...listed.option, extraInr: 0 } });
      }),
      { numRuns: 150 },
    );
  });

  it('combines one tier across a connection: a leg lacking the tier uses its highest below, names joined when they differ', () => {
    const indigo = world.patterns.find((p) => p.carrier === '6E' && !p.international && p.from === 'DEL');
    const onward = world.patterns.find((p) => p.carrier === 'QP' && indigo && p.from === indigo.to);
    const a = indigo && world.getFlight(`${indigo.key}@2026-12-10`);
    const b = onward && world.getFlight(`${onward.key}@2026-12-10`);
    if (!a || !b) throw new Error('no 6E + QP connection');
    const options = priceFamilies(
      [
        { flight: a, airfare: 4000 },
        { flight: b, airfare: 3000 },
      ],
      'economy',
      { adults: 1, children: 0, infants: 0 },
      now,
    );
    // 6E sells three tiers, QP two: tier 2 pairs Super 6E with QP Flexi.
    expect(options.map((o) => o.option.id)).toEqual(['6E.SAVER~QP.SAVER', '6E.FLEXI~QP.FLEXI', '6E.SUPER6E~QP.FLEXI']);
    expect(options.map((o) => o.option.name)).toEqual(['Saver', 'Flexi Plus + Flexi', 'Super 6E + Flexi']);
    expect(chooseFamily(options, undefined)).toBe(options[0]);
    expect(() => chooseFamily(options, 'ZZ.NOPE')).toThrow(/not sold/);
  });

  it('prices a family on the bucket: round(airfare × factor) + add', () => {
    const flexi = familyByCode('6E.FLEXI', now);
    if (!flexi) throw new Error('no Flexi');
    expect(familyAirfare(flexi, 5000)).toBe(Math.round(5000 * flexi.priceFactor) + flexi.addRupees);
  });

  it('states conditions now: the band fee per leg summed, not allowed inside the cutoff or when a leg forbids it', () => {
    const saver = familyByCode('6E.SAVER', now);
    const lite = familyByCode('SQ.LITE', now);
    if (!saver || !lite) throw new Error('families missing');
    const parts = { basePaise: 400_000, farePaise: 420_000 };
    const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
    expect(conditionsNow([saver], [hours(100)], [parts], now)).toEqual({
      changeBeforeDeparture: { allowed: true, penaltyPaise: 250_000 },
      refundBeforeDeparture: { allowed: true, penaltyPaise: 399_900 },
    });
    expect(conditionsNow([saver, saver], [hours(10), hours(14)], [parts, parts], now).refundBeforeDeparture).toEqual({ allowed: true, penaltyPaise: 2 * 420_000 });
    expect(conditionsNow([saver], [hours(2)], [parts], now).refundBeforeDeparture).toEqual({ allowed: false, penaltyPaise: null });
    expect(conditionsNow([saver, lite], [hours(100), hours(110)], [parts, parts], now).changeBeforeDeparture).toEqual({ allowed: false, penaltyPaise: null });
  });
});
