import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BOOKING_ERROR_MESSAGES, isValidUpiId, type PaymentMethod, type PaymentOrder, type SandboxPayBody, UPI_MESSAGE } from '../../../core/booking';
import type { GroupView, Share } from '../../../core/companion';
import { notify } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { newIdempotencyKey, paySandbox, paymentConfigQuery } from '../booking/booking-api';
import { formatInr } from '../../lib/format';
import { useCurrency } from '../../lib/currency-context';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { useOnline } from '../../lib/offline/connection';
import { FullScreenLoader } from '../payments/full-screen-loader';
import { PaymentMethodFields } from '../payments/payment-method-fields';
import { type CheckoutResult, openProviderCheckout } from '../payments/provider-checkout';
import { SandboxCheckout } from '../payments/sandbox-checkout';
import { confirmShare, createShareOrder } from './companion-api';
import { queryKeys } from '../../lib/query-keys';

type Loader = 'Processing payment...' | null;

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
  const [processing, setProcessing] = useState(false);
  const [loader, setLoader] = useState<Loader>(null);
  const [sandboxOrder, setSandboxOrder] = useState<PaymentOrder | null>(null);
  const amount = formatInr(share.amountPaise / 100);
  const failureMessage = method === 'upi' ? BOOKING_ERROR_MESSAGES.upiPaymentFailed : BOOKING_ERROR_MESSAGES.cardPaymentFailed;

  const stop = (message: string | null) => {
    setProcessing(false);
    setLoader(null);
    setSandboxOrder(null);
    if (message) notify.error(message);
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.groups.all });

  const confirm = async (result: CheckoutResult) => {
    setLoader('Processing payment...');
    try {
      // Derived from the payment id, so a retried confirmation is the same request.
      const { group: next } = await confirmShare(group.id, share.memberId, result, `share-${result.paymentId}`.slice(0, 128));
      queryClient.setQueryData(queryKeys.groups.one(group.id), next);
      stop(null);
      notify.success(next.status === 'confirmed' ? `Booking confirmed! Your PNR is ${next.pnr ?? ''}`.trim() : `Your share of ${amount} is paid`);
    } catch (error) {
      stop(error instanceof ApiError && error.status === 409 ? error.message : failureMessage);
    }
    void refresh();
  };

  const paySandboxOrder = async (body: SandboxPayBody) => {
    setSandboxOrder(null);
    setLoader('Processing payment...');
    try {
      await confirm(await paySandbox(body));
    } catch {
      stop(failureMessage);
    }
  };

  const pay = async () => {
    if (processing || !config.data) return;
    if (method === 'upi' && !isValidUpiId(upiId.trim())) {
      setUpiError(UPI_MESSAGE);
      notify.error(UPI_MESSAGE);
      return;
    }
    setUpiError(null);
    setProcessing(true);
    setLoader('Processing payment...');
    let order: PaymentOrder;
    try {
      ({ order } = await createShareOrder(group.id, share.memberId, method, newIdempotencyKey()));
    } catch (error) {
      stop(error instanceof ApiError && error.status !== 0 && error.status < 500 ? error.message : failureMessage);
      void refresh();
      return;
    }
    setLoader(null);
    await openProviderCheckout(order, config.data, {
      showSandbox: setSandboxOrder,
      onPaid: (result) => void confirm(result),
      onFailed: () => stop(failureMessage),
      onDismiss: () => stop(null),
    });
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
        <button type="submit" className="btn btn-primary btn-large" disabled={processing || !online || !config.data || (method === 'upi' && upiId.trim() === '')}>
          {method === 'upi' ? 'Pay with UPI' : `Pay with ${providerName}`} · {amount}
        </button>
        <p className="muted small">
          You pay {amount} in Indian rupees{currency !== 'INR' ? ` (about ${format(share.amountPaise / 100)})` : ''}. Your card or UPI details go to the payment provider, never to Safar.
        </p>
      </form>
      <SandboxCheckout order={sandboxOrder} method={method} upiId={upiId.trim()} onPay={(body) => void paySandboxOrder(body)} onCancel={() => stop(null)} />
      {loader && <FullScreenLoader text={loader} />}
    </section>
  );
}
