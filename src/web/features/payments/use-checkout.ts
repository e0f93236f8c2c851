import { useRef, useState } from 'react';
import type { PaymentConfig, PaymentOrder, SandboxPayBody } from '../../../core/booking';
import { notify } from '../../lib/toast';
import { paySandbox } from '../booking/booking-api';
import { type CheckoutEvent, type CheckoutState, checkoutReducer, initialCheckout, isActive, loaderOf, sandboxOrderOf } from './checkout-machine';
import { type CheckoutResult, openProviderCheckout } from './provider-checkout';

/** What one screen pays for and how it words the failures. */
export interface CheckoutFlow<Done> {
  config: Pick<PaymentConfig, 'razorpayKeyId'>;
  /** Asks the server for the provider's order. */
  createOrder(): Promise<PaymentOrder>;
  /** What the traveller is told when the order could not be made (side effects, such as a field message, may run here). */
  orderFailed(error: unknown): string;
  /** Has the server verify the provider's payment; answers what was paid for. */
  confirm(payment: CheckoutResult): Promise<Done>;
  /** What the traveller is told when the confirmation failed. */
  confirmFailed(error: unknown): string;
  /** What the traveller is told when the provider declined or failed the payment. */
  declined: string;
  /** Runs once, when the server has confirmed. */
  onConfirmed(done: Done): void;
}

/**
 * Drives one checkout through the machine in ./checkout-machine: `pay()` makes the order and
 * opens the provider's checkout, `paySandbox(body)` and `cancel()` are the sandbox form's
 * buttons. Each failure is said once in an error toast. The flow of the render that started
 * the payment is the one used until it ends.
 * @example const checkout = useCheckout(flow, initialCheckout(null)); <button onClick={() => void checkout.pay()} disabled={checkout.active} />
 */
export function useCheckout<Done>(flow: CheckoutFlow<Done>, initial: CheckoutState<Done> = initialCheckout<Done>()) {
  const [state, setState] = useState(initial);
  const current = useRef(state);

  /** Applies an event; false when the phase did not accept it (nothing else must happen then). */
  const send = (event: CheckoutEvent<Done>): boolean => {
    const next = checkoutReducer(current.current, event);
    if (next === current.current) return false;
    current.current = next;
    setState(next);
    return true;
  };

  const fail = (message: string) => {
    if (send({ type: 'failed', message })) notify.error(message);
  };

  const confirm = async (using: CheckoutFlow<Done>, payment: CheckoutResult) => {
    if (!send({ type: 'paid', payment })) return;
    let done: Done;
    try {
      done = await using.confirm(payment);
    } catch (error) {
      fail(using.confirmFailed(error));
      return;
    }
    if (send({ type: 'confirmed', done })) using.onConfirmed(done);
  };

  const pay = async () => {
    if (!send({ type: 'pay' })) return;
    const using = flow;
    let order: PaymentOrder;
    try {
      order = await using.createOrder();
    } catch (error) {
      fail(using.orderFailed(error));
      return;
    }
    if (!send({ type: 'ordered', order })) return;
    await openProviderCheckout(order, using.config, {
      showSandbox: () => {},
      onPaid: (payment) => void confirm(using, payment),
      onFailed: () => fail(using.declined),
      onDismiss: () => void send({ type: 'dismissed' }),
    });
  };

  const payInSandbox = async (body: SandboxPayBody) => {
    if (!send({ type: 'submitted' })) return;
    const using = flow;
    let payment: CheckoutResult;
    try {
      payment = await paySandbox(body);
    } catch {
      fail(using.declined);
      return;
    }
    await confirm(using, payment);
  };

  return {
    state,
    /** A checkout is under way: the Pay button waits. */
    active: isActive(state),
    /** The order whose sandbox checkout form is open. */
    sandboxOrder: sandboxOrderOf(state),
    /** What the full-screen loader is for, if it shows. */
    loader: loaderOf(state),
    pay,
    payInSandbox,
    /** The provider's checkout was closed without paying. */
    cancel: () => void send({ type: 'dismissed' }),
  };
}
