import { describe, expect, it } from 'vitest';
import { type CheckInFormState, checkInReducer, initialCheckIn, requestOf } from './check-in-machine';

const open = (): CheckInFormState => checkInReducer(initialCheckIn, { type: 'open', legIndex: 1, positions: [0, 2], key: 'k1' });

describe('check-in form machine', () => {
  it('opens with the open passengers chosen and one key', () => {
    const state = open();
    expect(state).toMatchObject({ phase: 'editing', legIndex: 1, selected: [0, 2], key: 'k1' });
  });

  it('takes a new key when the choice or a passport changes, and keeps it across a failed attempt', () => {
    let state = checkInReducer(open(), { type: 'toggle', position: 2, key: 'k2' });
    expect(state).toMatchObject({ selected: [0], key: 'k2' });
    state = checkInReducer(state, { type: 'document', position: 0, field: 'passportNumber', value: 'K1234567', key: 'k3' });
    state = checkInReducer(state, { type: 'submit' });
    expect(state.phase).toBe('submitting');
    state = checkInReducer(state, { type: 'failed', message: 'Network error', fieldErrors: {} });
    expect(state).toMatchObject({ phase: 'editing', key: 'k3', message: 'Network error' });
  });

  it('does not submit with nobody chosen, and ignores answers when not submitting', () => {
    const none = checkInReducer(open(), { type: 'toggle', position: 0, key: 'a' });
    const empty = checkInReducer(checkInReducer(none, { type: 'toggle', position: 2, key: 'b' }), { type: 'submit' });
    expect(empty.phase).toBe('editing');
    expect(checkInReducer(open(), { type: 'done', passes: [] }).phase).toBe('editing');
  });

  it('shows field errors after a refusal and the passes after success', () => {
    const submitting = checkInReducer(open(), { type: 'submit' });
    const refused = checkInReducer(submitting, { type: 'failed', message: 'Some check-in details need fixing', fieldErrors: { 'passengers.0.documents.expiresOn': 'The passport must be valid after the travel date' } });
    expect(refused.fieldErrors['passengers.0.documents.expiresOn']).toMatch(/valid after/);
    const done = checkInReducer(checkInReducer(refused, { type: 'submit' }), { type: 'done', passes: [] });
    expect(done.phase).toBe('done');
    expect(checkInReducer(done, { type: 'close' })).toEqual(initialCheckIn);
  });

  it('sends passports only when the leg needs them', () => {
    const state = checkInReducer(open(), { type: 'document', position: 0, field: 'passportNumber', value: 'K1234567', key: 'k2' });
    expect(requestOf(state, false)).toEqual({ legIndex: 1, passengers: [{ position: 0 }, { position: 2 }] });
    expect(requestOf(state, true).passengers[0]).toEqual({ position: 0, documents: { passportNumber: 'K1234567', nationality: 'IN', expiresOn: '' } });
  });

  it('keeps the booking\'s seat unless another is picked; a pick takes a new key, closes nothing else and goes in the request', () => {
    let state = checkInReducer(open(), { type: 'map', position: 2 });
    expect(state.mapFor).toBe(2);
    state = checkInReducer(state, { type: 'seat', position: 2, pick: { seat: '14C', exitConditionsAccepted: false }, key: 'k2' });
    expect(state).toMatchObject({ key: 'k2', mapFor: 2, seats: { 2: { seat: '14C' } } });
    expect(requestOf(state, false)).toEqual({ legIndex: 1, passengers: [{ position: 0 }, { position: 2, seat: '14C' }] });
    state = checkInReducer(state, { type: 'seat', position: 0, pick: { seat: '12A', exitConditionsAccepted: true }, key: 'k3' });
    expect(requestOf(state, false).passengers[0]).toEqual({ position: 0, seat: '12A', exitConditionsAccepted: true });
    const kept = checkInReducer(state, { type: 'seat', position: 2, pick: null, key: 'k4' });
    expect(kept).toMatchObject({ mapFor: null, seats: { 0: { seat: '12A' } } });
    expect(kept.seats[2]).toBeUndefined();
  });

  it('drops a seat taken meanwhile and reopens that passenger\'s map with the message', () => {
    const picked = checkInReducer(open(), { type: 'seat', position: 2, pick: { seat: '14C', exitConditionsAccepted: false }, key: 'k2' });
    const submitting = checkInReducer(checkInReducer(picked, { type: 'map', position: null }), { type: 'submit' });
    const gone = checkInReducer(submitting, { type: 'seat-gone', message: 'Seat 14C was just taken by someone else.', positions: [2] });
    expect(gone).toMatchObject({ phase: 'editing', mapFor: 2, seats: {}, message: 'Seat 14C was just taken by someone else.', key: 'k2' });
    expect(checkInReducer(open(), { type: 'seat-gone', message: 'x', positions: [0] }).phase).toBe('editing');
  });
});
