import { z } from './zod';
import { SUPPLIER_ORDER_STATES, SupplierSeatViewSchema, supplierIdSchema } from './suppliers';
import { DISPLAY_STATUSES } from './fares';
import { CABINS, ItinerarySchema, LegAirportSchema } from './search';
import { fareFamilyId } from './fares';
import { hasInvisibleOrControl } from './text';
import { BookingJourneySchema, MAX_JOURNEYS, TRIP_MESSAGES, TripJourneyRequestSchema } from './trip';

/**
 * The booking contract shared by the booking screens and the booking API. Messages are the
 * product's own wording where it has one, character for character; the stricter real-world rules
 * (Indian mobile, Aadhaar checksum, age on the travel date) add their own messages.
 */

export const PASSENGER_TITLES = ['Mr', 'Ms', 'Mrs'] as const;
export type PassengerTitle = (typeof PASSENGER_TITLES)[number];

/** Labels for passenger types. */
export const PASSENGER_KINDS = ['Adult', 'Child', 'Infant'] as const;
export type PassengerKind = (typeof PASSENGER_KINDS)[number];

export const MAX_PASSENGERS = 9;
/** How long a hold keeps its seats before the sweeper releases them. */
export const HOLD_MINUTES = 10;

export const PASSENGER_MESSAGES = {
  titleRequired: 'Title is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  dobRequired: 'Date of birth is required',
  typeRequired: 'Passenger type is required',
  mobileRequired: 'Mobile number is required for adults',
  mobileDigits: 'Mobile number must be 10 digits',
  mobileIndian: 'Enter a valid Indian mobile number',
  aadhaarDigits: 'Aadhar card must be 12 digits',
  aadhaarInvalid: 'Enter a valid Aadhaar number',
  adultAge: 'An adult must be 12 or older on the travel date',
  childAge: 'A child must be 2 to 11 on the travel date',
  infantAge: 'An infant must be under 2 on the travel date',
  dobAfterTravel: 'Date of birth must be on or before the travel date',
  dobInvalid: 'Use a date like 1990-05-24',
  nameChars: "Use letters, spaces, hyphens, dots and apostrophes only",
  nameLength: 'At most 50 characters',
  atLeastOneAdult: 'At least one adult must travel',
  infantsWithAdults: 'Each infant must travel with an adult',
  tooMany: `At most ${MAX_PASSENGERS} passengers per booking`,
  noPassengers: 'Add at least one passenger',
  formToast: 'Please fix the errors in passenger details',
} as const;

export const UPI_MESSAGE = 'Please enter a valid UPI ID';

/** Reasons carried by 4xx booking/payment errors (`error.reason`), so screens can branch on them. */
export const BOOKING_REASONS = {
  priceChanged: 'price-changed',
  soldOut: 'sold-out',
  holdExpired: 'hold-expired',
  paymentFailed: 'payment-failed',
} as const;
export type BookingReason = (typeof BOOKING_REASONS)[keyof typeof BOOKING_REASONS];

export const BOOKING_ERROR_MESSAGES = {
  priceChanged: 'The fare has changed since you searched.',
  soldOut: 'Sorry, these seats have just sold out.',
  holdExpired: 'Your seat hold has expired. Please search again.',
  holdExpiredRefunded: 'Your seat hold expired before payment completed. Your payment has been refunded.',
  cardPaymentFailed: 'Payment failed. Please try again.',
  upiPaymentFailed: 'UPI payment failed. Please try again.',
} as const;

// ---------------------------------------------------------------------------
// Checks

const MULT = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const PERM = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function verhoeffChecksum(digits: string): number {
  let c = 0;
  const reversed = [...digits].reverse();
  reversed.forEach((ch, i) => {
    const p = PERM[i % 8]?.[Number(ch)] ?? 0;
    c = MULT[c]?.[p] ?? 0;
  });
  return c;
}

/**
 * True when a digit string passes the Verhoeff check (its last digit is the checksum).
 * @example isVerhoeffValid('2363') // true
 */
export function isVerhoeffValid(digits: string): boolean {
  return /^\d+$/.test(digits) && verhoeffChecksum(digits) === 0;
}

/**
 * The Verhoeff check digit for a digit string (append it to make a valid number).
 * @example verhoeffCheckDigit('236') // 3
 */
export function verhoeffCheckDigit(digits: string): number {
  return INV[verhoeffChecksum(`${digits}0`)] ?? 0;
}

