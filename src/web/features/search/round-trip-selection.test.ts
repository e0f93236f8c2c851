import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canContinue, initialSelection, type SelectionAction, selectionReducer } from './round-trip-selection';

const ids = fc.constantFrom('a', 'b', 'c');
/** Pairs allowed: any return but "c" after outbound "a". */
const pairs = (outbound: string) => (inbound: string) => !(outbound === 'a' && inbound === 'c');
const action: fc.Arbitrary<SelectionAction> = fc.oneof(
  ids.map((id): SelectionAction => ({ type: 'pickOutbound', id, pairs: pairs(id) })),
  ids.map((id): SelectionAction => ({ type: 'pickInbound', id })),
  fc.constant<SelectionAction>({ type: 'changeOutbound' }),
  fc.constant<SelectionAction>({ type: 'reset' }),
);

describe('round-trip selection', () => {
  it('never holds a return its outbound may not pair with after an outbound pick, never a return without an outbound in combined mode, and continues only with both', () => {
    fc.assert(
      fc.property(fc.constantFrom('lists' as const, 'combined' as const), fc.array(action, { maxLength: 30 }), (mode, actions) => {
        let state = initialSelection(mode);
        for (const a of actions) {
          const next = selectionReducer(state, a);
          if (a.type === 'pickOutbound') {
            expect(next.outboundId).toBe(a.id);
            if (next.inboundId !== null) expect(pairs(a.id)(next.inboundId)).toBe(true);
            if (mode === 'combined') expect(next.inboundId).toBeNull();
            else if (state.inboundId !== null && pairs(a.id)(state.inboundId)) expect(next.inboundId).toBe(state.inboundId);
          }
          if (mode === 'combined') expect(next.inboundId === null || next.outboundId !== null).toBe(true);
          expect(canContinue(next)).toBe(next.outboundId !== null && next.inboundId !== null);
          state = next;
        }
      }),
    );
  });

  it('goes outbound then return in combined mode, and back when the outbound changes', () => {
    let s = initialSelection('combined');
    s = selectionReducer(s, { type: 'pickInbound', id: 'b' });
    expect(s.inboundId).toBeNull();
    s = selectionReducer(s, { type: 'pickOutbound', id: 'a', pairs: () => true });
    expect(s.step).toBe('inbound');
    s = selectionReducer(s, { type: 'pickInbound', id: 'b' });
    expect(canContinue(s)).toBe(true);
    s = selectionReducer(s, { type: 'changeOutbound' });
    expect(s).toEqual({ mode: 'combined', step: 'outbound', outboundId: 'a', inboundId: null });
  });
});
