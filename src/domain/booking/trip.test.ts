import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PassengerLegFare } from '../../core/fares';
import type { Itinerary, Leg } from '../../core/search';
import { TRIP_MESSAGES } from '../../core/trip';
import { combineJourneys, discountedFares, journeyOfLeg, oneJourney, separateTickets, specialReturnOf, sumPrices, travelOrderProblem } from './trip';

const T0 = Date.parse('2026-12-24T00:30:00Z');
const iso = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 19) + '+05:30';

let flightNo = 100;
function leg(carrier: string, from: string, to: string, departMs: number, minutes: number, terminals: [string | null, string | null] = ['1', '1']): Leg {
  flightNo += 1;
  return {
    flightId: `${carrier}${flightNo}@${iso(departMs).slice(0, 10)}`,
    carrier,
    carrierName: carrier,
    flightNumber: `${carrier} ${flightNo}`,
    from: { code: from, name: from, city: from, terminal: terminals[0] },
    to: { code: to, name: to, city: to, terminal: terminals[1] },
    departure: iso(departMs),
    arrival: iso(departMs + minutes * 60_000),
    durationMinutes: minutes,
    aircraft: 'A320',
    cabin: 'economy',
  };
}

function itinerary(legs: Leg[], adultRupees: number, adults = 1): Itinerary {
  const first = legs[0];
  const last = legs[legs.length - 1];
  if (!first || !last) throw new Error('no legs');
  const base = Math.round(adultRupees * 0.8);
  const each = { baseFare: base, taxesAndFees: adultRupees - base, total: adultRupees };
  return {
    id: `${legs.map((l) => l.flightId).join('~')}:economy`,
    legs,
    stops: legs.length - 1,
    layovers: [],
    durationMinutes: legs.reduce((n, l) => n + l.durationMinutes, 0),
    departure: first.departure,
    arrival: last.arrival,
    arrivalDayOffset: 0,
    seatsLeft: null,
    price: { currency: 'INR', perPassenger: { adult: each }, total: { baseFare: base * adults, taxesAndFees: (adultRupees - base) * adults, total: adultRupees * adults } },
    airlines: [...new Set(legs.map((l) => l.carrierName))],
  };
}

/** A trip of 2–6 journeys, each 1–2 legs, `gapHours` apart, on the carriers drawn. */
const tripArb = fc
  .array(fc.record({ carrier: fc.constantFrom('6E', 'AI', 'UK'), legs: fc.integer({ min: 1, max: 2 }), rupees: fc.integer({ min: 2000, max: 40000 }), gapHours: fc.integer({ min: 4, max: 120 }) }), { minLength: 2, maxLength: 6 })
  .map((specs) => {
    let at = T0;
    return specs.map((s) => {
      at += s.gapHours * 3600_000;
      const legs = Array.from({ length: s.legs }, () => {
        const l = leg(s.carrier, 'DEL', 'BOM', at, 120);
        at += 180 * 60_000;
        return l;
      });
      return itinerary(legs, s.rupees);
    });
  });

/** Fare rows of a trip: one per leg for one adult, base line = 80 % of the leg's share. */
function faresOf(trip: readonly Itinerary[]): PassengerLegFare[] {
  let legIndex = 0;
  return trip.flatMap((it) =>
    it.legs.map((_, k) => {
      const totalPaise = Math.floor((it.price.total.total * 100) / it.legs.length) + (k === 0 ? (it.price.total.total * 100) % it.legs.length : 0);
      const base = Math.floor(totalPaise * 0.8);
      return {
        passengerPosition: 0,
        passengerType: 'adult' as const,
        legIndex: legIndex++,
        familyCode: '6E.SAVER',
        lines: [
          { code: 'base' as const, kind: 'fare' as const, label: 'Base fare', paise: base },
          { code: 'udf' as const, kind: 'tax' as const, label: 'UDF', paise: totalPaise - base },
        ],
        totalPaise,
        status: 'active' as const,
      };
    }),
  );
}

