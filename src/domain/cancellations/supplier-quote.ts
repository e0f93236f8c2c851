import { AppError } from '../../core/errors';
import type { PassengerLegFare, RefundLine, RefundQuote, RefundRule, SupplierRefund } from '../../core/fares';
import { toInr } from '../../core/fx';
import { freeWindowUntil, refundDeadline, regimeOf } from '../refunds/rule';
import { money } from '../refunds/words';
import type { CancellationQuote, Money } from '../suppliers/supplier';

/**
 * The refund of cancelling a booking a remote supplier sold (Duffel), from the supplier's own
 * cancellation quote. The supplier cancels whole orders only, so the quote covers every passenger
 * still travelling.
 *
 * - The airline's part: what the supplier refunds, converted to INR at the shipped rate table
 *   (the conversion is named), never more than the traveller paid for the supplier's part; a full
 *   supplier refund gives back every rupee paid for it. A refund to airline credits or vouchers
 *   (in the passengers' names, not money to Safar) gives back nothing of the airline's part.
 * - What the airline keeps is the airline's cancellation fee the traveller sees.
 * - Safar's fee is refunded when the airline cancelled the flight or inside Safar's free window
 *   (its own policy: 48 hours after booking when the first departure is at least 7 days away,
 *   15 for an international trip; 24 hours / 7 days for bookings before 26 Mar 2026); otherwise
 *   Safar keeps it, reduced so that its fee and the airline's never exceed the fare (base fare
 *   and carrier charges).
 * - When the airline cancelled, or inside Safar's free window, the traveller gets back everything
 *   paid: Safar pays what the airline keeps from its own pocket (`safarCoversPaise`).
 * - The airline gave no amount before confirming: no online cancellation (409).
 * - Per passenger-leg lines share the airline's fee in proportion to what each paid for the
 *   supplier's part, and Safar's fee kept in proportion to its fee lines; refund + retained = paid
 *   on every line and in total.
 */

export interface SupplierQuoteInput {
  bookedAt: Date;
  firstDepartureUtc: Date;
  international: boolean;
  /** The active passenger-legs cancelled (every passenger still travelling). */
  fares: readonly PassengerLegFare[];
  /** The supplier's name ("duffel") and the selling airline's ("Duffel Airways"). */
  supplier: string;
  airline: string;
  /** What Safar paid the supplier for the order. */
  total: Money;
  quote: CancellationQuote;
  now: Date;
  reason: 'voluntary' | 'airlineCancelled';
}

export const SUPPLIER_CANCEL_MESSAGES = {
  wholeOnly: 'This airline cancels whole bookings only: cancel every passenger still travelling.',
  noJourney: 'This airline cancels whole bookings only: cancel the whole trip.',
  oneTicket: 'The airline sold this round trip as one ticket, so one journey cannot be cancelled alone: cancel the whole booking instead.',
  noAmount: 'The airline does not say what it refunds before cancelling, so this booking cannot be cancelled online. Contact us and we will cancel it for you.',
  underWay: 'This booking is already being cancelled with the airline. Check back in a moment.',
  quoteExpired: "The airline's cancellation quote expired. Please review the fresh quote and confirm again.",
} as const;

/** An amount in the supplier's currency, as the supplier states it ("£221.78"). */
function supplierMoney(amount: Money): string {
  const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency: amount.currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount.amountMinor / 10 ** digits);
}

/** "at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20)", or '' for INR. */
function conversionWords(conversion: SupplierRefund['conversion']): string {
  if (!conversion) return '';
  return ` at ₹${conversion.rate.toFixed(2)} per ${conversion.from} (${conversion.source}, ${conversion.asOf})`;
}

const sumLines = (fare: PassengerLegFare, kind: string) => fare.lines.filter((l) => l.kind === kind).reduce((n, l) => n + l.paise, 0);

/**
 * Shares `amount` over weights, each share at most its weight: floors first, then the paise left
 * one by one to the shares with room, largest weight first (the shares add up to `amount`).
 */
export function shareCapped(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((n, w) => n + w, 0);
  if (amount > sum) throw new Error(`Cannot share ${amount} paise over ${sum}`);
  const shares = weights.map((w) => (sum > 0 ? Math.floor((amount * w) / sum) : 0));
  let left = amount - shares.reduce((n, s) => n + s, 0);
  const order = weights.map((w, i) => ({ w, i })).sort((a, b) => b.w - a.w || a.i - b.i);
  while (left > 0) {
    for (const { i } of order) {
      if (left === 0) break;
      if ((shares[i] ?? 0) < (weights[i] ?? 0)) {
        shares[i] = (shares[i] ?? 0) + 1;
        left--;
      }
    }
  }
  return shares;
}

/**
 * The refund quote of cancelling a supplier's booking (see the rules above).
 * @example supplierRefundQuote({ ...booking, quote: await supplier.quoteCancellation(orderId), now, reason: 'voluntary' }).refundPaise
 */
