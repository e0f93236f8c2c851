import { describe, expect, it } from 'vitest';
import type { ChangeAnswer } from '../../../core/trip-changes';
import { changeReducer, type ChangeEvent, type ChangeState, initialChange, isSending } from './change-machine';

const answer = { quote: { duePaise: 0 } } as unknown as ChangeAnswer;

function run(state: ChangeState, ...events: ChangeEvent[]): ChangeState {
  return events.reduce(changeReducer, state);
}

describe('change flight machine', () => {
  it('opens on the booked date; another date clears any message', () => {
    expect(initialChange('2026-12-24')).toEqual({ date: '2026-12-24', phase: { name: 'choosing' } });
    const failed = run(initialChange('2026-12-24'), { type: 'choose', itineraryId: 'a', quotedDuePaise: 1, quotedRefundPaise: 0 }, { type: 'failed', message: 'No' });
    expect(run(failed, { type: 'date', date: '2026-12-26' })).toEqual({ date: '2026-12-26', phase: { name: 'choosing' } });
  });

  it('sends the amount due the traveller saw and lets nothing else be chosen meanwhile', () => {
    const sending = run(initialChange('2026-12-24'), { type: 'choose', itineraryId: 'a', quotedDuePaise: 150000, quotedRefundPaise: 0 });
    expect(sending.phase).toEqual({ name: 'sending', itineraryId: 'a', quotedDuePaise: 150000, quotedRefundPaise: 0 });
    expect(isSending(sending)).toBe(true);
    expect(changeReducer(sending, { type: 'choose', itineraryId: 'b', quotedDuePaise: 1, quotedRefundPaise: 0 })).toBe(sending);
    expect(changeReducer(sending, { type: 'date', date: '2026-12-30' })).toBe(sending);
    const done = changeReducer(sending, { type: 'changed', answer });
    expect(done.phase).toEqual({ name: 'done', answer });
    expect(changeReducer(done, { type: 'failed', message: 'x' })).toBe(done);
  });

  it('shows the old amount due beside the new one; continuing sends the new amount for the same flight, Back returns to the list', () => {
    const moved = run(initialChange('2026-12-24'), { type: 'choose', itineraryId: 'a', quotedDuePaise: 150000, quotedRefundPaise: 0 }, { type: 'dueChanged', newDuePaise: 210000, newRefundPaise: 0 });
    expect(moved.phase).toEqual({ name: 'dueChanged', itineraryId: 'a', oldDuePaise: 150000, newDuePaise: 210000, oldRefundPaise: 0, newRefundPaise: 0 });
    expect(changeReducer(moved, { type: 'accept' }).phase).toEqual({ name: 'sending', itineraryId: 'a', quotedDuePaise: 210000, quotedRefundPaise: 0 });
    expect(changeReducer(moved, { type: 'back' }).phase).toEqual({ name: 'choosing' });
    expect(changeReducer(moved, { type: 'choose', itineraryId: 'b', quotedDuePaise: 1, quotedRefundPaise: 0 })).toBe(moved);
  });

  it('money back that moved is shown old beside new; continuing sends the new money back with the same due', () => {
    const moved = run(initialChange('2026-12-24'), { type: 'choose', itineraryId: 'a', quotedDuePaise: 0, quotedRefundPaise: 159900 }, { type: 'dueChanged', newDuePaise: 0, newRefundPaise: 120000 });
    expect(moved.phase).toEqual({ name: 'dueChanged', itineraryId: 'a', oldDuePaise: 0, newDuePaise: 0, oldRefundPaise: 159900, newRefundPaise: 120000 });
    expect(changeReducer(moved, { type: 'accept' }).phase).toEqual({ name: 'sending', itineraryId: 'a', quotedDuePaise: 0, quotedRefundPaise: 120000 });
  });

  it('lets the traveller choose again after a failure; answers out of turn change nothing', () => {
    const idle = initialChange('2026-12-24');
    for (const event of [{ type: 'changed', answer }, { type: 'dueChanged', newDuePaise: 1, newRefundPaise: 0 }, { type: 'accept' }, { type: 'back' }, { type: 'failed', message: 'x' }] as const) {
      expect(changeReducer(idle, event)).toBe(idle);
    }
    const failed = run(idle, { type: 'choose', itineraryId: 'a', quotedDuePaise: 1, quotedRefundPaise: 0 }, { type: 'failed', message: 'Sold out' });
    expect(changeReducer(failed, { type: 'choose', itineraryId: 'b', quotedDuePaise: 2, quotedRefundPaise: 0 }).phase.name).toBe('sending');
  });
});
