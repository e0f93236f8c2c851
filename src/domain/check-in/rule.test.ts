import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AIRLINES } from '../world/airlines';
import { type CheckInFacts, GROUP_SIZE_AT_COUNTER, type LegPassengerState, bookingCheckIn, checkInState, counterReason } from './rule';
import { CHECK_IN_WINDOWS, windowFor } from './windows';

const MINUTE = 60_000;
const DEPARTURE = Date.parse('2026-12-24T00:35:00Z');

const airlines = fc.constantFrom(...AIRLINES.map((a) => a.code));
const markets = fc.constantFrom('domestic' as const, 'international' as const);
/** Anything from four days before departure to a day after it. */
const offsets = fc.integer({ min: -4 * 24 * 60, max: 24 * 60 });
const webPassenger = fc.record({ type: fc.constantFrom('adult' as const, 'child' as const), carriesInfant: fc.constant(false), specialAssistance: fc.constant(false) });

const facts = (over: Partial<CheckInFacts> & Pick<CheckInFacts, 'airline' | 'market'>, minutesFromDeparture: number): CheckInFacts => ({
  departure: new Date(DEPARTURE),
  now: new Date(DEPARTURE + minutesFromDeparture * MINUTE),
  passenger: { type: 'adult', carriesInfant: false, specialAssistance: false },
  adultsOnBooking: 1,
  partySize: 1,
  ...over,
});

describe('check-in windows data', () => {
  it('has a window for every airline Safar shows, opening before it closes, the gate closing after the counter and boarding starting before the gate closes', () => {
    for (const airline of AIRLINES) {
      const window = CHECK_IN_WINDOWS.get(airline.code);
      expect(window, airline.code).toBeDefined();
      for (const market of ['domestic', 'international'] as const) {
        const w = windowFor(airline.code, market);
        if (w.opens !== 'booking') expect(w.opens * 60).toBeGreaterThan(w.closes);
        expect(w.counterCloses).toBeGreaterThan(w.gateCloses);
        expect(w.boarding).toBeGreaterThan(w.gateCloses);
        expect(w.closes).toBeGreaterThanOrEqual(w.counterCloses);
      }
    }
  });

  it('states the design figures: IndiGo domestic 48 h to 60 min, SpiceJet domestic from booking, British Airways from 24 h', () => {
    expect(windowFor('6E', 'domestic')).toMatchObject({ opens: 48, closes: 60, gateCloses: 25, boarding: 45 });
    expect(windowFor('SG', 'domestic').opens).toBe('booking');
    expect(windowFor('SG', 'international')).toMatchObject({ opens: 48, closes: 75 });
    expect(windowFor('EK', 'international')).toMatchObject({ closes: 90, gateCloses: 20 });
    expect(windowFor('BA', 'international')).toMatchObject({ opens: 24, closes: 60 });
  });
});

describe('check-in window rule', () => {
  it('sends counter passengers to the counter with the reason in words, whatever the time', () => {
    const counterPassenger = fc.oneof(
      fc.record({ passenger: fc.constant({ type: 'infant' as const, carriesInfant: false, specialAssistance: false }), adultsOnBooking: fc.integer({ min: 1, max: 9 }), partySize: fc.integer({ min: 2, max: 9 }) }),
      fc.record({ passenger: fc.constant({ type: 'adult' as const, carriesInfant: true, specialAssistance: false }), adultsOnBooking: fc.integer({ min: 1, max: 9 }), partySize: fc.integer({ min: 2, max: 9 }) }),
      fc.record({ passenger: fc.constant({ type: 'child' as const, carriesInfant: false, specialAssistance: false }), adultsOnBooking: fc.constant(0), partySize: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ passenger: fc.constant({ type: 'adult' as const, carriesInfant: false, specialAssistance: true }), adultsOnBooking: fc.integer({ min: 1, max: 9 }), partySize: fc.integer({ min: 1, max: 9 }) }),
      fc.record({ passenger: webPassenger, adultsOnBooking: fc.integer({ min: 1, max: 30 }), partySize: fc.integer({ min: GROUP_SIZE_AT_COUNTER, max: 40 }) }),
    );
    fc.assert(
      fc.property(airlines, markets, offsets, counterPassenger, (airline, market, offset, who) => {
        const state = checkInState(facts({ airline, market, ...who }, offset));
        expect(state.state).toBe('counter');
        if (state.state === 'counter') expect(state.reason).toMatch(/airport counter\.$/);
      }),
      { numRuns: 500 },
    );
  });

  it('offers web check-in to everyone else (adults and accompanied children in parties under 10)', () => {
    fc.assert(
      fc.property(webPassenger, fc.integer({ min: 1, max: GROUP_SIZE_AT_COUNTER - 1 }), (passenger, partySize) => {
        expect(counterReason({ passenger, adultsOnBooking: 1, partySize })).toBeNull();
      }),
    );
  });

  it('is not open before the opening instant, open from it until the closing instant, closed from then on (after departure too)', () => {
    fc.assert(
      fc.property(airlines, markets, offsets, webPassenger, (airline, market, offset, passenger) => {
        const window = windowFor(airline, market);
        const state = checkInState(facts({ airline, market, passenger }, offset));
        const opensOffset = window.opens === 'booking' ? -Infinity : -window.opens * 60;
        const closesOffset = -window.closes;
        if (offset >= closesOffset) expect(state).toMatchObject({ state: 'closed', closedAt: new Date(DEPARTURE + closesOffset * MINUTE) });
        else if (offset < opensOffset) expect(state).toMatchObject({ state: 'not-open', opensAt: new Date(DEPARTURE + opensOffset * MINUTE), closesAt: new Date(DEPARTURE + closesOffset * MINUTE) });
        else expect(state).toMatchObject({ state: 'open', closesAt: new Date(DEPARTURE + closesOffset * MINUTE) });
      }),
      { numRuns: 1000 },
    );
  });

  it('opens exactly at the opening instant and closes exactly at the closing instant', () => {
    const open = checkInState(facts({ airline: '6E', market: 'domestic' }, -48 * 60));
    expect(open.state).toBe('open');
    expect(checkInState(facts({ airline: '6E', market: 'domestic' }, -48 * 60 - 1)).state).toBe('not-open');
    expect(checkInState(facts({ airline: '6E', market: 'domestic' }, -60)).state).toBe('closed');
    expect(checkInState(facts({ airline: '6E', market: 'domestic' }, -61)).state).toBe('open');
    expect(checkInState(facts({ airline: 'SG', market: 'domestic' }, -60 * 24 * 30)).state).toBe('open');
  });

  it('gives the boarding and gate-closing instants from the airline and market in every answer', () => {
    fc.assert(
      fc.property(airlines, markets, offsets, (airline, market, offset) => {
        const window = windowFor(airline, market);
        const state = checkInState(facts({ airline, market }, offset));
        expect(state.boardingAt.getTime()).toBe(DEPARTURE - window.boarding * MINUTE);
        expect(state.gateClosesAt.getTime()).toBe(DEPARTURE - window.gateCloses * MINUTE);
      }),
    );
  });
});

