import type { BoardingPassView } from '../../../core/booking';

/**
 * The check-in form of one leg as a reducer:
 * idle → editing (open) → submitting → done (the passes) | editing again with field errors or a message.
 * While editing, each passenger keeps the booking's seat or picks another free one on the seat map
 * (`mapFor` is whose map is open); a seat taken meanwhile drops that pick and reopens the map.
 * One Idempotency-Key per attempt of the same choice: a retry after a network error sends the same
 * key (one check-in, one sequence number); changing the choice or the documents takes a new key.
 */
interface PassportDraft {
  passportNumber: string;
  nationality: string;
  expiresOn: string;
}

export interface CheckInFormState {
  phase: 'idle' | 'editing' | 'submitting' | 'done';
  legIndex: number;
  /** Passenger positions chosen to check in. */
  selected: number[];
  documents: Record<number, PassportDraft>;
  fieldErrors: Record<string, string>;
  message: string | null;
  passes: BoardingPassView[];
  key: string;
  /** Seats picked at check-in (position → seat); absent: keep the booking's seat. */
  seats: Record<number, SeatPick>;
  /** The passenger whose seat map is open, or null. */
  mapFor: number | null;
}

interface SeatPick {
  seat: string;
  exitConditionsAccepted: boolean;
}

export type CheckInAction =
  | { type: 'open'; legIndex: number; positions: number[]; key: string }
  | { type: 'toggle'; position: number; key: string }
  | { type: 'document'; position: number; field: keyof PassportDraft; value: string; key: string }
  | { type: 'submit' }
  | { type: 'failed'; message: string; fieldErrors: Record<string, string> }
  | { type: 'map'; position: number | null }
  | { type: 'seat'; position: number; pick: SeatPick | null; key: string }
  | { type: 'seat-gone'; message: string; positions: number[] }
  | { type: 'done'; passes: BoardingPassView[] }
  | { type: 'close' };

const EMPTY_PASSPORT: PassportDraft = { passportNumber: '', nationality: 'IN', expiresOn: '' };

export const initialCheckIn: CheckInFormState = { phase: 'idle', legIndex: 0, selected: [], documents: {}, fieldErrors: {}, message: null, passes: [], key: '', seats: {}, mapFor: null };

const without = <T>(record: Record<number, T>, positions: readonly number[]): Record<number, T> => Object.fromEntries(Object.entries(record).filter(([p]) => !positions.includes(Number(p))));

export function checkInReducer(state: CheckInFormState, action: CheckInAction): CheckInFormState {
  switch (action.type) {
    case 'open':
      return { ...initialCheckIn, phase: 'editing', legIndex: action.legIndex, selected: [...action.positions], key: action.key };
    case 'toggle': {
      if (state.phase !== 'editing') return state;
      const selected = state.selected.includes(action.position) ? state.selected.filter((p) => p !== action.position) : [...state.selected, action.position].sort((a, b) => a - b);
      return { ...state, selected, key: action.key, message: null };
    }
    case 'document': {
      if (state.phase !== 'editing') return state;
      const current = state.documents[action.position] ?? EMPTY_PASSPORT;
      return { ...state, documents: { ...state.documents, [action.position]: { ...current, [action.field]: action.value } }, key: action.key };
    }
    case 'submit':
      return state.phase === 'editing' && state.selected.length > 0 ? { ...state, phase: 'submitting', fieldErrors: {}, message: null } : state;
    case 'failed':
      return state.phase === 'submitting' ? { ...state, phase: 'editing', message: action.message, fieldErrors: action.fieldErrors } : state;
    case 'map':
      return state.phase === 'editing' ? { ...state, mapFor: action.position } : state;
    case 'seat': {
      if (state.phase !== 'editing') return state;
      const seats = action.pick ? { ...state.seats, [action.position]: action.pick } : without(state.seats, [action.position]);
      return { ...state, seats, key: action.key, message: null, mapFor: action.pick ? state.mapFor : null };
    }
    case 'seat-gone':
      return state.phase === 'submitting' ? { ...state, phase: 'editing', message: action.message, seats: without(state.seats, action.positions), mapFor: action.positions[0] ?? state.mapFor } : state;
    case 'done':
      return state.phase === 'submitting' ? { ...state, phase: 'done', passes: action.passes } : state;
    case 'close':
      return initialCheckIn;
  }
}

/** The passport draft of a passenger (empty with nationality IN until typed). */
export const passportOf = (state: CheckInFormState, position: number): PassportDraft => state.documents[position] ?? EMPTY_PASSPORT;

/**
 * The request body: the chosen passengers, with their passports when the leg needs them.
 * @example requestOf(state, true) // { legIndex: 0, passengers: [{ position: 0, documents: {...} }] }
 */
export function requestOf(state: CheckInFormState, documentsNeeded: boolean) {
  return {
    legIndex: state.legIndex,
    passengers: state.selected.map((position) => {
      const pick = state.seats[position];
      return {
        position,
        ...(documentsNeeded ? { documents: passportOf(state, position) } : {}),
        ...(pick ? { seat: pick.seat, ...(pick.exitConditionsAccepted ? { exitConditionsAccepted: true } : {}) } : {}),
      };
    }),
  };
}
