import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canAct, initialTripChanged, isDecided, type TripChangedEvent, tripChangedReducer, type TripChangedState } from './trip-changed-machine';

function run(state: TripChangedState, ...events: TripChangedEvent[]): TripChangedState {
  return events.reduce(tripChangedReducer, state);
}

const PROTECTED = '6E2135@2027-01-15';
const OTHER = 'AI805@2027-01-15';

const anyEvent: fc.Arbitrary<TripChangedEvent> = fc.oneof(
  fc.constantFrom<TripChangedEvent>(
    { type: 'openList' },
    { type: 'rebook' },
    { type: 'refund' },
    { type: 'back' },
    { type: 'confirmRefund' },
    { type: 'keep' },
    { type: 'refunded' },
    { type: 'kept' },
  ),
  fc.constantFrom(PROTECTED, OTHER, 'QP1101@2027-01-15').map((flightId): TripChangedEvent => ({ type: 'select', flightId })),
  fc.string().map((bookingId): TripChangedEvent => ({ type: 'rebooked', bookingId })),
  fc.option(fc.constantFrom(PROTECTED, OTHER)).map((next): TripChangedEvent => ({ type: 'soldOut', message: 'Sold out', next })),
  fc.string().map((message): TripChangedEvent => ({ type: 'failed', message })),
);

describe('"Your trip changed" machine', () => {
  it('opens with the protected flight pre-selected; with none, the list of alternatives is open and Rebook waits for a choice', () => {
    expect(initialTripChanged(PROTECTED)).toEqual({ selectedFlightId: PROTECTED, listOpen: false, phase: { name: 'choosing' } });
    const none = initialTripChanged(null);
    expect(none.listOpen).toBe(true);
    expect(tripChangedReducer(none, { type: 'rebook' })).toBe(none);
    expect(run(none, { type: 'select', flightId: OTHER }, { type: 'rebook' }).phase).toEqual({ name: 'sending', action: 'rebook', flightId: OTHER });
  });

  it('"Choose another flight" opens the list; choosing one selects it and Rebook sends it', () => {
    const chosen = run(initialTripChanged(PROTECTED), { type: 'openList' }, { type: 'select', flightId: OTHER });
    expect(chosen).toEqual({ selectedFlightId: OTHER, listOpen: true, phase: { name: 'choosing' } });
    const sending = tripChangedReducer(chosen, { type: 'rebook' });
    expect(sending.phase).toEqual({ name: 'sending', action: 'rebook', flightId: OTHER });
    expect(run(sending, { type: 'rebooked', bookingId: 'BK2' }).phase).toEqual({ name: 'rebooked', bookingId: 'BK2' });
  });

  it('Refund asks to confirm first; Back returns to the actions, Confirm sends it', () => {
    const confirming = run(initialTripChanged(PROTECTED), { type: 'refund' });
    expect(confirming.phase).toEqual({ name: 'confirmRefund' });
    expect(canAct(confirming)).toBe(false);
    expect(tripChangedReducer(confirming, { type: 'rebook' })).toBe(confirming);
    expect(tripChangedReducer(confirming, { type: 'back' }).phase).toEqual({ name: 'choosing' });
    const sending = tripChangedReducer(confirming, { type: 'confirmRefund' });
    expect(sending.phase).toEqual({ name: 'sending', action: 'refund', flightId: null });
    expect(tripChangedReducer(sending, { type: 'refunded' }).phase).toEqual({ name: 'refunded' });
  });

  it('Keep sends at once', () => {
    const sending = run(initialTripChanged(PROTECTED), { type: 'keep' });
    expect(sending.phase).toEqual({ name: 'sending', action: 'keep', flightId: null });
    expect(tripChangedReducer(sending, { type: 'kept' }).phase).toEqual({ name: 'kept' });
  });

  it('a flight that sold out shows the message and selects the next option; with none named, the list opens', () => {
    const soldOut = run(initialTripChanged(PROTECTED), { type: 'rebook' }, { type: 'soldOut', message: 'That flight just sold out.', next: OTHER });
    expect(soldOut).toEqual({ selectedFlightId: OTHER, listOpen: false, phase: { name: 'soldOut', message: 'That flight just sold out.', soldOutFlightId: PROTECTED } });
    expect(tripChangedReducer(soldOut, { type: 'rebook' }).phase).toEqual({ name: 'sending', action: 'rebook', flightId: OTHER });
    const nothing = run(initialTripChanged(PROTECTED), { type: 'rebook' }, { type: 'soldOut', message: 'Sold out.', next: null });
    expect(nothing.selectedFlightId).toBeNull();
    expect(nothing.listOpen).toBe(true);
    expect(tripChangedReducer(nothing, { type: 'rebook' })).toBe(nothing);
  });

  it('a failure lets the traveller act again, and remembers which action failed', () => {
    const failed = run(initialTripChanged(PROTECTED), { type: 'keep' }, { type: 'failed', message: 'Network error.' });
    expect(failed.phase).toEqual({ name: 'failed', action: 'keep', message: 'Network error.' });
    expect(tripChangedReducer(failed, { type: 'refund' }).phase).toEqual({ name: 'confirmRefund' });
  });

  it('while an action is being sent, nothing else can be chosen or sent; only its own answer moves it on', () => {
    fc.assert(
      fc.property(fc.constantFrom<TripChangedEvent[]>([{ type: 'rebook' }], [{ type: 'refund' }, { type: 'confirmRefund' }], [{ type: 'keep' }]), anyEvent, (start, event) => {
        const sending = run(initialTripChanged(PROTECTED), ...start);
        if (sending.phase.name !== 'sending') return false;
        const next = tripChangedReducer(sending, event);
        const own =
          event.type === 'failed' ||
          (sending.phase.action === 'rebook' && (event.type === 'rebooked' || event.type === 'soldOut')) ||
          (sending.phase.action === 'refund' && event.type === 'refunded') ||
          (sending.phase.action === 'keep' && event.type === 'kept');
        return own ? next !== sending : next === sending;
      }),
    );
  });

  it('rebooked, refunded and kept are final: every later event leaves the state as it is', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 12 }), fc.array(anyEvent, { maxLength: 6 }), (before, after) => {
        const state = run(initialTripChanged(PROTECTED), ...before);
        if (!isDecided(state)) return true;
        return after.every((event) => tripChangedReducer(state, event) === state);
      }),
    );
  });

  it('whatever happens, a rebooking is sent only for a selected flight', () => {
    fc.assert(
      fc.property(fc.option(fc.constant(PROTECTED)), fc.array(anyEvent, { maxLength: 20 }), (protectedFlight, events) => {
        let state = initialTripChanged(protectedFlight);
        for (const event of events) {
          const next = tripChangedReducer(state, event);
          if (next.phase.name === 'sending' && next.phase.action === 'rebook' && next !== state && next.phase.flightId !== state.selectedFlightId) return false;
          state = next;
        }
        return true;
      }),
    );
  });
});
