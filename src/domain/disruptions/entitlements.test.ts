import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Disruption, type Entitlements, EntitlementsSchema, REASON_CODES, type ReasonCode, REASONS } from '../../core/disruptions';
import type { PassengerLegFare } from '../../core/fares';
import { CANCELLATION_COMPENSATION, entitlements, type PassengerLeg, passengerLegOf } from './entitlements';
import { cancellation, delay, deniedBoarding, downgrade, gateChange, ist, leg, retiming, swap } from './test-fixtures';

/**
 * Golden entitlements: one row per row of every table in section 3 of the design notes
 * (fares-and-rights.md: 3.1 cancellation notice bands and block-time bands with the cap at
 * base + YQ, 3.2 denied boarding, 3.3 delay — meals by block time and tier, rebook/refund, hotel
 * and its night rule —, 3.4 downgrade by distance), extraordinary against not, then retimings,
 * swaps, gate changes and deadlines. Amounts are whole rupees worked out by hand.
 */

const DEP = ist('2027-01-15', '10:00');
const at = (local: string, hoursBefore: number) => new Date(Date.parse(local) - hoursBefore * 3_600_000);
/** Now: just after the announcement. */
const justAfter = (d: Disruption) => new Date(Date.parse(d.announcedAt) + 60_000);
const of = (d: Disruption, l: PassengerLeg, now = justAfter(d)): Entitlements => EntitlementsSchema.parse(entitlements(d, l, now));
const rupees = (e: Entitlements) => (e.compensation.due ? e.compensation.amountPaise / 100 : 0);
const optionKinds = (e: Entitlements) => e.options.map((o) => (o.kind === 'accept' ? `accept:${o.what}` : o.kind === 'another-flight' ? `another:${o.withinMinutes}` : 'refund'));
const meals = (e: Entitlements) => e.facilities.find((f) => f.kind === 'meals');
const hotel = (e: Entitlements) => e.facilities.some((f) => f.kind === 'hotel');

describe('3.1 cancellation by the airline: notice bands', () => {
  const rows: [string, number, { why?: string; rupees?: number; within: number; approximate?: boolean }][] = [
    ['20 days: alternate or refund, no compensation', 20 * 24, { why: 'notice-14-days-or-more', within: 1440 }],
    ['exactly 14 days', 14 * 24, { why: 'notice-14-days-or-more', within: 1440 }],
    ['just under 14 days: alternate within 2 h, no compensation ⚠', 14 * 24 - 1, { why: 'notice-24-hours-or-more', within: 120, approximate: true }],
    ['exactly 24 h', 24, { why: 'notice-24-hours-or-more', within: 120, approximate: true }],
    ['just under 24 h: compensated', 23.99, { rupees: 10_000, within: 1440 }],
    ['6 h (operational)', 6, { rupees: 10_000, within: 1440 }],
  ];
  for (const [name, hours, want] of rows) {
    it(name, () => {
      const e = of(cancellation({ noticeHours: hours }), leg(12_000));
      expect(optionKinds(e)).toEqual(['accept:protected-flight', `another:${want.within}`, 'refund']);
      if (want.why) expect(e.compensation).toEqual({ due: false, why: want.why, approximate: want.approximate ?? false });
      else expect(rupees(e)).toBe(want.rupees);
      expect(meals(e)).toEqual({ kind: 'meals', fromMinutes: 0, tier: 'refreshments' });
      expect(hotel(e)).toBe(false);
    });
  }

  it('a connection on the same booking missed because of the cancellation is compensated whatever the notice', () => {
    expect(rupees(of(cancellation({ noticeHours: 20 * 24 }), leg(12_000, { missedConnection: true, blockMinutes: 50 })))).toBe(5_000);
  });
});

