import type { ChangeAnswer } from '../../../core/trip-changes';

/**
 * The change-flight screen as a state machine.
 * - The traveller looks at the flights of one date at a time; another date clears any message.
 * - Choosing a flight sends the amount due and the money back the traveller saw; while it is being
 *   sent nothing else can be chosen.
 * - An amount due or money back that moved meanwhile shows the old amounts beside the new ones;
 *   continuing sends the new amounts for the same flight, going back lets the traveller choose again.
 * - A change that went through is final (the screen moves on to payment or the new ticket); a
 *   failure lets the traveller choose again.
 * Events that make no sense in the current phase leave the state as it is, the same object.
 */
type ChangePhase =
  | { name: 'choosing' }
  | { name: 'sending'; itineraryId: string; quotedDuePaise: number; quotedRefundPaise: number }
  | { name: 'dueChanged'; itineraryId: string; oldDuePaise: number; newDuePaise: number; oldRefundPaise: number; newRefundPaise: number }
  | { name: 'done'; answer: ChangeAnswer }
  | { name: 'failed'; message: string };

export interface ChangeState {
  /** The date whose flights are shown (YYYY-MM-DD). */
  date: string;
  phase: ChangePhase;
}

export type ChangeEvent =
  | { type: 'date'; date: string }
  | { type: 'choose'; itineraryId: string; quotedDuePaise: number; quotedRefundPaise: number }
  | { type: 'changed'; answer: ChangeAnswer }
  | { type: 'dueChanged'; newDuePaise: number; newRefundPaise: number }
  /** Continue with the new amounts after they moved. */
  | { type: 'accept' }
  /** Back to the list after the amount moved. */
  | { type: 'back' }
  | { type: 'failed'; message: string };

/** The screen as it opens, on the booked date. */
export function initialChange(date: string): ChangeState {
  return { date, phase: { name: 'choosing' } };
}

/** Is a change being sent or done (nothing else can be chosen)? */
export function isSending(state: ChangeState): boolean {
  return state.phase.name === 'sending' || state.phase.name === 'done';
}

/**
 * The next state of the change screen after an event.
 * @example changeReducer(initialChange('2026-12-24'), { type: 'choose', itineraryId, quotedDuePaise: 150000, quotedRefundPaise: 0 })
 */
export function changeReducer(state: ChangeState, event: ChangeEvent): ChangeState {
  const { phase } = state;
  switch (event.type) {
    case 'date':
      if (isSending(state) || event.date === state.date) return state;
      return { date: event.date, phase: { name: 'choosing' } };
    case 'choose':
      if (phase.name !== 'choosing' && phase.name !== 'failed') return state;
      return { ...state, phase: { name: 'sending', itineraryId: event.itineraryId, quotedDuePaise: event.quotedDuePaise, quotedRefundPaise: event.quotedRefundPaise } };
    case 'changed':
      return phase.name === 'sending' ? { ...state, phase: { name: 'done', answer: event.answer } } : state;
    case 'dueChanged':
      return phase.name === 'sending'
        ? {
            ...state,
            phase: { name: 'dueChanged', itineraryId: phase.itineraryId, oldDuePaise: phase.quotedDuePaise, newDuePaise: event.newDuePaise, oldRefundPaise: phase.quotedRefundPaise, newRefundPaise: event.newRefundPaise },
          }
        : state;
    case 'accept':
      return phase.name === 'dueChanged' ? { ...state, phase: { name: 'sending', itineraryId: phase.itineraryId, quotedDuePaise: phase.newDuePaise, quotedRefundPaise: phase.newRefundPaise } } : state;
    case 'back':
      return phase.name === 'dueChanged' ? { ...state, phase: { name: 'choosing' } } : state;
    case 'failed':
      return phase.name === 'sending' ? { ...state, phase: { name: 'failed', message: event.message } } : state;
  }
}
