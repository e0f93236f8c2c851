import type { PaymentOrder } from '../../../core/booking';
import type { CheckoutResult } from './provider-checkout';

/**
 * One checkout, as a state machine: the traveller asks to pay (`ordering`: the server creates the
 * provider's order), the provider's checkout is open (`provider`; the sandbox's card form or
 * Razorpay's window), the sandbox's gateway is answering the card or UPI approval (`paying`),
 * the server verifies the payment (`confirming`), and the checkout ends `confirmed` or `failed`.
 * A failed or dismissed checkout may start again; a confirmed one is final.
 * Events that make no sense in the current phase (a second click on Pay, Razorpay's dismiss
 * after its success) leave the state as it is, the same object.
 */
export type CheckoutState<Done> =
  | { phase: 'idle' }
  | { phase: 'ordering' }
  | { phase: 'provider'; order: PaymentOrder }
  | { phase: 'paying'; order: PaymentOrder }
  | { phase: 'confirming'; payment: CheckoutResult }
  | { phase: 'confirmed'; done: Done }
  | { phase: 'failed'; message: string };

export type CheckoutPhase = CheckoutState<unknown>['phase'];

export type CheckoutEvent<Done> =
  /** The traveller asked to pay. */
  | { type: 'pay' }
  /** The server created the provider's order. */
  | { type: 'ordered'; order: PaymentOrder }
  /** The sandbox's checkout sent the card (or the UPI approval) to its gateway. */
  | { type: 'submitted' }
  /** The provider answered a signed payment for the server to verify. */
  | { type: 'paid'; payment: CheckoutResult }
  /** The server verified the payment: `done` is what it answered (the booking, the group). */
  | { type: 'confirmed'; done: Done }
  /** Any step failed; `message` is what the traveller is told. */
  | { type: 'failed'; message: string }
  /** The traveller closed the provider's checkout without paying. */
  | { type: 'dismissed' };

/** The phases in which a checkout is under way (the Pay button waits). */
const ACTIVE_PHASES: readonly CheckoutPhase[] = ['ordering', 'provider', 'paying', 'confirming'];

/**
 * A checkout that has not started, or one already confirmed (a booking paid before the screen opened).
 * @example initialCheckout(booking.status === 'confirmed' ? booking : null)
 */
export function initialCheckout<Done>(done: Done | null = null): CheckoutState<Done> {
  return done === null ? { phase: 'idle' } : { phase: 'confirmed', done };
}

/**
 * The next state of a checkout after an event; an event the phase does not accept answers the
 * state itself.
 * @example checkoutReducer({ phase: 'idle' }, { type: 'pay' }) // { phase: 'ordering' }
 */
export function checkoutReducer<Done>(state: CheckoutState<Done>, event: CheckoutEvent<Done>): CheckoutState<Done> {
  switch (event.type) {
    case 'pay':
      return state.phase === 'idle' || state.phase === 'failed' ? { phase: 'ordering' } : state;
    case 'ordered':
      return state.phase === 'ordering' ? { phase: 'provider', order: event.order } : state;
    case 'submitted':
      return state.phase === 'provider' ? { phase: 'paying', order: state.order } : state;
    case 'paid':
      return state.phase === 'provider' || state.phase === 'paying' ? { phase: 'confirming', payment: event.payment } : state;
    case 'confirmed':
      return state.phase === 'confirming' ? { phase: 'confirmed', done: event.done } : state;
    case 'failed':
      return isActive(state) ? { phase: 'failed', message: event.message } : state;
    case 'dismissed':
      return state.phase === 'provider' ? { phase: 'idle' } : state;
  }
}

/** Is a checkout under way (ordering, at the provider, paying or confirming)? */
export function isActive(state: CheckoutState<unknown>): boolean {
  return ACTIVE_PHASES.includes(state.phase);
}

/** The order whose sandbox checkout is open, if any (Razorpay draws its own window). */
export function sandboxOrderOf(state: CheckoutState<unknown>): PaymentOrder | null {
  return state.phase === 'provider' && state.order.provider === 'sandbox' ? state.order : null;
}

/**
 * What the full-screen loader says: the payment while the order is made or the sandbox pays,
 * the booking while the server confirms; nothing while the provider's checkout is open.
 * @example loaderOf({ phase: 'confirming', payment }) // 'confirming'
 */
export function loaderOf(state: CheckoutState<unknown>): 'payment' | 'confirming' | null {
  if (state.phase === 'ordering' || state.phase === 'paying') return 'payment';
  if (state.phase === 'confirming') return 'confirming';
  return null;
}
