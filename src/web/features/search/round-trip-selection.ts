// The chosen pair of a round trip on the Results screen, as a reducer.

/**
 * - Domestic (two lists): the outbound and the return are picked in any order; picking one keeps
 *   the other.
 * - International (combined itineraries): the outbound first; picking it moves to the return
 *   step; changing the outbound goes back to the first step and drops the return.
 * - A return picked for an outbound it may not follow (less than 3 h after landing) is dropped
 *   when that outbound is picked (`pairs` says which pairs are allowed).
 * - Continue is possible only with both picked.
 */
export interface RoundTripSelection {
  mode: 'lists' | 'combined';
  step: 'outbound' | 'inbound';
  outboundId: string | null;
  inboundId: string | null;
}

export type SelectionAction =
  | { type: 'pickOutbound'; id: string; pairs(inboundId: string): boolean }
  | { type: 'pickInbound'; id: string }
  | { type: 'changeOutbound' }
  | { type: 'reset' };

export function initialSelection(mode: RoundTripSelection['mode']): RoundTripSelection {
  return { mode, step: 'outbound', outboundId: null, inboundId: null };
}

export function selectionReducer(state: RoundTripSelection, action: SelectionAction): RoundTripSelection {
  switch (action.type) {
    case 'pickOutbound': {
      const keep = state.mode === 'lists' && state.inboundId !== null && action.pairs(state.inboundId);
      return { ...state, outboundId: action.id, inboundId: keep ? state.inboundId : null, step: 'inbound' };
    }
    case 'pickInbound':
      if (state.mode === 'combined' && state.outboundId === null) return state;
      return { ...state, inboundId: action.id, step: 'inbound' };
    case 'changeOutbound':
      return state.mode === 'combined' ? { ...state, step: 'outbound', inboundId: null } : { ...state, step: 'outbound' };
    case 'reset':
      return initialSelection(state.mode);
  }
}

/** Whether the traveller can continue to booking. */
export function canContinue(state: RoundTripSelection): boolean {
  return state.outboundId !== null && state.inboundId !== null;
}