describe('whole-trip rule', () => {
  it("the booking's itinerary is the journeys' legs in order, each journey naming its own legs, the family ids joined", () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const { itinerary: all, journeys, fareFamily } = combineJourneys(
          trip.map((it) => ({ itinerary: it, fareFamily: '6E.SAVER' })),
          trip.map((_, i) => (i === 0 ? '' : `PNR00${i}`)),
        );
        expect(all.legs).toEqual(trip.flatMap((it) => it.legs));
        expect(fareFamily.split('~')).toHaveLength(trip.length);
        journeys.forEach((j, i) => {
          expect(all.legs.slice(j.firstLeg, j.firstLeg + j.legCount)).toEqual(trip[i]?.legs);
          for (let k = 0; k < j.legCount; k += 1) expect(journeyOfLeg(journeys, j.firstLeg + k)).toBe(i);
        });
        expect(journeyOfLeg(journeys, all.legs.length)).toBe(-1);
      }),
    );
  });

  it("the trip's price is the sum of its journeys' prices, per passenger type and in all", () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const sum = sumPrices(trip.map((it) => it.price));
        expect(sum.total.total).toBe(trip.reduce((n, it) => n + it.price.total.total, 0));
        expect(sum.total.baseFare + sum.total.taxesAndFees).toBe(sum.total.total);
        expect(sum.perPassenger.adult?.total).toBe(trip.reduce((n, it) => n + (it.price.perPassenger.adult?.total ?? 0), 0));
        expect(sum.perPassenger.child).toBeUndefined();
      }),
    );
  });

  it('journeys must be in travel order, at least the self-transfer minimum apart, and no flight twice', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        expect(travelOrderProblem(trip)).toBeNull();
        expect(travelOrderProblem([...trip].reverse())).toBe(TRIP_MESSAGES.outOfOrder);
        const first = trip[0];
        if (first) expect(travelOrderProblem([first, first])).toBe(TRIP_MESSAGES.sameFlightTwice);
      }),
    );
    const out = itinerary([leg('6E', 'DEL', 'BOM', T0, 120)], 5000);
    const landed = T0 + 120 * 60_000;
    const back = (minutes: number, terminal = '1') => itinerary([leg('6E', 'BOM', 'DEL', landed + minutes * 60_000, 120, [terminal, '1'])], 5000);
    expect(travelOrderProblem([out, back(179)])).toBe(TRIP_MESSAGES.outOfOrder);
    expect(travelOrderProblem([out, back(180)])).toBeNull();
    // Another terminal of the same airport: 4 hours.
    expect(travelOrderProblem([out, back(200, '2')])).toBe(TRIP_MESSAGES.outOfOrder);
    expect(travelOrderProblem([out, back(240, '2')])).toBeNull();
  });

  it('a journey is on a separate ticket exactly when its airlines are not the previous journey\u2019s; the first never is', () => {
    fc.assert(
      fc.property(tripArb, (trip) => {
        const separate = separateTickets(trip);
        expect(separate[0]).toBe(false);
        trip.forEach((it, i) => {
          const before = trip[i - 1];
          if (before) expect(separate[i]).toBe(before.legs[0]?.carrier !== it.legs[0]?.carrier);
        });
      }),
    );
  });

  it('every journey has its own PNR except a special return pair, which shares the first; a one-journey booking is a trip of one', () => {
    const out = itinerary([leg('6E', 'DEL', 'BOM', T0, 120)], 6000);
    const back = itinerary([leg('6E', 'BOM', 'DEL', T0 + 3 * 86_400_000, 120)], 6000);
    const offer = specialReturnOf([out, back], { adults: 1, children: 0, infants: 0 });
    expect(offer).not.toBeNull();
    const priced = [out, back].map((it) => ({ itinerary: it, fareFamily: '6E.SAVER' }));
    expect(combineJourneys(priced, ['AAA222', 'BBB333']).journeys.map((j) => j.pnr)).toEqual(['AAA222', 'BBB333']);
    const special = combineJourneys(priced, ['AAA222', 'BBB333'], offer);
    expect(special.journeys.map((j) => j.pnr)).toEqual(['AAA222', 'AAA222']);
    expect(special.itinerary.price.total.total).toBe(12000 - (offer?.discountPaise ?? 0) / 100);
    expect(oneJourney('CCC444', out, '6E.SAVER', 6000)).toMatchObject({ firstLeg: 0, legCount: 1, pnr: 'CCC444', separateTicket: false, specialReturn: null, cancelledAt: null });
  });

  it('a special return comes off the base fare lines exactly (never below zero), so the rows still add up to the total charged', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 60000 }), fc.integer({ min: 1000, max: 60000 }), fc.integer({ min: 1, max: 2 }), (a, b, legsBack) => {
        const out = itinerary([leg('AI', 'DEL', 'BOM', T0, 120)], a);
        const backLegs = Array.from({ length: legsBack }, (_, k) => leg('AI', k === 0 ? 'BOM' : 'HYD', k === legsBack - 1 ? 'DEL' : 'HYD', T0 + 2 * 86_400_000 + k * 4 * 3600_000, 90));
        const back = itinerary(backLegs, b);
        const offer = specialReturnOf([out, back], { adults: 1, children: 0, infants: 0 });
        if (!offer) return;
        const rows = faresOf([out, back]);
        const { journeys, itinerary: all } = combineJourneys([out, back].map((it) => ({ itinerary: it, fareFamily: 'AI.VALUE' })), ['', ''], offer);
        const after = discountedFares(rows, journeys, offer);
        if (!after) return;
        const sum = (list: readonly PassengerLegFare[]) => list.reduce((n, r) => n + r.totalPaise, 0);
        expect(sum(rows) - sum(after)).toBe(offer.discountPaise);
        expect(sum(after)).toBe(all.price.total.total * 100);
        for (const r of after) {
          expect(r.lines.every((l) => l.paise >= 0)).toBe(true);
          expect(r.lines.reduce((n, l) => n + l.paise, 0)).toBe(r.totalPaise);
          // Taxes stay those of the one-ways.
          expect(r.lines.find((l) => l.code === 'udf')).toEqual(rows.find((x) => x.legIndex === r.legIndex)?.lines.find((l) => l.code === 'udf'));
        }
      }),
    );
  });
});
