import { BoardingPassViewSchema } from './booking';
import { z } from './zod';

/** BCBP source of check-in: W web (the traveller), V third-party vendor (Safar on the traveller's behalf). */
export const CHECK_IN_SOURCES = ['W', 'V'] as const;

/** Where a passenger stands for one leg: sent to the counter, window not open yet, open, closed, or already checked in. */
const CHECK_IN_STATES = ['counter', 'not-open', 'open', 'closed', 'checked-in'] as const;

/** Check-in messages shown to travellers (one wording in every layer). */
export const CHECK_IN_MESSAGES = {
  notConfirmed: 'Check-in is for confirmed bookings.',
  withAirline: "Check in on the airline's website or app with the airline booking reference on your ticket: Safar cannot check in flights it sells through another supplier.",
  cancelled: 'This passenger\'s travel was cancelled.',
  unknownPassenger: 'No passenger at this position on the booking.',
  noLeg: 'The booking has no leg with this index.',
  passportNumber: 'Passport number is 6 to 9 letters or digits, e.g. K1234567',
  nationality: 'Use the 2-letter country code of the passport, e.g. IN',
  expiresOn: 'Use the passport\'s expiry date, like 2031-05-20',
  expiresBeforeTravel: 'The passport must be valid after the travel date',
  documentsNeeded: 'Passport details are needed for an international flight',
} as const;

/** A paid seat asked for at check-in: the words shown for the seat field. */
export const CHECK_IN_SEAT_PAID = (seat: string) => `Seat ${seat} costs extra. Paid seats are chosen when booking; at check-in you can take any free seat.`;

const TravelDocumentInputSchema = z
  .object({
    passportNumber: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{6,9}$/, CHECK_IN_MESSAGES.passportNumber),
    nationality: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, CHECK_IN_MESSAGES.nationality),
    expiresOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, CHECK_IN_MESSAGES.expiresOn),
  })
  .meta({ id: 'TravelDocumentInput' });
export type TravelDocumentInput = z.infer<typeof TravelDocumentInputSchema>;

export const CheckInRequestSchema = z
  .object({
    legIndex: z.number().int().min(0, CHECK_IN_MESSAGES.noLeg).max(3, CHECK_IN_MESSAGES.noLeg),
    passengers: z
      .array(
        z.object({
          position: z.number().int().min(0).max(8),
          documents: TravelDocumentInputSchema.optional(),
          /** Another seat for this passenger (a free one; paid seats are chosen at booking). Absent: keep the seat the booking holds. */
          seat: z.string().regex(/^\d{1,2}[A-HJ-Z]$/, 'Seat like 12A').optional(),
          /** The passenger accepts the exit-row conditions (needed for an exit-row seat). */
          exitConditionsAccepted: z.boolean().optional(),
        }),
      )
      .min(1, 'Choose at least one passenger to check in')
      .max(9),
  })
  .meta({ id: 'CheckInRequest' });
export type CheckInRequest = z.infer<typeof CheckInRequestSchema>;

const CheckInPassengerSchema = z.object({
  position: z.number().int(),
  name: z.string(),
  type: z.enum(['adult', 'child', 'infant']),
  state: z.enum(CHECK_IN_STATES),
  /** The state in words: "Check-in opens 24 Dec, 06:05", "Check in", the closed or counter message. */
  message: z.string(),
  /** ISO instants, when they apply. */
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  /** Seat and sequence number once checked in. */
  seat: z.string().nullable(),
  sequence: z.number().int().nullable(),
  passId: z.string().nullable(),
  /** The passport on file, masked ("*****567"), when one is. */
  document: z.object({ maskedNumber: z.string() }).nullable(),
});

const CheckInLegSchema = z.object({
  legIndex: z.number().int(),
  flightNumber: z.string(),
  from: z.string(),
  to: z.string(),
  departure: z.string(),
  international: z.boolean(),
  /** Passport details are needed to check in (international legs). */
  documentsNeeded: z.boolean(),
  boardingAt: z.string(),
  gateClosesAt: z.string(),
  passengers: z.array(CheckInPassengerSchema),
});

export const CheckInStatusSchema = z.object({ bookingId: z.string(), legs: z.array(CheckInLegSchema) }).meta({ id: 'CheckInStatus' });
export type CheckInStatus = z.infer<typeof CheckInStatusSchema>;

export const CheckInAnswerSchema = z.object({ legIndex: z.number().int(), passes: z.array(BoardingPassViewSchema) }).meta({ id: 'CheckInAnswer' });
export type CheckInAnswer = z.infer<typeof CheckInAnswerSchema>;
