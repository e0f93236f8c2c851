import type { DisplayStatus, FareFamily, PassengerLegFare, RefundLine, RefundQuote, RefundReason, RefundStatus } from '../../core/fares';
import type { BookingStatus } from '../../core/booking';

/**
 * TEMPORARY stand-in for the refund rule being written on the `refundrule` branch (same
 * signatures); replaced by that branch's file on merge.
 */

export interface RefundQuoteInput {
  bookedAt: Date;
  legs: { legIndex: number; departureUtc: Date; international: boolean; family: FareFamily }[];
  fares: PassengerLegFare[];
  now: Date;
  reason: RefundReason;
}

export function regimeOf(bookedAt: Date): '2016' | '2026' {
  return bookedAt.getTime() >= Date.parse('2026-03-26T00:00:00+05:30') ? '2026' : '2016';
}

export function refundDeadline(bookedAt: Date, requestedAt: Date): Date {
  const days = regimeOf(bookedAt) === '2026' ? 14 : 30;
  const d = new Date(requestedAt.getTime());
  let added = 0;
  while (added < days) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) added += 1;
  }
  return d;
}

export function refundQuote(input: RefundQuoteInput): RefundQuote {
  const lines: RefundLine[] = [];
  for (const fare of input.fares) {
    const leg = input.legs.find((l) => l.legIndex === fare.legIndex);
    const sum = (kind: string) => fare.lines.filter((l) => l.kind === kind).reduce((n, l) => n + l.paise, 0);
    const farePaise = sum('fare');
    const taxesPaise = sum('tax');
    const safarFee = sum('safarFee');
    const addon = sum('addon');
    const hoursLeft = leg ? (leg.departureUtc.getTime() - input.now.getTime()) / 3_600_000 : -1;
    let rule: RefundLine['rule'] = 'schedule';
    let airlineFeePaise = 0;
    if (hoursLeft <= 0) {
      rule = 'departed';
      airlineFeePaise = farePaise;
    } else if (leg && hoursLeft * 60 < leg.family.cutoffMinutes) {
      rule = 'insideCutoff';
      airlineFeePaise = farePaise;
    } else if (leg && !leg.family.cancel.allowed) {
      rule = 'notAllowed';
      airlineFeePaise = farePaise;
    } else if (leg) {
      const band = leg.family.cancel.bands.find((b) => hoursLeft >= b.fromHoursBefore && (b.toHoursBefore === null || hoursLeft < b.toHoursBefore));
      const fee = band?.fee;
      const base = fare.lines.find((l) => l.code === 'base')?.paise ?? 0;
      airlineFeePaise = !fee ? 0 : fee.kind === 'amount' ? fee.paise : fee.kind === 'percentOfBase' ? Math.round((base * fee.percent) / 100) : farePaise;
    }
    airlineFeePaise = Math.min(airlineFeePaise, farePaise);
    const paid = fare.totalPaise;
    const refund = taxesPaise + farePaise - airlineFeePaise + addon;
    lines.push({
      passengerPosition: fare.passengerPosition,
      legIndex: fare.legIndex,
      rule,
      paidPaise: paid,
      taxesPaise,
      farePaise,
      airlineFeePaise,
      safarFeeKeptPaise: safarFee,
      refundPaise: refund,
      retainedPaise: paid - refund,
      explanation: rule === 'schedule' ? `Cancellation fee ₹${airlineFeePaise / 100}` : 'Taxes and airport charges are refunded',
    });
  }
  const total = (f: (l: RefundLine) => number) => lines.reduce((n, l) => n + f(l), 0);
  return {
    lines,
    paidPaise: total((l) => l.paidPaise),
    refundPaise: total((l) => l.refundPaise),
    airlineFeePaise: total((l) => l.airlineFeePaise),
    safarFeeKeptPaise: total((l) => l.safarFeeKeptPaise),
    retainedPaise: total((l) => l.retainedPaise),
    freeWindowUntil: null,
    freeWindowApplies: false,
    refundDeadline: refundDeadline(input.bookedAt, input.now).toISOString(),
    regime: regimeOf(input.bookedAt),
  };
}

export function displayStatusOf(status: BookingStatus, refunds: readonly RefundStatus[], confirmedAt: Date | null = null): DisplayStatus {
  if (status === 'held') return 'Held';
  if (status === 'expired') return 'Expired';
  if (status === 'changed') return 'Changed';
  if (refunds.some((r) => r !== 'completed')) return 'Refund pending';
  if (status === 'confirmed') return 'Confirmed';
  if (status === 'partly_cancelled') return 'Partly cancelled';
  return refunds.length > 0 && confirmedAt ? 'Refunded' : 'Cancelled';
}
