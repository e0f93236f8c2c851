/**
 * The "Your trip changed" screen's actions as a state machine.
 * - The screen opens with the protected flight pre-selected (none when the airline offers none);
 *   "Choose another flight" opens the list of free alternatives, and choosing one selects it.
 * - Rebook sends the selected flight; Refund first asks to confirm (showing the full amount), and
 *   going back from the confirm step returns to the actions; Keep sends at once.
 * - While an action is being sent nothing else can be chosen or sent.
 * - A flight that sold out meanwhile shows the server's message and selects the next option it
 *   named (or opens the list when it named none); the traveller then acts again.
 * - Rebooked, refunded and kept are final; any other failure lets the traveller act again.
 * Events that make no sense in the current phase leave the state as it is, the same object.
 */
export type TripChangedAction = 'rebook' | 'refund' | 'keep';

type TripChangedPhase =
  | { name: 'choosing' }
  | { name: 'confirmRefund' }
  | { name: 'sending'; action: TripChangedAction; flightId: string | null }
  | { name: 'soldOut'; message: string; soldOutFlightId: string }
  | { name: 'failed'; action: TripChangedAction; message: string }
  | { name: 'rebooked'; bookingId: string }
  | { name: 'refunded' }
  | { name: 'kept' };

export interface TripChangedState {
  /** The flight Rebook sends (the protected flight at first), or null when none is chosen. */
  selectedFlightId: string | null;
  /** Whether the list of free alternatives is open. */
  listOpen: boolean;
  phase: TripChangedPhase;
}

export type TripChangedEvent =
  | { type: 'openList' }
  | { type: 'select'; flightId: string }
  | { type: 'rebook' }
  | { type: 'refund' }
  | { type: 'back' }
  | { type: 'confirmRefund' }
  | { type: 'keep' }
  | { type: 'rebooked'; bookingId: string }
  | { type: 'refunded' }
  | { type: 'kept' }
  /** The flight just sold out; `next` is the next option the server offered, if any. */
  | { type: 'soldOut'; message: string; next: string | null }
  | { type: 'failed'; message: string };

/** The screen as it opens: the protected flight (if any) pre-selected, the list closed. */
export function initialTripChanged(protectedFlightId: string | null): TripChangedState {
  return { selectedFlightId: protectedFlightId, listOpen: protectedFlightId === null, phase: { name: 'choosing' } };
}

/** Is the case decided (rebooked, refunded or kept)? */
export function isDecided(state: TripChangedState): boolean {
  const { name } = state.phase;
  return name === 'rebooked' || name === 'refunded' || name === 'kept';
}

/** Can the traveller act now (not sending, not confirming a refund, not decided)? */
export function canAct(state: TripChangedState): boolean {
  const { name } = state.phase;
  return name === 'choosing' || name === 'soldOut' || name === 'failed';
}

/**
 * The next state of the "Your trip changed" screen after an event.
 * @example tripChangedReducer(initialTripChanged('6E2135@2027-01-15'), { type: 'rebook' })
 */
export function tripChangedReducer(state: TripChangedState, event: TripChangedEvent): TripChangedState {
  const { phase } = state;
  switch (event.type) {
    case 'openList':
      return canAct(state) && !state.listOpen ? { ...state, listOpen: true } : state;
    case 'select':
      return canAct(state) && event.flightId !== state.selectedFlightId ? { ...state, selectedFlightId: event.flightId } : state;
    case 'rebook':
      return canAct(state) && state.selectedFlightId !== null ? { ...state, phase: { name: 'sending', action: 'rebook', flightId: state.selectedFlightId } } : state;
    case 'refund':
      return canAct(state) ? { ...state, phase: { name: 'confirmRefund' } } : state;
    case 'back':
      return phase.name === 'confirmRefund' ? { ...state, phase: { name: 'choosing' } } : state;
    case 'confirmRefund':
      return phase.name === 'confirmRefund' ? { ...state, phase: { name: 'sending', action: 'refund', flightId: null } } : state;
    case 'keep':
      return canAct(state) ? { ...state, phase: { name: 'sending', action: 'keep', flightId: null } } : state;
    case 'rebooked':
      return phase.name === 'sending' && phase.action === 'rebook' ? { ...state, phase: { name: 'rebooked', bookingId: event.bookingId } } : state;
    case 'refunded':
      return phase.name === 'sending' && phase.action === 'refund' ? { ...state, phase: { name: 'refunded' } } : state;
    case 'kept':
      return phase.name === 'sending' && phase.action === 'keep' ? { ...state, phase: { name: 'kept' } } : state;
    case 'soldOut':
      if (phase.name !== 'sending' || phase.action !== 'rebook' || phase.flightId === null) return state;
      return {
        selectedFlightId: event.next,
        listOpen: state.listOpen || event.next === null,
        phase: { name: 'soldOut', message: event.message, soldOutFlightId: phase.flightId },
      };
    case 'failed':
      return phase.name === 'sending' ? { ...state, phase: { name: 'failed', action: phase.action, message: event.message } } : state;
  }
}
