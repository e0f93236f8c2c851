import { BookingViewSchema } from './booking';
import { ChangeQuoteSchema, REFUND_DESTINATIONS, REFUND_STATUSES, RefundQuoteSchema } from './fares';
import { ItinerarySchema } from './search';
import { z } from './zod';

/**
 * The wire shapes of cancelling and changing a confirmed booking (the trip after the ticket).
 * Money is integer paise. Passengers are named by their position in the booking (0-based).
 */

export const TRIP_CHANGE_MESSAGES = {
  choosePassengers: 'Choose at least one passenger to cancel',
  unknownPassenger: 'Choose passengers of this booking who have not cancelled',
  infantAlone: 'An infant cannot travel without an adult: cancel the infant too, or keep an adult',
  notCancellable: 'This booking cannot be cancelled',
  refundChanged: 'The refund has changed since you looked. Please review the new amount.',
  notChangeable: 'This booking cannot be changed',
  dueChanged: 'The amount due has changed since you looked. Please review it.',
  moneyBackChanged: 'The money paid back has changed since you looked. Please review it.',
  changeDateRequired: 'Choose a new travel date',
  unknownJourney: 'Choose a journey of this booking',
  wholeJourney: 'A journey is cancelled for every passenger still travelling',
} as const;

/** Reasons carried by 409s of this flow (`error.reason`). */
export const TRIP_CHANGE_REASONS = { refundChanged: 'refund-changed', dueChanged: 'due-changed', quoteExpired: 'quote-expired' } as const;

const positions = z.array(z.number().int().min(0).max(8)).max(9);

/** Query of GET /api/bookings/{bookingId}/cancellation-quote: passenger positions as "0,2"; omitted: every passenger still travelling. */
export const CancellationQuoteQuerySchema = z.object({
  passengers: z
    .string()
    .regex(/^\d(,\d)*$/, TRIP_CHANGE_MESSAGES.unknownPassenger)
    .optional(),
  /** One journey of a whole-trip booking (0-based, in travel order) to cancel alone, for every passenger still travelling; omitted: the whole booking. */
  journey: z.string().regex(/^\d$/, 'Choose a journey of this booking').optional(),
});

export const CancellationQuoteAnswerSchema = z
  .object({
    passengers: positions,
    quote: RefundQuoteSchema,
    /** Whether a refund to Safar credit may be chosen instead of the original payment method. */
    creditOffered: z.boolean(),
  })
  .meta({ id: 'CancellationQuoteAnswer' });
export type CancellationQuoteAnswer = z.infer<typeof CancellationQuoteAnswerSchema>;

/**
 * 409 body when the refund differs from the one quoted (`refund-changed`), or a remote supplier's
 * cancellation quote expired before it was confirmed (`quote-expired`): the new quote to review
 * (nothing was cancelled).
 */
export const RefundChangedBodySchema = CancellationQuoteAnswerSchema.extend({
  error: z.object({ code: z.literal('conflict'), reason: z.enum([TRIP_CHANGE_REASONS.refundChanged, TRIP_CHANGE_REASONS.quoteExpired]), message: z.string() }),
}).meta({ id: 'RefundChanged' });
export type RefundChangedBody = z.infer<typeof RefundChangedBodySchema>;

/** Body of POST /api/bookings/{bookingId}/cancellations (with an Idempotency-Key). */
export const CancellationRequestSchema = z.object({
  passengers: positions.min(1, TRIP_CHANGE_MESSAGES.choosePassengers),
  /** The original payment method unless the traveller chose Safar credit. */
  destination: z.enum(REFUND_DESTINATIONS).default('original'),
  /** The refund the traveller saw; a different refund now answers 409 refund-changed with the new quote. */
  quotedRefundPaise: z.number().int().min(0),
  /**
   * One journey of a whole-trip booking (0-based, in travel order) to cancel alone, by its own fare
   * rules; `passengers` must then be every passenger still travelling. Omitted: the passengers' whole trip.
   */
  journey: z.number({ message: 'Choose a journey of this booking' }).int('Choose a journey of this booking').min(0, 'Choose a journey of this booking').max(5, 'Choose a journey of this booking').optional(),
});
export type CancellationRequest = z.infer<typeof CancellationRequestSchema>;