/**
 * A real Aadhaar number: 12 digits, not starting 0 or 1, Verhoeff check digit last.
 * @example isValidAadhaar('234123412346') // true
 */
export function isValidAadhaar(value: string): boolean {
  return /^[2-9]\d{11}$/.test(value) && isVerhoeffValid(value);
}

/**
 * An Indian mobile number as typed: 10 digits starting 6–9.
 * @example isValidIndianMobile('9876543210') // true
 */
export function isValidIndianMobile(value: string): boolean {
  return /^[6-9]\d{9}$/.test(value);
}

/**
 * A UPI virtual payment address, `name@bank`.
 * @example isValidUpiId('rahul.s@okicici') // true
 */
export function isValidUpiId(value: string): boolean {
  return /^[A-Za-z0-9._-]{2,256}@[A-Za-z]{2,64}$/.test(value);
}

/**
 * Masks all but the last four digits the way the app shows an Aadhaar number.
 * @example maskAadhaar('1234') // 'XXXX XXXX 1234'
 */
export function maskAadhaar(last4: string): string {
  return `XXXX XXXX ${last4}`;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
}

/**
 * Whole years between a date of birth and a day (both YYYY-MM-DD), as birthdays count them.
 * @example ageOn('2014-11-22', '2026-11-21') // 11
 */
