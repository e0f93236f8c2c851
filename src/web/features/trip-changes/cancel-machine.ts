import type { RefundDestination } from '../../../core/fares';
import { type CancellationAnswer, TRIP_CHANGE_MESSAGES } from '../../../core/trip-changes';

/**
 * The cancel dialog as a state machine.
 * - The traveller cancels the whole booking (every passenger still travelling) or some
 *   passengers; "some" starts with nobody ticked, so nobody is cancelled by default.
 * - The refund goes to the original payment method unless the traveller picks Safar credit.
 * - Confirm with nobody chosen asks to choose (the message belongs to the passenger choice).
 * - Confirm sends the refund the traveller saw; while it is being sent, nothing can be changed.
 * - A refund that moved meanwhile shows the old amount beside the new one; confirming again
 *   sends the new amount, changing the choice goes back to choosing.
 * - A cancellation that went through is final; a failure lets the traveller try again.
 * Events that make no sense in the current phase leave the state as it is, the same object.
 */
type CancelScope = 'whole' | 'some';

type CancelPhase =
  | { name: 'choosing' }
  | { name: 'sending'; quotedRefundPaise: number }
  | { name: 'refundChanged'; oldRefundPaise: number; newRefundPaise: number }
  | { name: 'done'; answer: CancellationAnswer }
  | { name: 'failed'; message: string };

export interface CancelState {
  /** Positions of the passengers still travelling (those the dialog offers). */
  travelling: readonly number[];
  scope: CancelScope;
  /** Positions ticked while the scope is "some". */
  ticked: readonly number[];
  destination: RefundDestination;
  /** The message tied to the passenger choice, if any. */
  choiceError: string | null;
  phase: CancelPhase;
}

export type CancelEvent =
  | { type: 'scope'; scope: CancelScope }
  | { type: 'toggle'; position: number }
  | { type: 'destination'; destination: RefundDestination }
  /** Confirm with the refund the traveller is looking at. */
  | { type: 'confirm'; quotedRefundPaise: number }
  | { type: 'cancelled'; answer: CancellationAnswer }
  | { type: 'refundChanged'; newRefundPaise: number }
  | { type: 'failed'; message: string };

/**
 * The dialog as it opens: the whole booking when one passenger is left, else no choice made yet
 * ("some" with nobody ticked would cancel nobody, so the traveller picks a scope first).
 * @example initialCancel([0, 1]) // { scope: 'whole', … } only when one passenger travels
 */
export function initialCancel(travelling: readonly number[]): CancelState {
  return { travelling, scope: travelling.length === 1 ? 'whole' : 'some', ticked: [], destination: 'original', choiceError: null, phase: { name: 'choosing' } };
}

/** The passengers a confirm would cancel now. */
export function chosenPositions(state: CancelState): number[] {
  const list = state.scope === 'whole' ? state.travelling : state.ticked;
  return [...list].sort((a, b) => a - b);
}

/** Is a request on its way or finished (the choice can no longer change)? */
export function isLocked(state: CancelState): boolean {
  return state.phase.name === 'sending' || state.phase.name === 'done';
}

/**
 * The next state of the dialog after an event.
 * @example cancelReducer(state, { type: 'toggle', position: 1 })
 */
export function cancelReducer(state: CancelState, event: CancelEvent): CancelState {
  const editing = !isLocked(state);
  switch (event.type) {
    case 'scope':
      if (!editing || event.scope === state.scope) return state;
      return { ...state, scope: event.scope, choiceError: null, phase: { name: 'choosing' } };
    case 'toggle': {
      if (!editing || state.scope !== 'some' || !state.travelling.includes(event.position)) return state;
      const ticked = state.ticked.includes(event.position) ? state.ticked.filter((p) => p !== event.position) : [...state.ticked, event.position];
      return { ...state, ticked, choiceError: null, phase: { name: 'choosing' } };
    }
    case 'destination':
      if (!editing || event.destination === state.destination) return state;
      return { ...state, destination: event.destination };
    case 'confirm':
      if (!editing) return state;
      if (chosenPositions(state).length === 0) return { ...state, choiceError: TRIP_CHANGE_MESSAGES.choosePassengers, phase: { name: 'choosing' } };
      return { ...state, choiceError: null, phase: { name: 'sending', quotedRefundPaise: event.quotedRefundPaise } };
    case 'cancelled':
      return state.phase.name === 'sending' ? { ...state, phase: { name: 'done', answer: event.answer } } : state;
    case 'refundChanged':
      return state.phase.name === 'sending'
        ? { ...state, phase: { name: 'refundChanged', oldRefundPaise: state.phase.quotedRefundPaise, newRefundPaise: event.newRefundPaise } }
        : state;
    case 'failed':
      return state.phase.name === 'sending' ? { ...state, phase: { name: 'failed', message: event.message } } : state;
  }
}
