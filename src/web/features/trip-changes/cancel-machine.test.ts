import { describe, expect, it } from 'vitest';
import { TRIP_CHANGE_MESSAGES, type CancellationAnswer } from '../../../core/trip-changes';
import { cancelReducer, type CancelEvent, type CancelState, chosenPositions, initialCancel, isLocked } from './cancel-machine';

const answer = { cancellation: { id: 'c1' } } as unknown as CancellationAnswer;

function run(state: CancelState, ...events: CancelEvent[]): CancelState {
  return events.reduce(cancelReducer, state);
}

describe('cancel dialog machine', () => {
  it('cancels the whole booking when one passenger is left; with more, nobody is chosen until the traveller chooses', () => {
    expect(chosenPositions(initialCancel([1]))).toEqual([1]);
    const two = initialCancel([0, 1]);
    expect(two.scope).toBe('some');
    expect(chosenPositions(two)).toEqual([]);
    expect(chosenPositions(run(two, { type: 'scope', scope: 'whole' }))).toEqual([0, 1]);
  });

  it('ticks and unticks passengers still travelling only, in position order', () => {
    const state = run(initialCancel([0, 2, 3]), { type: 'toggle', position: 3 }, { type: 'toggle', position: 0 }, { type: 'toggle', position: 1 });
    expect(chosenPositions(state)).toEqual([0, 3]);
    expect(chosenPositions(run(state, { type: 'toggle', position: 3 }))).toEqual([0]);
  });

  it('refunds to the original payment method unless the traveller picks Safar credit', () => {
    const state = initialCancel([0]);
    expect(state.destination).toBe('original');
    expect(run(state, { type: 'destination', destination: 'credit' }).destination).toBe('credit');
  });

  it('asks to choose a passenger when Confirm is pressed with nobody chosen; choosing clears the message', () => {
    const empty = run(initialCancel([0, 1]), { type: 'confirm', quotedRefundPaise: 0 });
    expect(empty.choiceError).toBe(TRIP_CHANGE_MESSAGES.choosePassengers);
    expect(empty.phase.name).toBe('choosing');
    expect(run(empty, { type: 'toggle', position: 1 }).choiceError).toBeNull();
  });

  it('sends the refund the traveller saw and locks the choice while sending and after it went through', () => {
    const sending = run(initialCancel([0, 1]), { type: 'toggle', position: 1 }, { type: 'confirm', quotedRefundPaise: 250000 });
    expect(sending.phase).toEqual({ name: 'sending', quotedRefundPaise: 250000 });
    expect(isLocked(sending)).toBe(true);
    for (const event of [{ type: 'toggle', position: 0 }, { type: 'scope', scope: 'whole' }, { type: 'destination', destination: 'credit' }, { type: 'confirm', quotedRefundPaise: 1 }] as const) {
      expect(cancelReducer(sending, event)).toBe(sending);
    }
    const done = cancelReducer(sending, { type: 'cancelled', answer });
    expect(done.phase).toEqual({ name: 'done', answer });
    expect(cancelReducer(done, { type: 'failed', message: 'x' })).toBe(done);
    expect(cancelReducer(done, { type: 'toggle', position: 0 })).toBe(done);
  });

  it('shows the old refund beside the new one when it moved; confirming again sends the new amount', () => {
    const sending = run(initialCancel([0]), { type: 'confirm', quotedRefundPaise: 250000 });
    const moved = cancelReducer(sending, { type: 'refundChanged', newRefundPaise: 180000 });
    expect(moved.phase).toEqual({ name: 'refundChanged', oldRefundPaise: 250000, newRefundPaise: 180000 });
    expect(cancelReducer(moved, { type: 'confirm', quotedRefundPaise: 180000 }).phase).toEqual({ name: 'sending', quotedRefundPaise: 180000 });
    // Changing the choice goes back to choosing with a fresh quote.
    expect(run(moved, { type: 'destination', destination: 'credit' }).phase.name).toBe('refundChanged');
    expect(run(initialCancel([0, 1]), { type: 'toggle', position: 0 }, { type: 'confirm', quotedRefundPaise: 5 }, { type: 'refundChanged', newRefundPaise: 4 }, { type: 'toggle', position: 1 }).phase.name).toBe('choosing');
  });

  it('lets the traveller try again after a failure; answers that arrive out of turn change nothing', () => {
    const failed = run(initialCancel([0]), { type: 'confirm', quotedRefundPaise: 100 }, { type: 'failed', message: 'Network error' });
    expect(failed.phase).toEqual({ name: 'failed', message: 'Network error' });
    expect(cancelReducer(failed, { type: 'confirm', quotedRefundPaise: 100 }).phase.name).toBe('sending');
    const idle = initialCancel([0]);
    expect(cancelReducer(idle, { type: 'cancelled', answer })).toBe(idle);
    expect(cancelReducer(idle, { type: 'refundChanged', newRefundPaise: 1 })).toBe(idle);
    expect(cancelReducer(idle, { type: 'failed', message: 'x' })).toBe(idle);
  });
});
