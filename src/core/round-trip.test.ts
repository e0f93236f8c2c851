import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ReturnJourney,
  RETURN_FARES,
  pairAllowed,
  roundTripPairId,
  selfTransferMinimum,
  separateTickets,
  specialReturn,
  specialReturnRuleTexts,
  splitOverLegs,
} from './round-trip';

const CARRIERS = ['6E', 'AI', 'SG', 'QP', 'IX', '9I', 'S5', 'EK', 'G9', 'BA'] as const;

/** Local time of day `minutes` after midnight of 2026-12-24 + `day`, in IST. */
function at(day: number, minutes: number): string {
  return new Date(Date.parse('2026-12-24T00:00:00+05:30') + (day * 1440 + minutes) * 60_000).toISOString();
}

const base = fc.integer({ min: 0, max: 20_000_000 });
const journeyArb = (from: string, to: string, day: number) =>
  fc
    .record({
      carriers: fc.array(fc.constantFrom(...CARRIERS), { minLength: 1, maxLength: 3 }),
      dep: fc.integer({ min: 0, max: 1439 }),
      duration: fc.integer({ min: 45, max: 1200 }),
      adult: base,
      child: fc.option(base, { nil: undefined }),
      infant: fc.option(fc.integer({ min: 0, max: 500_000 }), { nil: undefined }),
    })
    .map(
      (r): ReturnJourney => ({
        from,
        to,
        carriers: r.carriers,
        departure: at(day, r.dep),
        arrival: at(day, r.dep + r.duration),
        basePaise: { adult: r.adult, ...(r.child === undefined ? {} : { child: r.child }), ...(r.infant === undefined ? {} : { infant: r.infant }) },
      }),
    );

/** Same airline on every leg, often, so the rule's interesting half is exercised. */
const sameAirline = (j: ReturnJourney, carrier: string): ReturnJourney => ({ ...j, carriers: j.carriers.map(() => carrier) });

const pairArb = fc
  .record({
    out: journeyArb('DEL', 'BOM', 0),
    back: journeyArb('BOM', 'DEL', 0).chain((j) => fc.integer({ min: 0, max: 6 }).map((d) => ({ ...j, departure: at(d, Date.parse(j.departure) / 60_000 % 1440), arrival: at(d + 1, 0) }))),
    one: fc.option(fc.constantFrom(...CARRIERS), { nil: undefined, freq: 2 }),
    adults: fc.integer({ min: 1, max: 9 }),
    children: fc.integer({ min: 0, max: 8 }),
    infants: fc.integer({ min: 0, max: 9 }),
  })
  .map((r) => ({
    out: r.one ? sameAirline(r.out, r.one) : r.out,
    back: r.one ? sameAirline(r.back, r.one) : r.back,
    passengers: { adults: r.adults, children: Math.min(r.children, 9 - r.adults), infants: Math.min(r.infants, r.adults) },
  }));

const counts = (p: { adults: number; children: number; infants: number }) => ({ adult: p.adults, child: p.children, infant: p.infants });

