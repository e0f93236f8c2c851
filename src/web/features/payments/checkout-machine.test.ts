import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentOrder } from '../../../core/booking';
import { type CheckoutEvent, type CheckoutPhase, type CheckoutState, checkoutReducer, initialCheckout, isActive, loaderOf, sandboxOrderOf } from './checkout-machine';

const order = (provider: PaymentOrder['provider'] = 'sandbox'): PaymentOrder => ({
  orderId: 'order_1',
  provider,
  amountPaise: 480_000,
  currency: 'INR',
  description: 'Flight Booking: DEL to BOM',
  prefill: { email: 'rahul@example.com', contact: '9876543210' },
});
const payment = { orderId: 'order_1', paymentId: 'pay_1', signature: 'sig' };

type Done = { pnr: string };
const run = (events: CheckoutEvent<Done>[], from: CheckoutState<Done> = initialCheckout<Done>()) => events.reduce(checkoutReducer<Done>, from);

describe('checkout machine', () => {
  it('walks a sandbox card payment from idle to confirmed', () => {
    const phases: CheckoutPhase[] = [];
    let state = initialCheckout<Done>();
    const events: CheckoutEvent<Done>[] = [{ type: 'pay' }, { type: 'ordered', order: order() }, { type: 'submitted' }, { type: 'paid', payment }, { type: 'confirmed', done: { pnr: 'ABC123' } }];
    for (const event of events) {
      state = checkoutReducer(state, event);
      phases.push(state.phase);
    }
    expect(phases).toEqual(['ordering', 'provider', 'paying', 'confirming', 'confirmed']);
    expect(state).toEqual({ phase: 'confirmed', done: { pnr: 'ABC123' } });
  });

  it("goes from Razorpay's window straight to confirming (no sandbox gateway step)", () => {
    const state = run([{ type: 'pay' }, { type: 'ordered', order: order('razorpay') }, { type: 'paid', payment }]);
    expect(state).toEqual({ phase: 'confirming', payment });
  });

  it('starts confirmed for a booking already paid', () => {
    expect(initialCheckout({ pnr: 'XYZ' })).toEqual({ phase: 'confirmed', done: { pnr: 'XYZ' } });
    expect(initialCheckout(null)).toEqual({ phase: 'idle' });
  });

  it('fails from every active phase, keeping the message, and may start again', () => {
    const active: CheckoutState<Done>[] = [{ phase: 'ordering' }, { phase: 'provider', order: order() }, { phase: 'paying', order: order() }, { phase: 'confirming', payment }];
    for (const state of active) {
      const failed = checkoutReducer(state, { type: 'failed', message: 'Payment failed. Please try again.' });
      expect(failed).toEqual({ phase: 'failed', message: 'Payment failed. Please try again.' });
      expect(checkoutReducer(failed, { type: 'pay' })).toEqual({ phase: 'ordering' });
    }
  });

  it('goes back to idle when the provider checkout is dismissed, and only then', () => {
    expect(run([{ type: 'pay' }, { type: 'ordered', order: order() }, { type: 'dismissed' }])).toEqual({ phase: 'idle' });
    const paying: CheckoutState<Done> = { phase: 'paying', order: order() };
    expect(checkoutReducer(paying, { type: 'dismissed' })).toBe(paying);
  });

  it('ignores a second Pay while a checkout is under way', () => {
    for (const state of [{ phase: 'ordering' }, { phase: 'provider', order: order() }, { phase: 'paying', order: order() }, { phase: 'confirming', payment }] as CheckoutState<Done>[]) {
      expect(checkoutReducer(state, { type: 'pay' })).toBe(state);
    }
  });

  it('ignores impossible events, answering the same state', () => {
    const idle = initialCheckout<Done>();
    expect(checkoutReducer(idle, { type: 'ordered', order: order() })).toBe(idle);
    expect(checkoutReducer(idle, { type: 'paid', payment })).toBe(idle);
    expect(checkoutReducer(idle, { type: 'confirmed', done: { pnr: 'A' } })).toBe(idle);
    expect(checkoutReducer(idle, { type: 'failed', message: 'x' })).toBe(idle);
    const ordering = run([{ type: 'pay' }]);
    expect(checkoutReducer(ordering, { type: 'submitted' })).toBe(ordering);
    expect(checkoutReducer(ordering, { type: 'paid', payment })).toBe(ordering);
    // Razorpay may report a dismiss after its success handler ran: the confirmation goes on.
    const confirming = run([{ type: 'pay' }, { type: 'ordered', order: order('razorpay') }, { type: 'paid', payment }]);
    expect(checkoutReducer(confirming, { type: 'dismissed' })).toBe(confirming);
    expect(checkoutReducer(confirming, { type: 'failed', message: 'late' })).toEqual({ phase: 'failed', message: 'late' });
  });

  it('keeps a confirmed checkout final', () => {
    const done = initialCheckout<Done>({ pnr: 'ABC123' });
    for (const event of [{ type: 'pay' }, { type: 'failed', message: 'x' }, { type: 'dismissed' }, { type: 'paid', payment }, { type: 'confirmed', done: { pnr: 'OTHER' } }] as CheckoutEvent<Done>[]) {
      expect(checkoutReducer(done, event)).toBe(done);
    }
  });

  it('shows the sandbox form only while a sandbox order is at the provider step', () => {
    expect(sandboxOrderOf({ phase: 'provider', order: order() })).toEqual(order());
    expect(sandboxOrderOf({ phase: 'provider', order: order('razorpay') })).toBeNull();
    expect(sandboxOrderOf({ phase: 'paying', order: order() })).toBeNull();
    expect(sandboxOrderOf({ phase: 'idle' })).toBeNull();
  });

  it('says "payment" while ordering and paying, "confirming" while confirming, nothing at the provider', () => {
    expect(loaderOf({ phase: 'ordering' })).toBe('payment');
    expect(loaderOf({ phase: 'paying', order: order() })).toBe('payment');
    expect(loaderOf({ phase: 'confirming', payment })).toBe('confirming');
    expect(loaderOf({ phase: 'provider', order: order() })).toBeNull();
    expect(loaderOf({ phase: 'failed', message: 'x' })).toBeNull();
  });

  // Any sequence of events only ever follows the drawn edges, and Pay is waited on while active.
  const EDGES: Record<CheckoutPhase, readonly CheckoutPhase[]> = {
    idle: ['ordering'],
    ordering: ['provider', 'failed'],
    provider: ['paying', 'confirming', 'failed', 'idle'],
    paying: ['confirming', 'failed'],
    confirming: ['confirmed', 'failed'],
    confirmed: [],
    failed: ['ordering'],
  };
  const eventArb: fc.Arbitrary<CheckoutEvent<Done>> = fc.oneof(
    fc.constant({ type: 'pay' } as const),
    fc.constantFrom('sandbox', 'razorpay').map((provider) => ({ type: 'ordered', order: order(provider) }) as const),
    fc.constant({ type: 'submitted' } as const),
    fc.constant({ type: 'paid', payment } as const),
    fc.string({ maxLength: 6 }).map((pnr) => ({ type: 'confirmed', done: { pnr } }) as const),
    fc.string({ maxLength: 12 }).map((message) => ({ type: 'failed', message }) as const),
    fc.constant({ type: 'dismissed' } as const),
  );

  it('moves only along the drawn edges, and an ignored event keeps the very same state', () => {
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 30 }), (events) => {
        let state = initialCheckout<Done>();
        let reachedConfirming = false;
        for (const event of events) {
          const next = checkoutReducer(state, event);
          if (next !== state) {
            expect(EDGES[state.phase]).toContain(next.phase);
            expect(next).not.toEqual(state);
          }
          if (isActive(state) && event.type === 'pay') expect(next).toBe(state);
          if (next.phase === 'confirming') reachedConfirming = true;
          if (next.phase === 'confirmed') expect(reachedConfirming).toBe(true);
          state = next;
        }
      }),
    );
  });
});