export function supplierRefundQuote(input: SupplierQuoteInput): RefundQuote {
  const { quote, total, fares, now } = input;
  if (quote.refund === null) throw new AppError('conflict', SUPPLIER_CANCEL_MESSAGES.noAmount);
  const paid = fares.reduce((n, f) => n + f.totalPaise, 0);
  const safarFee = fares.reduce((n, f) => n + sumLines(f, 'safarFee'), 0);
  const farePart = fares.reduce((n, f) => n + sumLines(f, 'fare'), 0);
  const airlinePaid = paid - safarFee;

  const asMoney = quote.refundTo === 'originalPayment' || quote.refundTo === 'awaitingPayment';
  const converted = toInr(quote.refund);
  const whole = quote.refund.currency === total.currency && quote.refund.amountMinor >= total.amountMinor;
  const airlineRefundPaise = asMoney ? (whole ? airlinePaid : Math.min(airlinePaid, converted.paise)) : 0;
  const airlineKeeps = airlinePaid - airlineRefundPaise;

  const until = freeWindowUntil(input.bookedAt, input.firstDepartureUtc, input.international);
  const departed = now.getTime() >= input.firstDepartureUtc.getTime();
  const inWindow = input.reason === 'voluntary' && until !== null && now.getTime() < until.getTime() && !departed;
  const everything = input.reason === 'airlineCancelled' || inWindow;

  const airlineFee = everything ? 0 : airlineKeeps;
  const cap = farePart > 0 ? farePart : airlinePaid;
  const safarFeeKept = everything ? 0 : Math.min(safarFee, Math.max(0, cap - airlineFee));
  const safarCovers = everything ? airlineKeeps : 0;

  const rule: RefundRule = input.reason === 'airlineCancelled' ? 'airlineCancelled' : inWindow ? 'freeWindow' : departed ? 'departed' : 'schedule';
  const totalWords = supplierMoney(total);
  const refundWords = supplierMoney(quote.refund);
  const conversion = converted.conversion;
  let terms: string;
  if (rule === 'airlineCancelled') terms = "The airline cancelled the flight: everything is refunded, Safar's fee included";
  else if (rule === 'freeWindow') terms = "Inside Safar's free cancellation window (Safar's own policy): everything is refunded; Safar pays any airline fee";
  else if (!asMoney) terms = `${input.airline} refunds this booking as airline credit in the passengers' names, not money: the fare is not refunded`;
  else terms = `${input.airline}'s cancellation terms: it refunds ${refundWords} of ${totalWords}${conversionWords(conversion)}`;

  const feeShares = shareCapped(airlineFee, fares.map((f) => f.totalPaise - sumLines(f, 'safarFee')));
  const keptShares = shareCapped(safarFeeKept, fares.map((f) => sumLines(f, 'safarFee')));
  const lines: RefundLine[] = fares.map((fare, i) => {
    const fee = feeShares[i] ?? 0;
    const kept = keptShares[i] ?? 0;
    const ownFee = sumLines(fare, 'safarFee');
    let words = terms;
    if (fee > 0) words += `; the airline keeps ${money(fee)}`;
    if (ownFee > 0) words += kept === ownFee ? `; Safar fee ${money(kept)} kept` : kept > 0 ? `; Safar fee ${money(kept)} kept of ${money(ownFee)}, so both fees stay within the fare` : '; Safar fee refunded';
    return {
      passengerPosition: fare.passengerPosition,
      legIndex: fare.legIndex,
      rule,
      paidPaise: fare.totalPaise,
      taxesPaise: sumLines(fare, 'tax'),
      farePaise: sumLines(fare, 'fare'),
      airlineFeePaise: fee,
      safarFeeKeptPaise: kept,
      refundPaise: fare.totalPaise - fee - kept,
      retainedPaise: fee + kept,
      explanation: words,
    };
  });
  const regime = regimeOf(input.bookedAt);
  const supplier: SupplierRefund = {
    supplier: input.supplier,
    airline: input.airline,
    quoteId: quote.id,
    expiresAt: quote.expiresAt,
    totalMinor: total.amountMinor,
    refundMinor: quote.refund.amountMinor,
    currency: quote.refund.currency,
    refundTo: quote.refundTo,
    airlineRefundPaise,
    conversion,
    safarCoversPaise: safarCovers,
  };
  return {
    lines,
    paidPaise: paid,
    refundPaise: paid - airlineFee - safarFeeKept,
    airlineFeePaise: airlineFee,
    safarFeeKeptPaise: safarFeeKept,
    retainedPaise: airlineFee + safarFeeKept,
    freeWindowUntil: until ? until.toISOString() : null,
    freeWindowApplies: inWindow,
    refundDeadline: refundDeadline(regime, now).toISOString(),
    regime,
    supplier,
  };
}