describe('special return fare', () => {
  it('never costs more than the two one-ways, nor less than their taxes: the discount is at most the base fares of the passengers who get one', () => {
    fc.assert(
      fc.property(pairArb, ({ out, back, passengers }) => {
        const offer = specialReturn(out, back, passengers);
        if (!offer) return;
        const c = counts(passengers);
        let bases = 0;
        for (const type of ['adult', 'child'] as const) bases += ((out.basePaise[type] ?? 0) + (back.basePaise[type] ?? 0)) * c[type];
        expect(offer.discountPaise).toBeGreaterThan(0);
        expect(offer.discountPaise).toBeLessThanOrEqual(bases);
        // Per passenger and journey: within that journey's base, whole rupees.
        for (const [type, [o, i]] of Object.entries(offer.perPassengerPaise)) {
          const t = type === 'adult' ? 'adult' : 'child';
          expect(o).toBeLessThanOrEqual(out.basePaise[t] ?? 0);
          expect(i).toBeLessThanOrEqual(back.basePaise[t] ?? 0);
          expect(o % 100).toBe(0);
          expect(i % 100).toBe(0);
        }
        // Infants get none; the total is the per-passenger discounts times the counts.
        expect(offer.perPassengerPaise.infant).toBeUndefined();
        const sum = Object.entries(offer.perPassengerPaise).reduce((s, [type, [o, i]]) => s + (o + i) * (type === 'adult' ? c.adult : c.child), 0);
        expect(offer.discountPaise).toBe(sum);
      }),
    );
  });

  it('applies only to a reverse pair the pairing rule allows, all legs on one airline that sells return fares', () => {
    fc.assert(
      fc.property(pairArb, ({ out, back, passengers }) => {
        const offer = specialReturn(out, back, passengers);
        if (!offer) return;
        expect(pairAllowed(out, back)).toBe(true);
        expect(back.from).toBe(out.to);
        expect(back.to).toBe(out.from);
        expect(new Set([...out.carriers, ...back.carriers])).toEqual(new Set([offer.airline]));
        expect(RETURN_FARES[offer.airline]).toBeDefined();
        expect(separateTickets(out, back)).toBe(false);
      }),
    );
    const out: ReturnJourney = { from: 'DEL', to: 'BOM', carriers: ['6E'], departure: at(0, 360), arrival: at(0, 490), basePaise: { adult: 500_000 } };
    const back: ReturnJourney = { from: 'BOM', to: 'DEL', carriers: ['6E'], departure: at(3, 1200), arrival: at(3, 1330), basePaise: { adult: 500_000 } };
    const one = { adults: 1, children: 0, infants: 0 };
    expect(specialReturn(out, back, one)?.discountPaise).toBe(2 * 40_000);
    expect(specialReturn(out, { ...back, to: 'BLR' }, one)).toBeNull();
    expect(specialReturn(out, { ...back, carriers: ['AI'] }, one)).toBeNull();
    expect(specialReturn({ ...out, carriers: ['9I'] }, { ...back, carriers: ['9I'] }, one)).toBeNull();
    // The return may not leave within 3 h of landing.
    expect(specialReturn(out, { ...back, departure: at(0, 490 + 179) }, one)).toBeNull();
  });

  it('is deterministic: the same pair always gives the same answer', () => {
    fc.assert(
      fc.property(pairArb, ({ out, back, passengers }) => {
        expect(specialReturn(structuredClone(out), structuredClone(back), { ...passengers })).toEqual(specialReturn(out, back, passengers));
      }),
    );
  });

  it('words every rule', () => {
    const texts = specialReturnRuleTexts({ cancelOnlyTogether: true, changeOneJourney: false, noShowCancelsReturn: true }, 'IndiGo');
    expect(texts[0]).toContain('IndiGo');
    expect(texts).toContain('Journeys cannot be cancelled one at a time: cancelling cancels both (each refunded by its fare rules).');
    expect(texts).toContain('Missing the outbound flight cancels the return.');
  });
});

describe('splitting a journey discount over its legs', () => {
  it('adds up exactly, in whole rupees, no leg above its base', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5_000_000 }).map((r) => r * 100), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 1000 }), (legs, permille) => {
        const total = legs.reduce((s, b) => s + b, 0);
        const discount = Math.floor((total / 100) * permille / 1000) * 100;
        const shares = splitOverLegs(discount, legs);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(discount);
        shares.forEach((share, i) => {
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(legs[i] ?? 0);
          expect(share % 100).toBe(0);
        });
      }),
    );
  });
});

describe('pairing and self-transfers', () => {
  it('self-transfer minimums: 3 h domestic, more with a terminal change, more again abroad', () => {
    const dom = selfTransferMinimum({ international: false, changeOfTerminal: false });
    const domT = selfTransferMinimum({ international: false, changeOfTerminal: true });
    const intl = selfTransferMinimum({ international: true, changeOfTerminal: false });
    const intlT = selfTransferMinimum({ international: true, changeOfTerminal: true });
    expect(dom).toBe(180);
    expect(domT).toBeGreaterThan(dom);
    expect(intl).toBeGreaterThan(dom);
    expect(intlT).toBeGreaterThan(intl);
  });

  it('pairs a return only 3 h or more after the outbound lands', () => {
    fc.assert(
      fc.property(fc.integer({ min: -2000, max: 4000 }), (gap) => {
        expect(pairAllowed({ arrival: at(0, 600) }, { departure: at(0, 600 + gap) })).toBe(gap >= 180);
      }),
    );
  });

  it('names a pair by its two itinerary ids', () => {
    expect(roundTripPairId('6E1@2026-12-24:economy', '6E2@2026-12-28:economy')).toBe('6E1@2026-12-24:economy|6E2@2026-12-28:economy');
  });
});
