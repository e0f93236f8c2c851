import { z } from 'zod';
import { FARE_LINE_LABELS, RefundQuoteSchema } from '../../core/fares';

/**
 * The cancellation note (outbox kind `booking-cancelled`): written by the cancelling transaction,
 * so the mail goes out if and only if the cancellation happened. It states the refund per
 * passenger and leg: what was paid, the taxes and airport charges refunded, the airline's fee,
 * Safar's fee kept, the refund, where it goes and by when it must arrive.
 */

export const CancellationMailPayload = z.object({
  bookingId: z.string(),
  pnr: z.string(),
  cancellationId: z.string(),
  passengers: z.array(z.object({ position: z.number().int(), name: z.string() })),
  legs: z.array(z.object({ legIndex: z.number().int(), flightNumber: z.string(), from: z.string(), to: z.string(), departure: z.string() })),
  quote: RefundQuoteSchema,
  /** Labels of the original payment methods the refund goes back to. */
  methodLabels: z.array(z.string()),
  /** What of the refund went to Safar credit (absent in notes written before Safar credit). */
  creditPaise: z.number().int().min(0).default(0),
});
export type CancellationMailPayload = z.input<typeof CancellationMailPayload>;

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: paise % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/**
 * The subject and text of a cancellation note, or null for a payload that is not one.
 * @example renderCancellationMail(row.payload)?.subject // 'Your Safar booking ABC234 is cancelled'
 */
export function renderCancellationMail(payload: unknown, origin: string): { subject: string; text: string } | null {
  const parsed = CancellationMailPayload.safeParse(payload);
  if (!parsed.success) return null;
  const { bookingId, pnr, passengers, legs, quote, methodLabels, creditPaise } = parsed.data;
  const originalPaise = quote.refundPaise - creditPaise;
  const allLegs = new Map(legs.map((l) => [l.legIndex, l]));
  const lines = [`You cancelled ${passengers.map((p) => p.name).join(', ')} on booking ${bookingId} (PNR ${pnr}).`, ''];
  for (const p of passengers) {
    lines.push(p.name);
    for (const line of quote.lines.filter((l) => l.passengerPosition === p.position)) {
      const leg = allLegs.get(line.legIndex);
      lines.push(
        `  ${leg ? `${leg.flightNumber} ${leg.from}–${leg.to}` : `Leg ${line.legIndex + 1}`}: paid ${rupees(line.paidPaise)}; ${FARE_LINE_LABELS.base.toLowerCase()} and fuel charge ${rupees(line.farePaise)}, taxes and airport charges ${rupees(line.taxesPaise)} (always refunded)`,
        `    Airline fee ${rupees(line.airlineFeePaise)}, Safar fee kept ${rupees(line.safarFeeKeptPaise)}, refund ${rupees(line.refundPaise)}. ${line.explanation}`,
      );
    }
  }
  lines.push(
    '',
    `Refund: ${rupees(quote.refundPaise)} of ${rupees(quote.paidPaise)} paid (kept: ${rupees(quote.retainedPaise)}).`,
    ...(quote.refundPaise === 0 ? ['Nothing is refundable on this cancellation.'] : []),
    ...(creditPaise > 0 ? [`${rupees(creditPaise)} was added to your Safar credit now; see it and spend it from your profile.`] : []),
    ...(originalPaise > 0
      ? [`${creditPaise > 0 ? `The other ${rupees(originalPaise)}` : 'It'} goes back to your original payment method (${methodLabels.join(', ') || 'as paid'}) and must reach you by ${quote.refundDeadline.slice(0, 10)}.`]
      : []),
    '',
    `Track your refund: ${origin}/ticket/${bookingId}`,
  );
  return { subject: `Cancellation of your Safar booking ${pnr}`, text: lines.join('\n') };
}
