import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type ReturnJourney, pairAllowed, specialReturn } from '../../core/round-trip';
import { type PricedDirection, roundTripAlertPrice } from './round-trip';

const AIRLINES = ['6E', 'AI', 'SG', 'UK'] as const;
const T0 = Date.parse('2026-12-10T00:00:00+05:30');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString().replace('Z', '+00:00');

/** A journey leaving `start` minutes after T0, flying `length` minutes on one or two airlines. */
const direction = (from: string, to: string, startRange: [number, number]) =>
  fc
    .record({
      start: fc.integer({ min: startRange[0], max: startRange[1] }),
      length: fc.integer({ min: 60, max: 600 }),
      carriers: fc.array(fc.constantFrom(...AIRLINES), { minLength: 1, maxLength: 2 }),
      base: fc.integer({ min: 0, max: 12_000 }),
      taxes: fc.integer({ min: 300, max: 2_000 }),
    })
    .map(({ start, length, carriers, base, taxes }): PricedDirection => {
      const journey: ReturnJourney = { from, to, carriers, departure: at(start), arrival: at(start + length), basePaise: { adult: base * 100, child: base * 100 } };
      return { journey, total: (base + taxes) * 3 };
    });

const passengers = { adults: 2, children: 1, infants: 0 };
// Outbounds on day one, inbounds from day one's evening on: some pairs are too close to be allowed.
const outs = fc.array(direction('DEL', 'BOM', [0, 900]), { maxLength: 12 });
const backs = fc.array(direction('BOM', 'DEL', [600, 3000]), { maxLength: 12 });

/** Every allowed pair priced as the round-trip results price it. */
function bruteForce(outbound: PricedDirection[], inbound: PricedDirection[]): number | null {
  let best: number | null = null;
  for (const out of outbound) {
    for (const back of inbound) {
      if (!pairAllowed(out.journey, back.journey)) continue;
      const price = out.total + back.total - (specialReturn(out.journey, back.journey, passengers)?.discountPaise ?? 0) / 100;
      if (best === null || price < best) best = price;
    }
  }
  return best;
}

describe('round-trip alert price', () => {
  it('is the lowest allowed pair price (special return included), whatever the order of the lists', () => {
    fc.assert(
      fc.property(outs, backs, (outbound, inbound) => {
        const price = roundTripAlertPrice(outbound, inbound, passengers);
        expect(price).toBe(bruteForce(outbound, inbound));
        expect(roundTripAlertPrice([...outbound].reverse(), [...inbound].reverse(), passengers)).toBe(price);
      }),
      { numRuns: 400 },
    );
  });

  it('is never above the cheapest allowed pair of one-ways, and null when no pair is allowed', () => {
    fc.assert(
      fc.property(outs, backs, (outbound, inbound) => {
        const price = roundTripAlertPrice(outbound, inbound, passengers);
        const allowed = outbound.flatMap((out) => inbound.filter((back) => pairAllowed(out.journey, back.journey)).map((back) => out.total + back.total));
        if (allowed.length === 0) expect(price).toBeNull();
        else expect(price!).toBeLessThanOrEqual(Math.min(...allowed));
      }),
      { numRuns: 400 },
    );
  });

  it('takes the special return off a same-airline pair, and never pairs a return leaving under 3 hours after landing', () => {
    const out: PricedDirection = { total: 3 * 6000, journey: { from: 'DEL', to: 'BOM', carriers: ['6E'], departure: at(0), arrival: at(120), basePaise: { adult: 500_000, child: 500_000 } } };
    const back: PricedDirection = { total: 3 * 6000, journey: { from: 'BOM', to: 'DEL', carriers: ['6E'], departure: at(2000), arrival: at(2120), basePaise: { adult: 500_000, child: 500_000 } } };
    // 8 % of ₹5,000 = ₹400 per passenger and journey, three passengers, two journeys.
    expect(roundTripAlertPrice([out], [back], passengers)).toBe(36_000 - 2_400);
    const tooSoon: PricedDirection = { ...back, journey: { ...back.journey, departure: at(299), arrival: at(400) } };
    expect(roundTripAlertPrice([out], [tooSoon], passengers)).toBeNull();
  });
});