export const RefundViewSchema = z
  .object({
    id: z.string(),
    amountPaise: z.number().int(),
    destination: z.enum(REFUND_DESTINATIONS),
    status: z.enum(REFUND_STATUSES),
    /** "Card", "UPI" or "Safar credit". */
    methodLabel: z.string(),
    requestedAt: z.string(),
    sentAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    /** The legal deadline for the money to arrive. */
    dueBy: z.string(),
  })
  .meta({ id: 'RefundView' });
export type RefundView = z.infer<typeof RefundViewSchema>;

const CancellationViewSchema = z
  .object({
    id: z.string(),
    passengers: positions,
    quote: RefundQuoteSchema,
    refundPaise: z.number().int(),
    retainedPaise: z.number().int(),
    destination: z.enum(REFUND_DESTINATIONS),
    createdAt: z.string(),
  })
  .meta({ id: 'CancellationView' });
export type CancellationView = z.infer<typeof CancellationViewSchema>;

export const CancellationAnswerSchema = z.object({ booking: BookingViewSchema, cancellation: CancellationViewSchema, refunds: z.array(RefundViewSchema) });
export type CancellationAnswer = z.infer<typeof CancellationAnswerSchema>;

/** GET /api/bookings/{bookingId}/refunds: the refund tracker. */
export const RefundsAnswerSchema = z.object({ cancellations: z.array(CancellationViewSchema), refunds: z.array(RefundViewSchema) });
export type RefundsAnswer = z.infer<typeof RefundsAnswerSchema>;

/** Query of GET /api/bookings/{bookingId}/change-options. */
export const ChangeOptionsQuerySchema = z.object({
  date: z.string({ message: TRIP_CHANGE_MESSAGES.changeDateRequired }).regex(/^\d{4}-\d{2}-\d{2}$/, TRIP_CHANGE_MESSAGES.changeDateRequired),
  /** One journey of a whole-trip booking (0-based, in travel order) to change; required for a trip of several journeys. */
  journey: z.string().regex(/^\d$/, TRIP_CHANGE_MESSAGES.unknownJourney).optional(),
});

const ChangeOptionSchema = z.object({ itinerary: ItinerarySchema, quote: ChangeQuoteSchema });
export type ChangeOption = z.infer<typeof ChangeOptionSchema>;

/** Flights on the same route, cabin and fare family on the date asked, each with what changing to it costs now. */
export const ChangeOptionsAnswerSchema = z.object({ date: z.string(), options: z.array(ChangeOptionSchema) }).meta({ id: 'ChangeOptionsAnswer' });
export type ChangeOptionsAnswer = z.infer<typeof ChangeOptionsAnswerSchema>;

/** Body of POST /api/bookings/{bookingId}/changes (with an Idempotency-Key). */
export const ChangeRequestSchema = z.object({
  itineraryId: z.string().min(1).max(400),
  /** What the traveller saw as due; a different amount now answers 409 due-changed with the new quote. */
  quotedDuePaise: z.number().int().min(0),
  /** What the traveller saw paid back by the change (`quote.refundPaise`); when sent, a different amount now answers 409 due-changed with the new quote. */
  quotedRefundPaise: z.number().int().min(0).optional(),
  /**
   * One journey of a whole-trip booking (0-based, in travel order) to change to the new flight, by
   * that journey's fare rules; the other journeys stay as they are. Required for a trip of several journeys.
   */
  journey: z.number({ message: TRIP_CHANGE_MESSAGES.unknownJourney }).int(TRIP_CHANGE_MESSAGES.unknownJourney).min(0, TRIP_CHANGE_MESSAGES.unknownJourney).max(5, TRIP_CHANGE_MESSAGES.unknownJourney).optional(),
});
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

/**
 * The new booking holding the new flight (`changedFrom` names the old one) and what is due. When
 * nothing is due it is already confirmed; otherwise it is paid through the normal checkout.
 */
export const ChangeAnswerSchema = z.object({ booking: BookingViewSchema, quote: ChangeQuoteSchema });
export type ChangeAnswer = z.infer<typeof ChangeAnswerSchema>;
