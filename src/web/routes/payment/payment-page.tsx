import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_REASONS,
  type BookingView,
  isValidUpiId,
  type PaymentConfig,
  UPI_MESSAGE,
} from '../../../core/booking';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { bookingQuery, confirmBooking, createPayment, paymentConfigQuery } from '../../features/booking/booking-api';
import { formatCountdown, formatDay, formatInr, formatPaise, localTime } from '../../lib/format';
import { SeparateTicketsNote, TripSummary } from '../../features/booking/trip-summary';
import { useCurrency } from '../../lib/currency-context';
import { FullScreenLoader } from '../../features/payments/full-screen-loader';
import { PaymentMethodFields } from '../../features/payments/payment-method-fields';
import { initialCheckout } from '../../features/payments/checkout-machine';
import { SandboxCheckout } from '../../features/payments/sandbox-checkout';
import { useCheckout } from '../../features/payments/use-checkout';
import { FareBreakdown } from '../../features/fares/fare-breakdown';
import { bookingFareQuery } from '../../features/fares/fares-api';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { NeedsConnection } from '../../lib/offline/needs-connection';
import { useOnline } from '../../lib/offline/connection';
import { noteBookingCompleted } from '../../lib/pwa/pwa-actions';
import { refreshPasses } from '../../features/wallet/wallet-store';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import '../../features/booking/forms.css';
import './payment.css';
import { BookingConfirmed } from './booking-confirmed';
import { applyCredit, creditQuery, spentOn } from '../../features/credit/credit-api';
import { SeatStep } from '../../features/seats/seat-step';

const BOOKING_FAILED = 'Booking failed. Please try again.';

function bookingIdFrom(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('bookingId' in state)) return null;
  return typeof state.bookingId === 'string' && state.bookingId.length > 0 ? state.bookingId : null;
}

/**
 * Payment (/payment, signed-in only): the held booking from history state `{ bookingId }`, the
 * method choice, the provider's checkout, confirmation and the success sequence.
 * @example navigate('/payment', { state: { bookingId: booking.id } })
 */
export function PaymentPage() {
  useDocumentTitle('Payment');
  const state: unknown = useHistoryState();
  const bookingId = bookingIdFrom(state);
  return (
    <RequireAuth>
      {bookingId ? (
        <QueryScope>
          <PaymentScreen bookingId={bookingId} />
        </QueryScope>
      ) : (
        <NoBookingData />
      )}
    </RequireAuth>
  );
}

function NoBookingData() {
  return (
    <div className="container page">
      <div className="card pay-empty">
        <h1>Payment</h1>
        <p>No booking data found</p>
        <Link href="/" className="btn btn-primary">
          Go Home
        </Link>
      </div>
    </div>
  );
}

function PaymentSkeleton() {
  return (
    <div className="container page" role="status" aria-busy="true" aria-label="Loading your booking">
      <div className="skeleton skeleton-title" />
      <div className="skeleton pay-skeleton-card" />
      <div className="skeleton skeleton-line" />
      <div className="skeleton skeleton-line short" />
    </div>
  );
}

function PaymentScreen({ bookingId }: { bookingId: string }) {
  const booking = useQuery(bookingQuery(bookingId));
  const config = useQuery(paymentConfigQuery());
  if (booking.isPending || config.isPending) return <PaymentSkeleton />;
  if (booking.isError) {
    if (booking.error instanceof ApiError && booking.error.status === 404) return <NoBookingData />;
    return <LoadFailed message={booking.error.message} onRetry={() => void booking.refetch()} />;
  }
  if (config.isError) return <LoadFailed message={config.error.message} onRetry={() => void config.refetch()} />;
  return <PaymentForm booking={booking.data} config={config.data} />;
}

function LoadFailed({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <div className="container page">
      <div className="card pay-empty" role="alert">
        <h1>Payment</h1>
        <p>{message}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          Try again
        </button>
      </div>
    </div>
  );
}

