import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Disruption } from '../../core/disruptions';
import type { FareFamily, FeeSchedule, PassengerLegFare } from '../../core/fares';
import { type ChangeInput, NotChangeableError, changeQuote } from '../refunds/rule';
import { FAMILIES, fareOf } from '../refunds/test-fixtures';
import { type FreeChangeWindow, carriedFares, freeChangeQuote, freeChangeWords, windowOpen } from './free-changes';

/** The rule of free changes after a disruption move (free-changes.ts), bullet by bullet. */

const MINUTE = 60_000;
const BOOKED = Date.parse('2026-11-20T06:00:00Z');
const RUNS = { numRuns: 400 };

const scheduleArb: fc.Arbitrary<FeeSchedule> = fc.oneof(
  fc.constant<FeeSchedule>({ allowed: false, bands: [] }),
  fc.constant<FeeSchedule>({ allowed: true, bands: [{ fromHoursBefore: 0, toHoursBefore: null, fee: { kind: 'forfeit' } }] }),
  fc.integer({ min: 0, max: 500_000 }).map((paise): FeeSchedule => ({ allowed: true, bands: [{ fromHoursBefore: 0, toHoursBefore: null, fee: { kind: 'amount', paise } }] })),
);

/** Any family: changes allowed or not, any fee, any cutoff. */
const familyArb: fc.Arbitrary<FareFamily> = fc
  .record({ change: scheduleArb, cutoffMinutes: fc.integer({ min: 0, max: 360 }), refundsFareDifference: fc.boolean() })
  .map((parts) => ({ ...FAMILIES.indigoSaver, ...parts }));

const linesArb = fc.record({ base: fc.integer({ min: 1000, max: 60_000 }), yq: fc.integer({ min: 0, max: 9000 }), gst: fc.integer({ min: 0, max: 3000 }), safarFee: fc.integer({ min: 0, max: 500 }) });

/** A booking of 1–2 legs and 1–3 passengers, asked to change at some time around its first departure, to new fares priced anyhow. */
const changeArb = fc
  .record({
    legs: fc.array(fc.record({ departsAfterMinutes: fc.integer({ min: 60, max: 30 * 24 * 60 }), family: familyArb }), { minLength: 1, maxLength: 2 }),
    passengers: fc.array(fc.tuple(linesArb, linesArb, linesArb), { minLength: 1, maxLength: 3 }),
    /** Minutes after booking the traveller asks. */
    askedAfter: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    /** The window's end, minutes after booking (its flight's departure). */
    windowEndsAfter: fc.integer({ min: 0, max: 31 * 24 * 60 }),
    kind: fc.constantFrom<Disruption['kind']>('cancellation', 'retiming', 'delay'),
  })
  .map((raw) => {
    const legs = raw.legs
      .map((leg) => leg.departsAfterMinutes)
      .sort((a, b) => a - b)
      .map((after, legIndex) => ({ legIndex, departureUtc: new Date(BOOKED + after * MINUTE), international: false, family: raw.legs[legIndex]?.family ?? FAMILIES.indigoSaver }));
    const oldFares: PassengerLegFare[] = raw.passengers.flatMap((lines, passengerPosition) => legs.map((leg) => fareOf(lines[leg.legIndex] ?? {}, { passengerPosition, legIndex: leg.legIndex })));
    const newFares = raw.passengers.flatMap((lines, passengerPosition) => legs.map((leg) => fareOf(lines[2] ?? {}, { passengerPosition, legIndex: leg.legIndex })));
    const input: ChangeInput = { bookedAt: new Date(BOOKED), legs, oldFares, newFares, now: new Date(BOOKED + raw.askedAfter * MINUTE) };
    const window: FreeChangeWindow = { until: new Date(BOOKED + raw.windowEndsAfter * MINUTE), kind: raw.kind };
    return { input, window };
  });

const departed = (input: ChangeInput) => input.legs.some((leg) => leg.departureUtc.getTime() <= input.now.getTime());

/** The quote, or the reason it is refused. */
function attempt(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error instanceof NotChangeableError ? { refused: error.why } : error;
  }
}

describe('free changes after a disruption move, bullet by bullet', () => {
  it('the window runs until its end (strictly before it), and there is none without a disruption move', () => {
    fc.assert(
      fc.property(changeArb, ({ input, window }) => {
        expect(windowOpen(window, input.now)).toBe(input.now.getTime() < window.until.getTime());
        expect(windowOpen(null, input.now)).toBe(false);
      }),
      RUNS,
    );
  });

  it('inside the window a change costs nothing, whatever the family says: no fee on any line, no fare difference either way, nothing due, nothing paid back; every line says why', () => {
    fc.assert(
      fc.property(changeArb, ({ input, window }) => {
        fc.pre(windowOpen(window, input.now) && !departed(input));
        const quote = freeChangeQuote(input, window);
        expect(quote.lines).toHaveLength(input.oldFares.length);
        for (const line of quote.lines) expect(line).toMatchObject({ changeFeePaise: 0, explanation: freeChangeWords(window.kind) });
        const paid = input.oldFares.reduce((sum, f) => sum + f.totalPaise, 0);
        expect(quote).toMatchObject({ changeFeePaise: 0, fareDifferencePaise: 0, duePaise: 0, refundPaise: 0, oldTotalPaise: paid, newTotalPaise: paid, freeWindowApplies: false, disruptionFree: freeChangeWords(window.kind) });
      }),
      RUNS,
    );
  });

  it('the words: a cancelled flight says so; another change says the airline changed it', () => {
    expect(freeChangeWords('cancellation')).toBe('Free change: your original flight was cancelled by the airline');
    expect(freeChangeWords('retiming')).toBe('Free change: the airline changed your original flight');
  });

  it('inside the window the new booking carries the fares paid: each passenger pays what they paid, leg for leg when the count is the same, whatever the new leg count', () => {
    fc.assert(
      fc.property(changeArb, fc.integer({ min: 1, max: 3 }), ({ input }, legCount) => {
        const carried = carriedFares(input.oldFares, legCount);
        const positions = [...new Set(input.oldFares.map((f) => f.passengerPosition))];
        for (const position of positions) {
          const mine = carried.filter((f) => f.passengerPosition === position);
          expect(mine.map((f) => f.legIndex).sort()).toEqual(Array.from({ length: legCount }, (_, i) => i));
          const paid = input.oldFares.filter((f) => f.passengerPosition === position).reduce((sum, f) => sum + f.totalPaise, 0);
          expect(mine.reduce((sum, f) => sum + f.totalPaise, 0)).toBe(paid);
          for (const fare of mine) expect(fare.lines.reduce((sum, l) => sum + l.paise, 0)).toBe(fare.totalPaise);
        }
        if (legCount === input.legs.length) expect(carried).toEqual(input.oldFares);
      }),
      RUNS,
    );
  });

  it('a flight that has departed cannot be changed, window or not', () => {
    fc.assert(
      fc.property(changeArb, ({ input, window }) => {
        fc.pre(departed(input));
        expect(attempt(() => freeChangeQuote(input, window))).toEqual({ refused: 'departed' });
      }),
      RUNS,
    );
  });

  it('outside the window (at or after its end, or none) the fare family’s rules apply unchanged', () => {
    fc.assert(
      fc.property(changeArb, fc.boolean(), ({ input, window }, none) => {
        fc.pre(none || !windowOpen(window, input.now));
        const chosen = none ? null : window;
        expect(attempt(() => freeChangeQuote(input, chosen))).toEqual(attempt(() => changeQuote(input)));
      }),
      RUNS,
    );
  });
});
