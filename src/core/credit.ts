import { BookingViewSchema } from './booking';
import { z } from './zod';

/**
 * The wire shapes of Safar credit (a credit shell): money a traveller chose to keep with Safar
 * instead of getting it back to the original payment method, spendable on later bookings.
 * Money is integer paise.
 */

export const CREDIT_MESSAGES = {
  nothingToApply: 'There is no Safar credit to apply',
  amountTooLarge: 'Apply at most your Safar credit balance and at most what is still due',
  notHeld: 'Safar credit can only be applied to a booking awaiting payment',
  changeNotSupported: 'Pay for a flight change by card or UPI',
  alreadyApplied: 'Safar credit is already applied to this booking',
} as const;

/** What a ledger entry was: a refund kept as credit, credit spent on a booking, or spent credit given back (the hold ended unpaid). */
const CREDIT_ENTRY_KINDS = ['refund', 'spend', 'return'] as const;

const CreditEntrySchema = z
  .object({
    id: z.string(),
    kind: z.enum(CREDIT_ENTRY_KINDS),
    /** Positive adds credit, negative spends it. */
    amountPaise: z.number().int(),
    bookingId: z.string().nullable(),
    pnr: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'CreditEntry' });
export type CreditEntry = z.infer<typeof CreditEntrySchema>;

/** GET /api/account/credit: the balance and every entry, newest first. */
export const CreditAnswerSchema = z.object({ balancePaise: z.number().int().min(0), entries: z.array(CreditEntrySchema) }).meta({ id: 'CreditAnswer' });
export type CreditAnswer = z.infer<typeof CreditAnswerSchema>;

/** Body of POST /api/bookings/{id}/credit: how much Safar credit to spend on this held booking. */
export const ApplyCreditBodySchema = z.object({
  amountPaise: z.number({ message: 'amountPaise must be a number' }).int('amountPaise must be whole paise').min(1, CREDIT_MESSAGES.nothingToApply),
});

/** The booking after the credit was applied (confirmed when the credit covered everything) and what is still due by card or UPI. */
export const ApplyCreditAnswerSchema = z
  .object({ booking: BookingViewSchema, appliedPaise: z.number().int().min(1), duePaise: z.number().int().min(0), balancePaise: z.number().int().min(0) })
  .meta({ id: 'ApplyCreditAnswer' });
export type ApplyCreditAnswer = z.infer<typeof ApplyCreditAnswerSchema>;