describe('3.1 cancellation with under 24 h notice: block-time bands and the cap at base + YQ', () => {
  const rows: [number, number, number][] = [
    // block minutes, base + YQ (₹), compensation (₹)
    [45, 12_000, 5_000],
    [60, 12_000, 5_000],
    [61, 12_000, 7_500],
    [120, 12_000, 7_500],
    [121, 12_000, 10_000],
    [300, 12_000, 10_000],
    [60, 4_000, 4_000],
    [90, 6_212, 6_212],
    [130, 5_300, 5_300],
    [130, 10_000, 10_000],
    [50, 5_000, 5_000],
  ];
  for (const [block, fare, want] of rows) {
    it(`block ${block} min, base + YQ ₹${fare}: ₹${want}`, () => {
      const e = of(cancellation({ noticeHours: 5, blockMinutes: block }), leg(fare, { blockMinutes: block }));
      expect(rupees(e)).toBe(want);
      if (!e.compensation.due) throw new Error('compensation expected');
      expect(e.compensation.capPaise).toBe(fare * 100);
      expect(e.compensation.bandPaise).toBe(block <= 60 ? 500_000 : block <= 120 ? 750_000 : 1_000_000);
    });
  }

  it('extraordinary (fog, weather, security): no compensation, but the options and the meals stay', () => {
    for (const reason of ['fog', 'weather', 'security', 'natural-disaster'] as const) {
      const e = of(cancellation({ noticeHours: 10, reason }), leg(12_000));
      expect(e.compensation).toEqual({ due: false, why: 'extraordinary', approximate: false });
      expect(optionKinds(e)).toEqual(['accept:protected-flight', 'another:1440', 'refund']);
      expect(meals(e)).toBeDefined();
    }
  });

  it('not extraordinary (technical, crew, a late inbound aircraft, the schedule): compensated', () => {
    for (const reason of ['technical', 'crew', 'late-inbound', 'schedule-change', 'atc'] as const) expect(rupees(of(cancellation({ noticeHours: 10, reason }), leg(12_000)))).toBe(10_000);
  });

  it('the full refund is everything paid, Safar’s fee and add-ons included; the protected flight is kept until departure if the traveller does nothing', () => {
    const d = cancellation({ noticeHours: 5 });
    const e = of(d, leg(5_360, { paidPaise: 6_212_00 }));
    expect(e.options.at(-1)).toEqual({ kind: 'full-refund', refundPaise: 6_212_00, compensationPaise: 0 });
    expect(e.deadline).toEqual({ at: new Date(Date.parse(DEP)).toISOString(), action: 'keep-protected-flight' });
    expect(e.open).toBe(true);
    expect(entitlements(d, leg(5_360), new Date(Date.parse(DEP))).open).toBe(false);
  });
});

describe('3.2 denied boarding (oversold), by when the alternate flight departs', () => {
  const rows: [string, number | null, number, number, boolean][] = [
    // name, alternate after (min) or null (refused), base + YQ (₹), compensation (₹), approximate
    ['within 1 h ⚠: none', 60, 4_000, 0, true],
    ['within 24 h: 200 %', 61, 4_000, 8_000, false],
    ['within 24 h: 200 %, at most ₹10,000', 24 * 60, 6_000, 10_000, false],
    ['after 24 h: 400 %', 24 * 60 + 1, 4_000, 16_000, false],
    ['after 24 h: 400 %, at most ₹20,000', 30 * 60, 6_000, 20_000, false],
    ['refused: full refund + 400 %, at most ₹20,000', null, 4_000, 16_000, false],
  ];
  for (const [name, after, fare, want, approximate] of rows) {
    it(name, () => {
      const e = of(deniedBoarding({ alternateAfterMinutes: after }), leg(fare));
      expect(rupees(e)).toBe(want);
      expect(e.compensation.approximate).toBe(approximate);
      const refund = e.options.find((o) => o.kind === 'full-refund');
      expect(refund).toEqual({ kind: 'full-refund', refundPaise: leg(fare).paidPaise, compensationPaise: Math.min(fare * 4, 20_000) * 100 });
      expect(optionKinds(e)).toEqual(after === null ? ['refund'] : ['accept:protected-flight', 'refund']);
    });
  }
});

