import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKING_ERROR_MESSAGES, isValidUpiId, type PaymentMethod, UPI_MESSAGE } from '../../../core/booking';
import type { GroupView, Share } from '../../../core/companion';
import { notify } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { newIdempotencyKey, paymentConfigQuery } from '../booking/booking-api';
import { formatInr } from '../../lib/format';
import { useCurrency } from '../../lib/currency-context';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { useOnline } from '../../lib/offline/connection';
import { FullScreenLoader } from '../payments/full-screen-loader';
import { PaymentMethodFields } from '../payments/payment-method-fields';
import { SandboxCheckout } from '../payments/sandbox-checkout';
import { useCheckout } from '../payments/use-checkout';
import { confirmShare, createShareOrder } from './companion-api';
import { queryKeys } from '../../lib/query-keys';

/**
 * "Pay my share": the signed-in member pays their own split entry through the payment provider
 * (the sandbox's checkout by default, Razorpay when configured), exactly like the payment screen.
 * @example <PayShare group={group} share={myShare} />
 */
export function PayShare({ group, share }: { group: GroupView; share: Share }) {
  const queryClient = useQueryClient();
  const config = useQuery(paymentConfigQuery());
  const { currency, format } = useCurrency();
  const online = useOnline();
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [upiId, setUpiId] = useState('');
  const [upiError, setUpiError] = useState<string | null>(null);
  const amount = formatInr(share.amountPaise / 100);
  const failureMessage = method === 'upi' ? BOOKING_ERROR_MESSAGES.upiPaymentFailed : BOOKING_ERROR_MESSAGES.cardPaymentFailed;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });

  const checkout = useCheckout<GroupView>({
    config: config.data ?? {},
    createOrder: async () => (await createShareOrder(group.id, share.memberId, method, newIdempotencyKey())).order,
    orderFailed: (error) => {
      refresh();
      return error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : failureMessage;
    },
    // Derived from the payment id, so a retried confirmation is the same request.
    confirm: async (payment) => (await confirmShare(group.id, share.memberId, payment, `share-${payment.paymentId}`.slice(0, 128))).group,
    confirmFailed: (error) => {
      refresh();
      return error instanceof ApiError && error.status === 409 ? error.message : failureMessage;
    },
    declined: failureMessage,
    onConfirmed: (next) => {
      queryClient.setQueryData(queryKeys.groups.one(group.id), next);
      notify.success(next.status === 'confirmed' ? `Booking confirmed! Your PNR is ${next.pnr ?? ''}`.trim() : `Your share of ${amount} is paid`);
      refresh();
    },
  });

  const pay = () => {
    if (checkout.active || !config.data) return;
    if (method === 'upi' && !isValidUpiId(upiId.trim())) {
      setUpiError(UPI_MESSAGE);
      notify.error(UPI_MESSAGE);
      return;
    }
    setUpiError(null);
    void checkout.pay();
  };

  const providerName = config.data?.providerName ?? 'the payment provider';
  return (
    <section className="card gp-pay" aria-labelledby="gp-pay-title">
      <form
        className="gp-pay-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <PaymentMethodFields
          legend={<h2 id="gp-pay-title">Pay my share</h2>}
          providerName={providerName}
          method={method}
          upiId={upiId}
          upiError={upiError}
          onMethod={setMethod}
          onUpiId={(value) => {
            setUpiId(value);
            setUpiError(null);
          }}
        />
        {!online && <NeedsConnection />}
        <button type="submit" className="btn btn-primary btn-large" disabled={checkout.active || !online || !config.data || (method === 'upi' && upiId.trim() === '')}>
          {method === 'upi' ? 'Pay with UPI' : `Pay with ${providerName}`} · {amount}
        </button>
        <p className="muted small">
          You pay {amount} in Indian rupees{currency !== 'INR' ? ` (about ${format(share.amountPaise / 100)})` : ''}. Your card or UPI details go to the payment provider, never to Safar.
        </p>
      </form>
      <SandboxCheckout order={checkout.sandboxOrder} method={method} upiId={upiId.trim()} onPay={(body) => void checkout.payInSandbox(body)} onCancel={checkout.cancel} />
      {checkout.loader && <FullScreenLoader text="Processing payment..." />}
    </section>
  );
}