/** Seconds until the hold ends, ticking once a second. */
function useSecondsLeft(until: string): number {
  const end = Date.parse(until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((end - now) / 1000));
}

const LOADER_TEXT = { payment: 'Processing payment...', confirming: 'Processing your booking...' } as const;

function PaymentForm({ booking, config }: { booking: BookingView; config: PaymentConfig }) {
  const queryClient = useQueryClient();
  const { currency, format } = useCurrency();
  const [method, setMethod] = useState<'card' | 'upi'>('card');
  const [upiId, setUpiId] = useState('');
  const [upiError, setUpiError] = useState<string | null>(null);
  // Safar credit is never pre-applied: the traveller ticks it.
  const [useCredit, setUseCredit] = useState(false);
  const [creditError, setCreditError] = useState<string | null>(null);
  const [paidByCredit, setPaidByCredit] = useState<BookingView | null>(null);
  const credit = useQuery({ ...creditQuery(), enabled: booking.status === 'held' && booking.changedFrom === null });
  const online = useOnline();
  const fare = useQuery(bookingFareQuery(booking.id));
  // The breakdown's lines are drawn when the traveller opens it.
  const [breakdownOpen, setBreakdownOpen] = useState(false);
  const secondsLeft = useSecondsLeft(booking.holdExpiresAt);
  // Just paid here (not a confirmed booking reopened): the toast and the move to the profile follow.
  const [justPaid, setJustPaid] = useState(false);
  const itinerary = booking.itinerary;
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const holdOver = booking.status === 'held' && secondsLeft === 0;
  const failureMessage = method === 'upi' ? BOOKING_ERROR_MESSAGES.upiPaymentFailed : BOOKING_ERROR_MESSAGES.cardPaymentFailed;

  const holdExpired = (error: unknown): error is ApiError => {
    const expired = error instanceof ApiError && error.reason === BOOKING_REASONS.holdExpired;
    if (expired) void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.one(booking.id) });
    return expired;
  };

  const checkout = useCheckout<BookingView>(
    {
      config,
      createOrder: async () => (await createPayment(booking.id, method === 'upi' ? { method, upiId: upiId.trim() } : { method })).payment,
      orderFailed: (error) => {
        if (error instanceof ApiError && error.fields.upiId) {
          setUpiError(error.fields.upiId);
          return error.fields.upiId;
        }
        return holdExpired(error) ? error.message : failureMessage;
      },
      // The key derives from the payment id, so a retry of this confirmation (or a double click) is the same request.
      confirm: async (payment) => (await confirmBooking(booking.id, payment, `confirm-${payment.paymentId}`.slice(0, 128))).booking,
      confirmFailed: (error) => (holdExpired(error) ? error.message : BOOKING_FAILED),
      declined: failureMessage,
      onConfirmed: (done) => {
        setJustPaid(true);
        // Success: printable ticket, passes into the wallet; <BookingConfirmed> shows the toast after 1 s, the profile after 1.5 s more.
        window.open(`/ticket/${encodeURIComponent(done.id)}`, '_blank', 'noopener');
        void refreshPasses().catch(() => {});
        noteBookingCompleted();
        void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
        void queryClient.invalidateQueries({ queryKey: queryKeys.profileStats });
        queryClient.setQueryData(queryKeys.bookings.one(done.id), done);
      },
    },
    initialCheckout(booking.status === 'confirmed' ? booking : null),
  );

  // What Safar credit pays: what was already applied to this booking, else (when ticked) as much as the balance and the total allow.
  const appliedPaise = spentOn(credit.data, booking.id);
  const creditPaise = appliedPaise > 0 ? appliedPaise : useCredit ? Math.min(credit.data?.balancePaise ?? 0, Math.max(0, booking.totalInr * 100 - booking.creditPaise)) : 0;

  const pay = async () => {
    if (checkout.active) return;
    const rest = Math.max(0, booking.totalInr * 100 - booking.creditPaise - creditPaise);
    if (rest > 0 && method === 'upi' && !isValidUpiId(upiId.trim())) {
      setUpiError(UPI_MESSAGE);
      notify.error(UPI_MESSAGE);
      return;
    }
    setUpiError(null);
    setCreditError(null);
    if (creditPaise > 0 && appliedPaise === 0) {
      try {
        const applied = await applyCredit(booking.id, creditPaise);
        void queryClient.invalidateQueries({ queryKey: queryKeys.account.credit });
        if (applied.duePaise === 0) {
          setJustPaid(true);
          void refreshPasses().catch(() => {});
          noteBookingCompleted();
          void queryClient.invalidateQueries({ queryKey: queryKeys.bookings.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.profileStats });
          queryClient.setQueryData(queryKeys.bookings.one(applied.booking.id), applied.booking);
          setPaidByCredit(applied.booking);
          return;
        }
      } catch (error) {
        const message = error instanceof ApiError ? (error.fields.amountPaise ?? error.message) : BOOKING_FAILED;
        if (!holdExpired(error)) setCreditError(message);
        notify.error(message);
        return;
      }
    }
    void checkout.pay();
  };

  const confirmed = paidByCredit ?? (checkout.state.phase === 'confirmed' ? checkout.state.done : null);
  if (confirmed) return <BookingConfirmed booking={confirmed} fresh={justPaid} />;

  if (booking.status !== 'held' || holdOver) {
    return (
      <div className="container page">
        <div className="card pay-empty" role="alert">
          <h1>Payment</h1>
          <p>{BOOKING_ERROR_MESSAGES.holdExpired}</p>
          <Link href="/" className="btn btn-primary">
            Search Flights
          </Link>
        </div>
      </div>
    );
  }

  const payLabel = method === 'upi' ? 'Pay with UPI' : `Pay with ${config.providerName}`;
  // A change's new booking carries the old booking's value as credit: only the rest (change fee +
  // fare difference) is due.
  const change = booking.changedFrom !== null;
  const duePaise = Math.max(0, booking.totalInr * 100 - booking.creditPaise);
  const amount = change ? formatPaise(duePaise) : formatInr(booking.totalInr);
  // What the card or UPI is charged: the total less the Safar credit applied.
  const chargedPaise = Math.max(0, duePaise - creditPaise);
  const balancePaise = credit.data?.balancePaise ?? 0;
  const creditLocked = appliedPaise > 0;
  const names = booking.passengers.map((p) => [p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' '));

  return (
    <div className="container page pay-page">
      <h1>Payment</h1>
      <div className="pay-layout">
        <section className="card pay-summary" aria-labelledby="pay-summary-title">
          <h2 id="pay-summary-title">Booking summary</h2>
          <dl className="pay-facts">
            {booking.journeys.length > 1 ? null : (
              <div>
                <dt>Route</dt>
                <dd>
                  {first?.from.city ?? booking.source} ({booking.source}) → {last?.to.city ?? booking.destination} ({booking.destination})
                </dd>
              </div>
            )}
            {booking.journeys.length > 1 ? (
              <div>
                <dt>Journeys</dt>
                <dd>
                  <ol className="pay-journeys">
                    {booking.journeys.map((j) => (
                      <li key={j.firstLeg}>
                        {j.from} → {j.to} · {formatDay(j.date)} at {localTime(itinerary.legs[j.firstLeg]?.departure ?? itinerary.departure)}
                      </li>
                    ))}
                  </ol>
                </dd>
              </div>
            ) : (
              <div>
                <dt>Date and departure</dt>
                <dd>
                  {formatDay(booking.date)} at {localTime(itinerary.departure)}
                </dd>
              </div>
            )}
            <div>
              <dt>Passengers</dt>
              <dd>
                {booking.passengers.length} · {names.join(', ')}
              </dd>
            </div>
            {change && (
              <div>
                <dt>Changed from</dt>
                <dd>Booking {booking.changedFrom}</dd>
              </div>
            )}
            {fare.data?.option ? (
              <div>
                <dt>Fare</dt>
                <dd>{fare.data.option.name}</dd>
              </div>
            ) : null}
            <div>
              <dt>{change ? 'Amount due for this change' : 'Total'}</dt>
              <dd>
                <strong className="pay-total" data-testid="pay-total">
                  {amount}
                </strong>
                {change && <span className="muted small"> (change fee + fare difference; the new flight costs {formatInr(booking.totalInr)})</span>}
                {currency !== 'INR' && <span className="muted small"> (about {format(change ? duePaise / 100 : booking.totalInr)}; charged in INR)</span>}
              </dd>
            </div>
          </dl>
          {booking.journeys.some((j) => j.separateTicket) ? <SeparateTicketsNote /> : null}
          <p className="pay-hold" role="timer" aria-live="off">
            <Timer aria-hidden="true" size={18} /> Seats held for {formatCountdown(secondsLeft)}
          </p>
          <details className="pay-details" onToggle={(event) => setBreakdownOpen(event.currentTarget.open)}>
            <summary>Fare breakdown</summary>
            {!breakdownOpen ? null : fare.data ? (
              <FareBreakdown fares={fare.data.fares} itinerary={itinerary} passengers={booking.passengers} totalLabel="Total to pay" />
            ) : fare.isError ? (
              <p role="alert">The fare breakdown could not be loaded. {fare.error.message}</p>
            ) : (
              <p role="status">Loading the fare breakdown…</p>
            )}
          </details>
          <details className="pay-details">
            <summary>Flight details</summary>
            <TripSummary itinerary={itinerary} journeys={booking.journeys} headingLevel={3} />
          </details>
        </section>

        {change ? null : <SeatStep booking={booking} />}

        <form
          className="card pay-methods"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void pay();
          }}
        >
          <PaymentMethodFields
            legend={<h2>Payment method</h2>}
            providerName={config.providerName}
            method={method}
            upiId={upiId}
            upiError={upiError}
            onMethod={setMethod}
            onUpiId={(value) => {
              setUpiId(value);
              setUpiError(null);
            }}
          />
          {!change && (balancePaise > 0 || creditLocked) && (
            <fieldset className="credit-choice">
              <legend className="visually-hidden">Safar credit</legend>
              <label>
                <input
                  type="checkbox"
                  checked={creditLocked || useCredit}
                  disabled={creditLocked || checkout.active}
                  aria-describedby="credit-choice-note"
                  onChange={(event) => setUseCredit(event.currentTarget.checked)}
                />
                Use my Safar credit ({formatPaise(creditLocked ? appliedPaise : balancePaise)} {creditLocked ? 'applied' : 'available'})
              </label>
              <p id="credit-choice-note" className="muted small" data-testid="credit-split">
                {creditPaise > 0 ? `${formatPaise(creditPaise)} from Safar credit; ${formatPaise(chargedPaise)} to pay by card or UPI.` : 'Not applied: the whole amount is paid by card or UPI.'}
              </p>
              {creditError && (
                <p className="field-error" role="alert">
                  {creditError}
                </p>
              )}
            </fieldset>
          )}
          {!online && <NeedsConnection />}
          <button
            type="submit"
            className="btn btn-primary btn-large pay-button"
            disabled={checkout.active || !online || (chargedPaise > 0 && method === 'upi' && upiId.trim() === '')}
          >
            {chargedPaise === 0 && creditPaise > 0 ? 'Pay with Safar credit' : payLabel}
          </button>
          <p className="muted small">
            You pay {creditPaise > 0 ? formatPaise(chargedPaise) : amount} in Indian rupees. Your card or UPI details go to the payment provider, never to Safar.
          </p>
        </form>
      </div>

      <SandboxCheckout order={checkout.sandboxOrder} method={method} upiId={upiId.trim()} onPay={(body) => void checkout.payInSandbox(body)} onCancel={checkout.cancel} />
      {checkout.loader && <FullScreenLoader text={LOADER_TEXT[checkout.loader]} />}
    </div>
  );
}