describe('what a booking row offers for check-in', () => {
  const times = { boardingAt: new Date(DEPARTURE), gateClosesAt: new Date(DEPARTURE) };
  const instant = fc.integer({ min: 0, max: 10_000 }).map((m) => new Date(DEPARTURE - m * MINUTE));
  const passengerState = fc.oneof(
    fc.constant<LegPassengerState>({ state: 'checked-in' }),
    fc.constant<LegPassengerState>({ state: 'counter', reason: 'x', ...times }),
    instant.map((closedAt): LegPassengerState => ({ state: 'closed', closedAt, ...times })),
    instant.map((closesAt): LegPassengerState => ({ state: 'open', closesAt, ...times })),
    fc.tuple(instant, instant).map(([opensAt, closesAt]): LegPassengerState => ({ state: 'not-open', opensAt, closesAt, ...times })),
  );
  const legs = fc.array(fc.array(passengerState, { maxLength: 4 }), { maxLength: 3 }).map((list) => list.map((passengers, legIndex) => ({ legIndex, passengers })));
  const webLeft = (leg: { passengers: readonly LegPassengerState[] }) => leg.passengers.some((p) => p.state === 'open' || p.state === 'not-open');

  it('speaks for the first leg with a passenger left to check in on the web; legs closed or counter-only are passed over', () => {
    fc.assert(
      fc.property(legs, (list) => {
        const summary = bookingCheckIn(list);
        const first = list.find(webLeft);
        if (first) expect(summary?.legIndex).toBe(first.legIndex);
        else if (summary) expect(summary.state).toBe('checked-in');
      }),
    );
  });

  it('is open when any passenger of that leg is inside the window (earliest close), else not open yet (earliest opening)', () => {
    fc.assert(
      fc.property(legs, (list) => {
        const summary = bookingCheckIn(list);
        const leg = list.find(webLeft);
        if (!leg || !summary) return;
        const open = leg.passengers.flatMap((p) => (p.state === 'open' ? [p.closesAt.getTime()] : []));
        const later = leg.passengers.flatMap((p) => (p.state === 'not-open' ? [p.opensAt.getTime()] : []));
        if (open.length > 0) expect(summary).toEqual({ legIndex: leg.legIndex, state: 'open', closesAt: new Date(Math.min(...open)) });
        else expect(summary).toEqual({ legIndex: leg.legIndex, state: 'not-open', opensAt: new Date(Math.min(...later)) });
      }),
    );
  });

  it('is checked in when nothing is left and someone checked in, and nothing otherwise', () => {
    fc.assert(
      fc.property(legs, (list) => {
        if (list.some(webLeft)) return;
        const summary = bookingCheckIn(list);
        const done = list.find((leg) => leg.passengers.some((p) => p.state === 'checked-in'));
        expect(summary).toEqual(done ? { legIndex: done.legIndex, state: 'checked-in' } : null);
      }),
    );
  });
});