export function ageOn(dob: string, day: string): number {
  const [by, bm, bd] = dob.split('-').map(Number);
  const [ty, tm, td] = day.split('-').map(Number);
  if (by === undefined || bm === undefined || bd === undefined || ty === undefined || tm === undefined || td === undefined) return Number.NaN;
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/**
 * The passenger type a date of birth allows on the travel date.
 * @example kindForAge(ageOn('2025-01-01', '2026-12-24')) // 'Infant'
 */
export function kindForAge(age: number): PassengerKind {
  if (age >= 12) return 'Adult';
  if (age >= 2) return 'Child';
  return 'Infant';
}

// ---------------------------------------------------------------------------
// Schemas

/** Empty strings from form inputs mean "not given". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v));

const NAME_RE = /^[A-Za-z][A-Za-z .'-]*$/;

const requiredName = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .max(50, PASSENGER_MESSAGES.nameLength)
    .regex(NAME_RE, PASSENGER_MESSAGES.nameChars);

/** One passenger as the form and POST /api/bookings send it. Type-dependent rules live in passengerSchema's refinement. */
const passengerObject = z.object({
  title: z.enum(PASSENGER_TITLES, { message: PASSENGER_MESSAGES.titleRequired }),
  firstName: requiredName(PASSENGER_MESSAGES.firstNameRequired),
  middleName: optionalText.pipe(z.string().max(50, PASSENGER_MESSAGES.nameLength).regex(NAME_RE, PASSENGER_MESSAGES.nameChars).optional()),
  lastName: requiredName(PASSENGER_MESSAGES.lastNameRequired),
  dob: z
    .string({ message: PASSENGER_MESSAGES.dobRequired })
    .trim()
    .min(1, PASSENGER_MESSAGES.dobRequired)
    .refine(isRealDate, PASSENGER_MESSAGES.dobInvalid),
  type: z.enum(PASSENGER_KINDS, { message: PASSENGER_MESSAGES.typeRequired }),
  mobileNo: optionalText,
  aadharCard: optionalText,
});

export type PassengerInput = z.input<typeof passengerObject>;

/**
 * One passenger, checked against the travel date (local departure date, YYYY-MM-DD).
 * Mobile is dropped for children and infants and Aadhaar for infants (their inputs are disabled).
 * @example passengerSchema('2026-12-24').safeParse({ title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-01-01', type: 'Adult', mobileNo: '9876543210' })
 */
export function passengerSchema(travelDate: string) {
  return memoByDate(passengerSchemas, travelDate, buildPassengerSchema);
}

/**
 * A schema per travel date, built once: building one costs more than a parse, and a server
 * sees few distinct dates at a time (the cache is simply emptied when it fills).
 */
function memoByDate<T>(cache: Map<string, T>, travelDate: string, build: (travelDate: string) => T): T {
  let schema = cache.get(travelDate);
  if (schema === undefined) {
    if (cache.size >= 512) cache.clear();
    schema = build(travelDate);
    cache.set(travelDate, schema);
  }
  return schema;
}

const passengerSchemas = new Map<string, ReturnType<typeof buildPassengerSchema>>();
const passengersSchemas = new Map<string, ReturnType<typeof buildPassengersSchema>>();

function buildPassengerSchema(travelDate: string) {
  return passengerObject
    .superRefine((p, ctx) => {
      if (p.type === 'Adult') {
        if (p.mobileNo === undefined) ctx.addIssue({ code: 'custom', path: ['mobileNo'], message: PASSENGER_MESSAGES.mobileRequired });
        else if (!/^\d{10}$/.test(p.mobileNo)) ctx.addIssue({ code: 'custom', path: ['mobileNo'], message: PASSENGER_MESSAGES.mobileDigits });
        else if (!isValidIndianMobile(p.mobileNo)) ctx.addIssue({ code: 'custom', path: ['mobileNo'], message: PASSENGER_MESSAGES.mobileIndian });
      }
      if (p.type !== 'Infant' && p.aadharCard !== undefined) {
        if (!/^\d{12}$/.test(p.aadharCard)) ctx.addIssue({ code: 'custom', path: ['aadharCard'], message: PASSENGER_MESSAGES.aadhaarDigits });
        else if (!isValidAadhaar(p.aadharCard)) ctx.addIssue({ code: 'custom', path: ['aadharCard'], message: PASSENGER_MESSAGES.aadhaarInvalid });
      }
      if (isRealDate(p.dob) && isRealDate(travelDate)) {
        if (p.dob > travelDate) {
          ctx.addIssue({ code: 'custom', path: ['dob'], message: PASSENGER_MESSAGES.dobAfterTravel });
          return;
        }
        const allowed = kindForAge(ageOn(p.dob, travelDate));
        if (allowed !== p.type) {
          const message = p.type === 'Adult' ? PASSENGER_MESSAGES.adultAge : p.type === 'Child' ? PASSENGER_MESSAGES.childAge : PASSENGER_MESSAGES.infantAge;
          ctx.addIssue({ code: 'custom', path: ['dob'], message });
        }
      }
    })
    .transform((p) => ({
      ...p,
      mobileNo: p.type === 'Adult' ? p.mobileNo : undefined,
      aadharCard: p.type === 'Infant' ? undefined : p.aadharCard,
    }));
}

export type Passenger = z.output<ReturnType<typeof buildPassengerSchema>>;

/**
 * The passenger list: 1–9 passengers, at least one adult, no more infants than adults.
 * List-level errors are on the list itself (field key `passengers` inside a request body).
 * @example passengersSchema('2026-12-24').safeParse([adult, infant])
 */
function passengersSchema(travelDate: string) {
  return memoByDate(passengersSchemas, travelDate, buildPassengersSchema);
}

function buildPassengersSchema(travelDate: string) {
  return z
    .array(passengerSchema(travelDate), { message: PASSENGER_MESSAGES.noPassengers })
    .min(1, PASSENGER_MESSAGES.noPassengers)
    .max(MAX_PASSENGERS, PASSENGER_MESSAGES.tooMany)
    .superRefine((list, ctx) => {
      const adults = list.filter((p) => p.type === 'Adult').length;
      const infants = list.filter((p) => p.type === 'Infant').length;
      if (adults === 0) ctx.addIssue({ code: 'custom', path: [], message: PASSENGER_MESSAGES.atLeastOneAdult });
      else if (infants > adults) ctx.addIssue({ code: 'custom', path: [], message: PASSENGER_MESSAGES.infantsWithAdults });
    });
}

/**
 * Validates passengers for a form or the server and returns errors keyed like the API's
 * `fields`: `passengers.{i}.{field}` per passenger, `passengers` for list rules.
 * @example validatePassengers(list, '2026-12-24') // { ok: false, fields: { 'passengers.0.mobileNo': 'Mobile number is required for adults' } }
 */
export function validatePassengers(
  list: unknown,
  travelDate: string,
): { ok: true; passengers: Passenger[] } | { ok: false; fields: Record<string, string> } {
  const result = passengersSchema(travelDate).safeParse(list);
  if (result.success) return { ok: true, passengers: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = ['passengers', ...issue.path.map(String)].join('.');
    fields[key] ??= issue.message;
  }
  return { ok: false, fields };
}

/** Seats a passenger list occupies: infants travel on a lap. */
export function seatCount(list: readonly { type: PassengerKind }[]): number {
  return list.filter((p) => p.type !== 'Infant').length;
}

// ---------------------------------------------------------------------------
// Requests

export const IdempotencyKeySchema = z
  .string({ message: 'Idempotency-Key header is required' })
  .min(8, 'Idempotency-Key must be 8 to 128 characters')
  .max(128, 'Idempotency-Key must be 8 to 128 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII without spaces');

/**
 * Body of POST /api/bookings. Passengers are checked against the travel date by the server
 * after it knows the itinerary (validatePassengers), so here they are only shaped.
 */
/**
 * Body of POST /api/bookings: one itinerary (`itineraryId`, today's form), or a whole trip of
 * several journeys in travel order (`journeys`, decision 0062) — exactly one of the two.
 * `quotedTotal` is the whole booking's total either way.
 */
export const CreateBookingBodySchema = z.object({
  /** The itinerary to book (one journey); omit when sending `journeys`. */
  itineraryId: z.string({ message: 'Choose a flight to book' }).trim().min(1, 'Choose a flight to book').max(400, 'Choose a flight to book').regex(/^[\x21-\x7e]+$/, 'Choose a flight to book').optional(),
  /** Two or more journeys booked as one trip (a round trip, or every leg of a Multi-City plan), in travel order. */
  journeys: z.array(TripJourneyRequestSchema, { message: TRIP_MESSAGES.tooFewJourneys }).min(2, TRIP_MESSAGES.tooFewJourneys).max(MAX_JOURNEYS, TRIP_MESSAGES.tooManyJourneys).optional(),
  passengers: z.array(z.unknown(), { message: PASSENGER_MESSAGES.noPassengers }).min(1, PASSENGER_MESSAGES.noPassengers).max(MAX_PASSENGERS, PASSENGER_MESSAGES.tooMany),
  quotedTotal: z.number({ message: 'quotedTotal must be a number' }).int('quotedTotal must be whole rupees').min(0, 'quotedTotal must be positive'),
  acceptPriceChange: z.boolean().optional(),
  /** The fare family option chosen from the quote's `families` (its id); the cheapest when absent. */
  fareFamily: fareFamilyId.optional(),
}).superRefine((b, ctx) => {
  if (b.itineraryId === undefined && b.journeys === undefined) ctx.addIssue({ code: 'custom', path: ['itineraryId'], message: 'Choose a flight to book' });
  if (b.itineraryId !== undefined && b.journeys !== undefined) ctx.addIssue({ code: 'custom', path: ['journeys'], message: TRIP_MESSAGES.bothForms });
});
export type CreateBookingBody = z.infer<typeof CreateBookingBodySchema>;

export const PAYMENT_METHODS = ['card', 'upi'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CreatePaymentBodySchema = z
  .object({
    method: z.enum(PAYMENT_METHODS, { message: 'Choose card or UPI' }),
    upiId: z.string().trim().max(330, UPI_MESSAGE).optional(),
  })
  .superRefine((b, ctx) => {
    if (b.method === 'upi' && (b.upiId === undefined || !isValidUpiId(b.upiId)))
      ctx.addIssue({ code: 'custom', path: ['upiId'], message: UPI_MESSAGE });
  });

/** Provider ids are short ASCII tokens (order_…, pay_…); anything else never reaches the database. */
const providerId = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`)
    .regex(/^[A-Za-z0-9_.:-]+$/, `${name} is not a valid id`);

export const ConfirmBookingBodySchema = z.object({
  orderId: providerId('orderId'),
  paymentId: providerId('paymentId'),
  signature: z.string({ message: 'signature is required' }).min(1, 'signature is required').max(200).regex(/^[0-9a-fA-F]+$/, 'signature is not valid'),
});

/** Sandbox test values the checkout dialog shows as hints. */
export const SANDBOX_TEST_VALUES = {
  successCard: '4111 1111 1111 1111',
  declinedCard: '4000 0000 0000 0002',
  successUpi: 'success@sandbox',
  failureUpi: 'failure@sandbox',
} as const;

const luhnValid = (digits: string) => {
  let sum = 0;
  [...digits].reverse().forEach((ch, i) => {
    let d = Number(ch);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  });
  return sum % 10 === 0;
};

export const SandboxCardSchema = z.object({
  number: z
    .string({ message: 'Card number is required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number').refine(luhnValid, 'Enter a valid card number')),
  expiry: z.string({ message: 'Expiry is required' }).trim().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Use MM/YY'),
  cvv: z.string({ message: 'CVV is required' }).trim().regex(/^\d{3,4}$/, 'CVV must be 3 or 4 digits'),
  name: z
    .string({ message: 'Name on card is required' })
    .trim()
    .min(1, 'Name on card is required')
    .max(100, 'Name on card must be at most 100 characters')
    .refine((value) => !hasInvisibleOrControl(value), 'Name on card has characters that are not allowed'),
});

export const SandboxPayBodySchema = z.discriminatedUnion(
  'method',
  [
    z.object({ orderId: providerId('orderId'), method: z.literal('card'), card: SandboxCardSchema }),
    z.object({
      orderId: providerId('orderId'),
      method: z.literal('upi'),
      upiId: z.string({ message: UPI_MESSAGE }).trim().refine(isValidUpiId, UPI_MESSAGE),
    }),
  ],
  { message: 'Choose card or UPI' },
);
export type SandboxPayBody = z.infer<typeof SandboxPayBodySchema>;

// ---------------------------------------------------------------------------
// Views

// Wire types: one schema each, documenting the answers (OpenAPI) and giving the types. The
// server builds these values itself, so they are not parsed on the way out.

/**
 * Stored booking statuses: held → confirmed | expired | cancelled (a hold given back); a confirmed
 * booking → partly_cancelled (some passengers cancelled) → cancelled, or → changed (replaced by
 * the booking its change created, which points back with `changedFrom`).
 */
export const BOOKING_STATUSES = ['held', 'confirmed', 'expired', 'cancelled', 'partly_cancelled', 'changed'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const PassengerViewSchema = z.object({
  id: z.string(),
  title: z.enum(PASSENGER_TITLES),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  dob: z.string(),
  type: z.enum(PASSENGER_KINDS),
  mobileNo: z.string().nullable(),
  /** "XXXX XXXX 1234"; only the last four digits are stored. */
  aadhaarMasked: z.string().nullable(),
  /** 13 digits, set on confirmation. */
  ticketNumber: z.string().nullable(),
  /** When this passenger's travel was cancelled (the booking may go on for the others), else null. */
  cancelledAt: z.string().nullable(),
});
export type PassengerView = z.infer<typeof PassengerViewSchema>;

export const BookingViewSchema = z
  .object({
    /** "BK" + timestamp, e.g. "BK1732180000000". */
    id: z.string().meta({ example: 'BK1732180000000' }),
    pnr: z.string(),
    status: z.enum(BOOKING_STATUSES),
    itinerary: ItinerarySchema,
    passengers: z.array(PassengerViewSchema),
    totalInr: z.number().int(),
    holdExpiresAt: z.string(),
    createdAt: z.string(),
    confirmedAt: z.string().nullable(),
    paymentId: z.string().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS).nullable(),
    /** First leg's origin code, last leg's destination code, first leg's local departure date. */
    source: z.string(),
    destination: z.string(),
    date: z.string(),
    /** The fare family option booked ("6E.SAVER~6E.SAVER"); null for bookings made before fare families. */
    fareFamily: z.string().nullable(),
    /** The booking this one replaced by a change of flight, else null. */
    changedFrom: z.string().nullable(),
    /**
     * Value carried over from the booking a change replaced, in paise (0 otherwise): what a held
     * booking still costs is totalInr × 100 − creditPaise, less anything already paid.
     */
    creditPaise: z.number().int().min(0),
    /** What the traveller sees as its status: from the booking's status and its refunds' (refund pending until every refund completed). */
    displayStatus: z.enum(DISPLAY_STATUSES),
    /**
     * The journeys of the booking in travel order (decision 0062): one for a booking of one
     * itinerary, two or more for a whole trip, each with its legs, PNR and fare family.
     */
    journeys: z.array(BookingJourneySchema),
    /**
     * A remote supplier's booking (absent for the world's): its order, the airline's booking reference and the
     * order's state (`ordering` while Safar confirms it with the airline after payment).
     */
    supplier: z
      .object({
        id: supplierIdSchema,
        orderId: z.string().nullable(),
        bookingReference: z.string().nullable(),
        orderState: z.enum(SUPPLIER_ORDER_STATES).nullable(),
        /** Seats chosen from the airline's seat map (empty when none: the airline assigns seats at check-in); `confirmed` once its order names them. */
        seats: z.array(SupplierSeatViewSchema),
      })
      .optional(),
  })
  .meta({ id: 'BookingView' });
export type BookingView = z.infer<typeof BookingViewSchema>;

/** One booking: the answer of hold, read and confirm. */
export const BookingResponseSchema = z.object({ booking: BookingViewSchema });
export type BookingResponse = z.infer<typeof BookingResponseSchema>;

/**
 * What a booking row offers for web check-in (the bookings list only): `open` (the Check in link,
 * until `closesAt`), `not-open` ("Check-in opens {opensAt}"), or `checked-in`; the leg it speaks
 * for. Null when nothing is left to check in on the web (counter only, closed, not confirmed).
 */
const BookingCheckInSchema = z
  .object({
    legIndex: z.number().int(),
    state: z.enum(['open', 'not-open', 'checked-in']),
    /** ISO instants, when they apply. */
    opensAt: z.string().nullable(),
    closesAt: z.string().nullable(),
    /** The state in words in the leg's local time: "Check-in opens 24 Dec 2026, 06:05", "Check in (closes …)", "Checked in". */
    message: z.string(),
  })
  .meta({ id: 'BookingCheckIn' });
export type BookingCheckIn = z.infer<typeof BookingCheckInSchema>;

export const BookingListSchema = z.object({ bookings: z.array(BookingViewSchema.extend({ checkIn: BookingCheckInSchema.nullable() })) });
export type BookingList = z.infer<typeof BookingListSchema>;
/** A booking as the bookings list answers it: the booking and what it offers for check-in. */
export type BookingListItem = BookingList['bookings'][number];

/** 409 body when the fare moved since the search. */
export const PriceChangedBodySchema = z
  .object({
    error: z.object({ code: z.literal('conflict'), reason: z.literal(BOOKING_REASONS.priceChanged), message: z.string() }),
    oldTotal: z.number().int(),
    newTotal: z.number().int(),
    itinerary: ItinerarySchema,
  })
  .meta({ id: 'PriceChanged' });
export type PriceChangedBody = z.infer<typeof PriceChangedBodySchema>;

export const ProfileStatsSchema = z.object({
  totalBookings: z.number().int(),
  totalSpent: z.number().int(),
  /** City name, or 'N/A'. */
  favoriteDestination: z.string(),
});
export type ProfileStats = z.infer<typeof ProfileStatsSchema>;

export const PAYMENT_PROVIDERS = ['sandbox', 'razorpay'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where a payment row's money came from: a gateway, or the traveller's Safar credit (provider and
 * method both `credit`: spent from the credit ledger, never sent to a gateway).
 */
export const PAYMENT_SOURCES = [...PAYMENT_PROVIDERS, 'credit'] as const;
export const PAID_WITH = [...PAYMENT_METHODS, 'credit'] as const;

/**
 * A payment row: created → authorized (the gateway took the money) → captured (counted towards
 * the booking) → refunding → refunded; refund_blocked needs an operator; failed never took money.
 */
export const PAYMENT_STATUSES = ['created', 'authorized', 'captured', 'refunding', 'refunded', 'refund_blocked', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An Idempotency-Key record: the request is running, or its answer is stored. */
export const IDEMPOTENCY_STATUSES = ['in_progress', 'done'] as const;

export const PaymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  providerName: z.string(),
  upiEnabled: z.literal(true),
  razorpayKeyId: z.string().optional(),
});
export type PaymentConfig = z.infer<typeof PaymentConfigSchema>;

export const PaymentOrderSchema = z
  .object({
    orderId: z.string(),
    provider: z.enum(PAYMENT_PROVIDERS),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
    description: z.string(),
    prefill: z.object({ email: z.string(), contact: z.string() }),
    razorpayKeyId: z.string().optional(),
  })
  .meta({ id: 'PaymentOrder' });
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;

export const SandboxPayResultSchema = z.object({ paymentId: z.string(), orderId: z.string(), signature: z.string() });
export type SandboxPayResult = z.infer<typeof SandboxPayResultSchema>;

export const BoardingPassViewSchema = z
  .object({
    id: z.string(),
    bookingId: z.string(),
    pnr: z.string(),
    /** "Mr Rahul Sharma". */
    passengerName: z.string(),
    airline: z.string(),
    flightNumber: z.string(),
    from: LegAirportSchema,
    to: LegAirportSchema,
    departure: z.string(),
    arrival: z.string(),
    date: z.string(),
    time: z.string(),
    gate: z.string(),
    seat: z.string(),
    cabin: z.enum(CABINS),
    sequence: z.number().int(),
    bcbp: z.string(),
    boardingTime: z.string(),
    /** Local time the boarding gate closes ("05:40"). */
    gateCloses: z.string(),
  })
  .meta({ id: 'BoardingPassView' });
export type BoardingPassView = z.infer<typeof BoardingPassViewSchema>;

export const BoardingPassListSchema = z.object({ passes: z.array(BoardingPassViewSchema) });
