import type { BookingView } from '../../../core/booking';
import type { RefundQuote, SupplierRefund } from '../../../core/fares';
import { formatDate, formatPaise } from '../../lib/format';
import { legLabel, passengerName } from './passenger-names';

/** Safar's free window is its own policy, never the law: the label says so. */
const FREE_WINDOW_LABEL = "Safar's free cancellation window (Safar's policy)";

/** An amount in the supplier's own currency ("£160.00"). */
function supplierAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency });
  return format.format(minor / 10 ** (format.resolvedOptions().maximumFractionDigits ?? 2));
}

/**
 * The airline's own terms of a booking a remote supplier sold: what it refunds in its currency,
 * that amount in rupees with the rate, its date and source named, and Safar's fee rule.
 */
function SupplierTerms({ supplier, safarFeeKeptPaise }: { supplier: SupplierRefund; safarFeeKeptPaise: number }) {
  const { conversion } = supplier;
  const refund = supplierAmount(supplier.refundMinor, supplier.currency);
  const total = supplierAmount(supplier.totalMinor, supplier.currency);
  return (
    <div className="refund-supplier" data-testid="refund-supplier">
      {supplier.refundTo === 'airlineCredits' || supplier.refundTo === 'voucher' ? (
        <p>
          {supplier.airline} refunds this booking as airline credit in the passengers’ names ({refund} of {total}), not money.
        </p>
      ) : (
        <p>
          {supplier.airline} refunds {refund} of the {total} it was paid
          {conversion ? (
            <>
              : {formatPaise(supplier.airlineRefundPaise)} at ₹{conversion.rate.toFixed(2)} per {conversion.from} ({conversion.source}, {formatDate(conversion.asOf)}).
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      {supplier.safarCoversPaise > 0 && <p>Safar pays the {formatPaise(supplier.safarCoversPaise)} the airline keeps.</p>}
      <p className="muted">
        Safar’s fee is refunded when the airline cancels the flight or inside Safar’s free cancellation window; otherwise Safar keeps it
        {safarFeeKeptPaise > 0 ? ` (${formatPaise(safarFeeKeptPaise)} here)` : ''}. This airline cancels whole bookings only.
      </p>
    </div>
  );
}

/**
 * A refund quote line by line (per passenger and leg): what was paid, the airline's fee, Safar's
 * fee kept (shown on its own), the taxes that always come back, the refund and the rule in words;
 * then the totals and the date the money must arrive by.
 * @example <RefundQuoteView booking={booking} quote={answer.quote} headingLevel={3} />
 */
export function RefundQuoteView({ booking, quote, headingLevel = 3 }: { booking: BookingView; quote: RefundQuote; headingLevel?: 3 | 4 }) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <div className="refund-quote">
      {quote.freeWindowApplies && (
        <p className="refund-free-window">
          <strong>{FREE_WINDOW_LABEL}</strong>
          {quote.freeWindowUntil ? ` applies until ${formatDate(quote.freeWindowUntil)}: no airline or Safar fee is kept.` : ': no airline or Safar fee is kept.'}
        </p>
      )}
      {quote.supplier && <SupplierTerms supplier={quote.supplier} safarFeeKeptPaise={quote.safarFeeKeptPaise} />}
      <ul className="refund-lines">
        {quote.lines.map((line) => {
          const passenger = booking.passengers[line.passengerPosition];
          return (
            <li key={`${line.passengerPosition}-${line.legIndex}`} className="refund-line">
              <Heading className="refund-line-title">
                {passenger ? passengerName(passenger) : `Passenger ${line.passengerPosition + 1}`} · {legLabel(booking, line.legIndex)}
              </Heading>
              <dl className="refund-figures">
                <div>
                  <dt>Paid</dt>
                  <dd>{formatPaise(line.paidPaise)}</dd>
                </div>
                <div>
                  <dt>Airline cancellation fee</dt>
                  <dd>{formatPaise(line.airlineFeePaise)}</dd>
                </div>
                <div>
                  <dt>Safar fee kept</dt>
                  <dd>{formatPaise(line.safarFeeKeptPaise)}</dd>
                </div>
                <div>
                  <dt>Taxes and airport charges refunded</dt>
                  <dd>{formatPaise(line.taxesPaise)}</dd>
                </div>
                <div className="refund-figure-total">
                  <dt>Refund</dt>
                  <dd>{formatPaise(line.refundPaise)}</dd>
                </div>
              </dl>
              <p className="refund-explanation">{line.explanation}</p>
            </li>
          );
        })}
      </ul>
      <dl className="refund-totals">
        <div>
          <dt>You get back</dt>
          <dd data-testid="refund-total">{formatPaise(quote.refundPaise)}</dd>
        </div>
        <div>
          <dt>Kept</dt>
          <dd>
            {formatPaise(quote.retainedPaise)}
            {quote.retainedPaise > 0 && quote.airlineFeePaise + quote.safarFeeKeptPaise === quote.retainedPaise && (
              <span className="refund-kept-split">
                {' '}
                (airline fee {formatPaise(quote.airlineFeePaise)}, Safar fee {formatPaise(quote.safarFeeKeptPaise)})
              </span>
            )}
          </dd>
        </div>
      </dl>
      <p className="refund-deadline">The refund must reach you by {formatDate(quote.refundDeadline)}.</p>
    </div>
  );
}
