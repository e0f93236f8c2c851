import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INITIAL_RULE_STATE, type RuleState, evaluate, reboundMargin } from './rule';

const T0 = Date.parse('2026-11-21T00:00:00Z');
const dayOf = (ms: number) => new Date(ms + 5.5 * 3600_000).toISOString().slice(0, 10);

/** A run of checks: minutes since the previous check and the price seen (null: nothing on sale). */
const checks = fc.array(fc.record({ gapMinutes: fc.integer({ min: 1, max: 36 * 60 }), price: fc.option(fc.integer({ min: 1000, max: 12000 }), { nil: null, freq: 8 }) }), {
  minLength: 1,
  maxLength: 120,
});

function run(target: number, list: { gapMinutes: number; price: number | null }[]) {
  let state: RuleState = INITIAL_RULE_STATE;
  let at = T0;
  const steps: { at: number; price: number | null; before: RuleState; after: RuleState; notify: boolean }[] = [];
  for (const check of list) {
    at += check.gapMinutes * 60_000;
    const result = evaluate(state, target, check.price, new Date(at), dayOf(at));
    steps.push({ at, price: check.price, before: state, after: result.state, notify: result.notify });
    state = result.state;
  }
  return steps;
}

describe('price-alert trigger rule', () => {
  it('triggers only at or below the target, never twice without a rebound in between, at most once per India day, and shows triggered exactly while disarmed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 10000 }), checks, (target, list) => {
        const steps = run(target, list);
        let reboundSinceLast = true;
        const days = new Set<string>();
        for (const step of steps) {
          // Invariant after every step: triggered ⇔ disarmed.
          expect(step.after.triggered).toBe(!step.after.armed);
          if (step.price !== null && step.price > target + reboundMargin(target)) reboundSinceLast = true;
          if (!step.notify) continue;
          expect(step.price).not.toBeNull();
          expect(step.price!).toBeLessThanOrEqual(target);
          expect(reboundSinceLast).toBe(true);
          expect(days.has(dayOf(step.at))).toBe(false);
          expect(step.after.triggeredPrice).toBe(step.price);
          days.add(dayOf(step.at));
          reboundSinceLast = false;
        }
      }),
      { numRuns: 400 },
    );
  });

  it('never misses a drop: an armed alert at or below target triggers unless it already sent a message that day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2000, max: 10000 }), checks, (target, list) => {
        for (const step of run(target, list)) {
          const due = step.before.armed && step.price !== null && step.price <= target && step.before.lastNotifiedOn !== dayOf(step.at);
          expect(step.notify).toBe(due);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('re-arms after a rebound and triggers again on the next drop (a flat hold or a small bounce stays quiet)', () => {
    const target = 5000;
    const at = (hours: number) => new Date(T0 + hours * 3600_000);
    const prices: [number, number][] = [
      [1, 5200],
      [2, 4900], // drop: trigger
      [3, 4800], // still low: quiet
      [4, 5200], // small bounce (margin is 300): quiet
      [5, 4700], // quiet
      [30, 5400], // rebound above 5300: re-arm
      [54, 4950], // next day, drop again: trigger
    ];
    let state = INITIAL_RULE_STATE;
    const fired: number[] = [];
    for (const [hours, price] of prices) {
      const result = evaluate(state, target, price, at(hours), dayOf(at(hours).getTime()));
      if (result.notify) fired.push(price);
      state = result.state;
    }
    expect(fired).toEqual([4900, 4950]);
    expect(state.triggered).toBe(true);
    expect(state.triggeredPrice).toBe(4950);
  });

  it('waits for the next day when the price rebounds and drops again within one day', () => {
    const target = 5000;
    let state = evaluate(INITIAL_RULE_STATE, target, 4900, new Date(T0), '2026-11-21').state;
    state = evaluate(state, target, 6000, new Date(T0 + 3600_000), '2026-11-21').state;
    const sameDay = evaluate(state, target, 4800, new Date(T0 + 7200_000), '2026-11-21');
    expect(sameDay.notify).toBe(false);
    expect(sameDay.state.armed).toBe(true);
    expect(evaluate(sameDay.state, target, 4800, new Date(T0 + 86_400_000), '2026-11-22').notify).toBe(true);
  });
});
