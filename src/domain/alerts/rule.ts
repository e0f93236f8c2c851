/**
 * The price-alert trigger rule, as a pure function of the alert's state and one new price.
 *
 * - An armed alert triggers when the lowest all-in price for its passengers is at or below the
 *   target: it records the price and time, sends one message, and disarms.
 * - A disarmed (triggered) alert stays quiet, however the price moves, until the price rebounds:
 *   above the target by at least max(₹300, 5 % of the target). Then it re-arms (and is no longer
 *   shown as triggered), so the next drop to the target triggers again.
 * - At most one message per alert per India day: an armed alert whose target is met on a day it
 *   already sent a message waits (still armed) for the next day's check.
 * - No price (sold out, no flight that day) changes nothing.
 */
export interface RuleState {
  armed: boolean;
  triggered: boolean;
  triggeredPrice: number | null;
  triggeredAt: Date | null;
  /** India date (YYYY-MM-DD) of the last trigger message. */
  lastNotifiedOn: string | null;
}

export const INITIAL_RULE_STATE: RuleState = { armed: true, triggered: false, triggeredPrice: null, triggeredAt: null, lastNotifiedOn: null };

/** How far above the target the price must go before a triggered alert re-arms. */
export function reboundMargin(target: number): number {
  return Math.max(300, Math.ceil(target * 0.05));
}

/**
 * The next state and whether to send the trigger message.
 * @example evaluate(INITIAL_RULE_STATE, 5000, 4800, now, '2026-11-21') // { state: { armed: false, triggered: true, … }, notify: true }
 */
export function evaluate(state: RuleState, target: number, price: number | null, now: Date, today: string): { state: RuleState; notify: boolean } {
  if (price === null) return { state, notify: false };
  if (state.armed) {
    if (price <= target && state.lastNotifiedOn !== today) {
      return { state: { armed: false, triggered: true, triggeredPrice: price, triggeredAt: now, lastNotifiedOn: today }, notify: true };
    }
    return { state, notify: false };
  }
  if (price > target + reboundMargin(target)) return { state: { ...state, armed: true, triggered: false }, notify: false };
  return { state, notify: false };
}