describe('3.3 delay: meals by block time, tiers, rebook/refund, hotel and its night rule', () => {
  const mealRows: [number, number, number | null, string | null][] = [
    // block, delay, meals from (min) or null, tier
    [150, 119, null, null],
    [150, 120, 120, 'refreshments'],
    [150, 150, 120, 'snack'],
    [151, 179, null, null],
    [151, 180, 180, 'snack'],
    [300, 180, 180, 'snack'],
    [301, 239, null, null],
    [301, 240, 240, 'snack'],
    [301, 241, 240, 'meal'],
    [90, 300, 120, 'meal'],
  ];
  for (const [block, minutes, from, tier] of mealRows) {
    it(`block ${block} min, delay ${minutes} min: ${from === null ? 'no meals' : `meals from ${from} min (${tier})`}`, () => {
      const e = of(delay({ noticeHours: 3, blockMinutes: block, delayMinutes: minutes }), leg(6_000, { blockMinutes: block }));
      expect(meals(e) ?? null).toEqual(from === null ? null : { kind: 'meals', fromMinutes: from, tier });
      expect(e.compensation).toEqual({ due: false, why: 'delay', approximate: false });
    });
  }

  const hotelRows: [string, string, number, boolean][] = [
    ['10:00, 6 h 1 min: no hotel (day departure)', '10:00', 361, false],
    ['10:00, 24 h: no hotel', '10:00', 1440, false],
    ['10:00, 24 h 1 min: hotel', '10:00', 1441, true],
    ['21:30, 6 h: no hotel', '21:30', 360, false],
    ['21:30, 6 h 1 min: hotel', '21:30', 361, true],
    ['20:00, 7 h: hotel', '20:00', 420, true],
    ['19:59, 7 h: no hotel', '19:59', 420, false],
    ['02:59, 7 h: hotel', '02:59', 420, true],
    ['03:00, 7 h: no hotel', '03:00', 420, false],
  ];
  for (const [name, time, minutes, want] of hotelRows) {
    it(name, () => expect(hotel(of(delay({ departure: ist('2027-01-15', time), noticeHours: 2, delayMinutes: minutes }), leg(6_000)))).toBe(want));
  }

  it('extraordinary (fog): no hotel, meals stay', () => {
    const e = of(delay({ departure: ist('2027-01-15', '21:30'), noticeHours: 8, delayMinutes: 420, reason: 'fog' }), leg(6_000));
    expect(hotel(e)).toBe(false);
    expect(meals(e)).toEqual({ kind: 'meals', fromMinutes: 120, tier: 'meal' });
  });

  const choiceRows: [string, number, number, boolean][] = [
    ['over 6 h announced over 24 h before: another flight within 6 h or a full refund', 361, 25, true],
    ['over 6 h announced exactly 24 h before: no choice', 361, 24, false],
    ['exactly 6 h announced 30 h before: no choice', 360, 30, false],
  ];
  for (const [name, minutes, hours, choice] of choiceRows) {
    it(name, () => {
      const e = of(delay({ noticeHours: hours, delayMinutes: minutes }), leg(6_000));
      expect(optionKinds(e)).toEqual(choice ? ['accept:new-time', 'another:360', 'refund'] : ['accept:new-time']);
      expect(e.deadline).toEqual(choice ? { at: new Date(Date.parse(DEP)).toISOString(), action: 'keep-booking' } : null);
    });
  }
});

describe('3.4 involuntary downgrade: a share of the ticket price with taxes', () => {
  const rows: [string, boolean, number, number][] = [
    ['domestic: 75 %', true, 1140, 75],
    ['international up to 1,500 km: 30 %', false, 1500, 30],
    ['international 1,501 km: 50 %', false, 1501, 50],
    ['international 3,500 km: 50 %', false, 3500, 50],
    ['international beyond 3,500 km: 75 %', false, 3501, 75],
  ];
  for (const [name, domestic, km, percent] of rows) {
    it(name, () => {
      const l = leg(12_000, { domestic, distanceKm: km, cabin: 'business' });
      const e = of(downgrade({}), l);
      expect(e.downgradeRefund).toEqual({ band: expect.any(String), percent, ticketPaise: 12_653_00, amountPaise: Math.round((12_653_00 * percent) / 100), toCabin: 'economy' });
      expect(e.compensation).toEqual({ due: false, why: 'downgrade', approximate: false });
    });
  }

  it('an aircraft swap to a type without the booked cabin downgrades its passengers (the refund, another flight or a full refund); others keep their flight', () => {
    const d = swap({ noticeHours: 3 * 24, lose: true });
    const business = of(d, leg(12_000, { cabin: 'business' }));
    expect(business.downgradeRefund?.amountPaise).toBe(Math.round(12_653_00 * 0.75));
    expect(optionKinds(business)).toEqual(['accept:lower-cabin', 'another:1440', 'refund']);
    const economy = of(d, leg(6_000));
    expect(economy.downgradeRefund).toBeNull();
    expect(optionKinds(economy)).toEqual(['accept:same-flight']);
    expect(of(swap({ noticeHours: 5, lose: false }), leg(12_000, { cabin: 'economy' })).downgradeRefund).toBeNull();
  });
});

describe('retimings, gate changes and deadlines', () => {
  it('a retiming: accept the new time, another flight within 24 h, or a full refund; no compensation', () => {
    const e = of(retiming({ noticeHours: 10 * 24, shiftMinutes: 45 }), leg(6_000));
    expect(optionKinds(e)).toEqual(['accept:new-time', 'another:1440', 'refund']);
    expect(e.compensation).toEqual({ due: false, why: 'retiming', approximate: false });
    expect(e.notice).toBe('24-hours-to-14-days');
    expect(e.facilities).toEqual([]);
  });

  const deadlineRows: [string, number, number, boolean, 'refund' | 'keep-booking', (d: Disruption) => string][] = [
    ['domestic 3 h later, 10 days ahead: refunded 24 h after the announcement if unanswered', 180, 240, true, 'refund', (d) => new Date(Date.parse(d.announcedAt) + 86_400_000).toISOString()],
    ['domestic 2 h 55 later: accepted at departure', 175, 240, true, 'keep-booking', () => new Date(Date.parse(DEP)).toISOString()],
    ['international 5 h 55 later: accepted at departure', 355, 240, false, 'keep-booking', () => new Date(Date.parse(DEP)).toISOString()],
    ['international 6 h later: refunded 24 h after', 360, 240, false, 'refund', (d) => new Date(Date.parse(d.announcedAt) + 86_400_000).toISOString()],
    ['domestic 3 h 20 earlier, 12 h ahead: refunded by the new (earlier) departure', -200, 12, true, 'refund', () => new Date(Date.parse(DEP) - 200 * 60_000).toISOString()],
  ];
  for (const [name, shift, hours, domestic, action, when] of deadlineRows) {
    it(name, () => {
      const d = retiming({ noticeHours: hours, shiftMinutes: shift });
      expect(of(d, leg(6_000, { domestic })).deadline).toEqual({ at: when(d), action });
    });
  }

  it('a later time announced under 24 h before departure counts as a delay for meals; days ahead it does not', () => {
    expect(meals(of(retiming({ noticeHours: 12, shiftMinutes: 150 }), leg(6_000)))).toEqual({ kind: 'meals', fromMinutes: 120, tier: 'snack' });
    expect(meals(of(retiming({ noticeHours: 72, shiftMinutes: 150 }), leg(6_000)))).toBeUndefined();
  });

  it('a gate change is information only', () => {
    const e = of(gateChange({ noticeHours: 0.4 }), leg(6_000));
    expect(e).toMatchObject({ options: [{ kind: 'accept', what: 'same-flight' }], compensation: { due: false, why: 'no-change-to-the-trip' }, facilities: [], deadline: null, open: false });
  });

  it('refuses a time before the announcement', () => {
    const d = cancellation({ noticeHours: 5 });
    expect(() => entitlements(d, leg(6_000), at(DEP, 6))).toThrow(/announced/);
  });
});

describe('passenger-leg from stored fare lines', () => {
  it('base and YQ from the fare lines, taxes from the tax lines, paid is the total with Safar’s fee and the seat', () => {
    const fare: PassengerLegFare = {
      passengerPosition: 0,
      passengerType: 'adult',
      legIndex: 0,
      familyCode: '6E.SAVER',
      status: 'active',
      lines: [
        { code: 'base', kind: 'fare', label: 'Base fare', paise: 4_500_00 },
        { code: 'yq', kind: 'fare', label: 'YQ', paise: 800_00 },
        { code: 'udf', kind: 'tax', label: 'UDF', paise: 61_00 },
        { code: 'gst', kind: 'tax', label: 'GST', paise: 265_00 },
        { code: 'safarFee', kind: 'safarFee', label: 'Safar fee', paise: 199_00 },
        { code: 'seat', kind: 'addon', label: 'Seat', paise: 400_00 },
      ],
      totalPaise: 6_225_00,
    };
    expect(passengerLegOf(fare, { flightId: 'x', cabin: 'economy', blockMinutes: 130, domestic: true, distanceKm: 1140 })).toMatchObject({ basePaise: 4_500_00, yqPaise: 800_00, taxesPaise: 326_00, paidPaise: 6_225_00 });
  });
});

// ---------------------------------------------------------------------------
// Properties

const reasons = fc.constantFrom(...REASON_CODES.filter((r) => r !== 'oversold'));
const legs = fc.record({
  fare: fc.integer({ min: 500, max: 60_000 }),
  block: fc.integer({ min: 25, max: 900 }),
  domestic: fc.boolean(),
  km: fc.integer({ min: 100, max: 12_000 }),
  cabin: fc.constantFrom<PassengerLeg['cabin'][]>('economy', 'premium', 'business', 'first'),
  missed: fc.boolean(),
});
const times = fc.constantFrom('00:30', '02:59', '03:00', '06:05', '12:00', '19:59', '20:00', '23:45');
const events = fc.oneof(
  fc.record({ kind: fc.constant('cancellation' as const), hours: fc.double({ min: 0.1, max: 60 * 24, noNaN: true }), time: times }),
  fc.record({ kind: fc.constant('delay' as const), hours: fc.double({ min: 0.5, max: 40, noNaN: true }), time: times, minutes: fc.integer({ min: 15, max: 30 * 60 }) }),
  fc.record({ kind: fc.constant('retiming' as const), hours: fc.double({ min: 1, max: 60 * 24, noNaN: true }), time: times, minutes: fc.integer({ min: -400, max: 400 }) }),
);

function build(event: { kind: 'cancellation' | 'delay' | 'retiming'; hours: number; time: string; minutes?: number }, reason: ReasonCode, block: number): Disruption {
  const departure = ist('2027-01-15', event.time);
  const common = { departure, noticeHours: event.hours, reason, blockMinutes: block };
  if (event.kind === 'cancellation') return cancellation(common);
  if (event.kind === 'delay') return delay({ ...common, delayMinutes: event.minutes ?? 15 });
  return retiming({ ...common, shiftMinutes: event.minutes ?? 5 });
}

describe('entitlement properties', () => {
  it('compensation never exceeds base + YQ nor the band’s amount', () => {
    fc.assert(
      fc.property(events, reasons, legs, (event, reason, l) => {
        const passenger = leg(l.fare, { blockMinutes: l.block, domestic: l.domestic, distanceKm: l.km, cabin: l.cabin, missedConnection: l.missed });
        const e = entitlements(build(event, reason, l.block), passenger, new Date(Date.parse(build(event, reason, l.block).announcedAt)));
        if (!e.compensation.due) return;
        expect(e.compensation.rule).toBe('cancellation');
        expect(e.compensation.amountPaise).toBeLessThanOrEqual(passenger.basePaise + passenger.yqPaise);
        expect(e.compensation.amountPaise).toBeLessThanOrEqual(Math.max(...Object.values(CANCELLATION_COMPENSATION)));
        expect(e.compensation.amountPaise).toBeLessThanOrEqual(e.compensation.bandPaise);
      }),
      { numRuns: 2000 },
    );
  });

  it('extraordinary ⇒ no compensation and no hotel, but the same options, meals and deadline as the same event for a reason that is not', () => {
    const extraordinary = REASON_CODES.filter((r) => REASONS[r].extraordinary);
    fc.assert(
      fc.property(events, fc.constantFrom(...extraordinary), legs, (event, reason, l) => {
        const passenger = leg(l.fare, { blockMinutes: l.block, domestic: l.domestic, distanceKm: l.km, missedConnection: l.missed });
        const d = build(event, reason, l.block);
        const now = new Date(Date.parse(d.announcedAt));
        const e = entitlements(d, passenger, now);
        const ordinary = entitlements(build(event, 'technical', l.block), passenger, now);
        expect(e.compensation.due).toBe(false);
        expect(hotel(e)).toBe(false);
        expect(e.options).toEqual(ordinary.options);
        expect(meals(e)).toEqual(meals(ordinary));
        expect(e.deadline).toEqual(ordinary.deadline);
      }),
      { numRuns: 1000 },
    );
  });

  it('a cancellation always offers a full refund of everything paid, another flight and the protected flight', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 90 * 24, noNaN: true }), reasons, legs, (hours, reason, l) => {
        const passenger = leg(l.fare, { blockMinutes: l.block });
        const d = cancellation({ noticeHours: hours, reason });
        const e = entitlements(d, passenger, new Date(Date.parse(d.announcedAt)));
        expect(e.options).toContainEqual({ kind: 'full-refund', refundPaise: passenger.paidPaise, compensationPaise: 0 });
        expect(e.options.map((o) => o.kind)).toEqual(['accept', 'another-flight', 'full-refund']);
      }),
      { numRuns: 500 },
    );
  });

  it('meals, once due, stay due for any longer delay, at the same threshold', () => {
    fc.assert(
      fc.property(fc.integer({ min: 25, max: 900 }), fc.integer({ min: 15, max: 1500 }), fc.integer({ min: 1, max: 600 }), (block, minutes, more) => {
        const a = meals(of(delay({ noticeHours: 3, blockMinutes: block, delayMinutes: minutes }), leg(6_000, { blockMinutes: block })));
        const b = meals(of(delay({ noticeHours: 3, blockMinutes: block, delayMinutes: minutes + more }), leg(6_000, { blockMinutes: block })));
        if (a) expect(b?.fromMinutes).toBe(a.fromMinutes);
      }),
      { numRuns: 500 },
    );
  });
});
