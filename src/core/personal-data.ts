import { AlertViewSchema } from './alerts';
import { BookingViewSchema, PASSENGER_MESSAGES, PASSENGER_TITLES, PassengerViewSchema, isValidAadhaar, isValidIndianMobile } from './booking';
import { GroupViewSchema } from './companion';
import { GstDetailsViewSchema, TaxInvoiceViewSchema } from './gst';
import { NoticeSchema } from './notifications';
import { SavedPlanViewSchema } from './planner';
import { TrackingEntrySchema } from './tracking';
import { z } from './zod';

/**
 * Saved travellers, consent and "Your data": the contract shared by the profile screens and the API.
 */

export const SAVED_TRAVELLER_MESSAGES = {
  notFound: 'Saved traveller not found',
  tooMany: 'At most 20 saved travellers',
} as const;

export const MAX_SAVED_TRAVELLERS = 20;

const NAME_RE = /^[A-Za-z][A-Za-z .'-]*$/;
const name = (message: string) => z.string({ message }).trim().min(1, message).max(50, PASSENGER_MESSAGES.nameLength).regex(NAME_RE, PASSENGER_MESSAGES.nameChars);
const blankToUndefined = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

function isRealPastDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value) && value >= '1900-01-01';
}

/**
 * A co-traveller as the profile form sends it. Aadhaar, when given, is the full 12 digits and is
 * reduced to its last four before it is stored; mobile is optional (required at booking for adults).
 */
export const SavedTravellerBodySchema = z
  .object({
    title: z.enum(PASSENGER_TITLES, { message: PASSENGER_MESSAGES.titleRequired }),
    firstName: name(PASSENGER_MESSAGES.firstNameRequired),
    middleName: z.string().max(50, PASSENGER_MESSAGES.nameLength).optional().transform(blankToUndefined).pipe(z.string().regex(NAME_RE, PASSENGER_MESSAGES.nameChars).optional()),
    lastName: name(PASSENGER_MESSAGES.lastNameRequired),
    dob: z.string({ message: PASSENGER_MESSAGES.dobRequired }).trim().min(1, PASSENGER_MESSAGES.dobRequired).refine(isRealPastDate, PASSENGER_MESSAGES.dobInvalid),
    mobileNo: z.string().max(20).optional().transform(blankToUndefined).pipe(z.string().refine(isValidIndianMobile, PASSENGER_MESSAGES.mobileIndian).optional()),
    aadharCard: z.string().max(20).optional().transform(blankToUndefined).pipe(z.string().regex(/^\d{12}$/, PASSENGER_MESSAGES.aadhaarDigits).refine(isValidAadhaar, PASSENGER_MESSAGES.aadhaarInvalid).optional()),
  })
  .meta({ id: 'SavedTravellerBody', example: { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02', mobileNo: '9876543210' } });
export type SavedTravellerBody = z.input<typeof SavedTravellerBodySchema>;

/** A saved co-traveller reads like a booked passenger without the booking's own fields. */
const SavedTravellerViewSchema = PassengerViewSchema.pick({ id: true, title: true, firstName: true, middleName: true, lastName: true, dob: true, mobileNo: true, aadhaarMasked: true })
  .extend({ createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'SavedTraveller' });
export type SavedTravellerView = z.infer<typeof SavedTravellerViewSchema>;
export const SavedTravellerAnswerSchema = z.object({ traveller: SavedTravellerViewSchema });
export const SavedTravellerListSchema = z.object({ travellers: z.array(SavedTravellerViewSchema) });
export const SavedFromBookingSchema = z.object({ travellers: z.array(SavedTravellerViewSchema), added: z.number().int() });

/**
 * Validates a saved traveller for the form; errors keyed by field.
 * @example validateSavedTraveller({ title: 'Mr' }).ok // false
 */
export function validateSavedTraveller(input: unknown): { ok: true; traveller: z.output<typeof SavedTravellerBodySchema> } | { ok: false; fields: Record<string, string> } {
  const result = SavedTravellerBodySchema.safeParse(input);
  if (result.success) return { ok: true, traveller: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.')] ??= issue.message;
  return { ok: false, fields };
}

// ---------------------------------------------------------------------------
// Consent

export const CONSENT_PURPOSES = ['marketing-email'] as const;

/** The words next to the checkbox, stored with every choice so the record says what was agreed to. */
export const MARKETING_CONSENT_WORDING = 'Email me offers and travel news from Safar. I can change this at any time.';

export const ConsentsSchema = z
  .object({
    marketingEmail: z.object({ granted: z.boolean(), recordedAt: z.string().nullable(), wording: z.string() }),
  })
  .meta({ id: 'Consents' });
export type Consents = z.infer<typeof ConsentsSchema>;
export const SetConsentsBodySchema = z.object({ marketingEmail: z.boolean({ message: 'Choose yes or no' }) }).meta({ example: { marketingEmail: true } });

// ---------------------------------------------------------------------------
// Your data

export const ACCOUNT_MESSAGES = {
  passwordRequired: 'Enter your password to confirm',
  passwordWrong: 'That password is not right',
  confirmRequired: 'Type DELETE to confirm',
  deleted: 'Your account has been deleted',
} as const;

export const DeleteAccountBodySchema = z
  .object({
    password: z.string({ message: ACCOUNT_MESSAGES.passwordRequired }).min(1, ACCOUNT_MESSAGES.passwordRequired).max(200),
    confirm: z.literal('DELETE', { message: ACCOUNT_MESSAGES.confirmRequired }),
  })
  .meta({ example: { password: 'your-password', confirm: 'DELETE' } });

export const AccountDeletedSchema = z.object({ deleted: z.literal(true) });

const SessionExportSchema = z.object({ createdAt: z.string(), lastSeenAt: z.string(), expiresAt: z.string(), current: z.boolean() });
const PaymentExportSchema = z.object({
  bookingId: z.string(),
  provider: z.string(),
  method: z.string(),
  amountPaise: z.number().int(),
  status: z.string(),
  createdAt: z.string(),
});
const ConsentEventExportSchema = z.object({ purpose: z.enum(CONSENT_PURPOSES), granted: z.boolean(), wording: z.string(), recordedAt: z.string() });
const PushExportSchema = z.object({ endpointHost: z.string(), createdAt: z.string() });

/** Everything Safar holds about a traveller, as the "Your data" download gives it. */
export const DataExportSchema = z
  .object({
    exportedAt: z.string(),
    account: z.object({ id: z.string(), email: z.string(), displayName: z.string().nullable(), createdAt: z.string() }),
    sessions: z.array(SessionExportSchema),
    bookings: z.array(BookingViewSchema),
    gstDetails: z.array(GstDetailsViewSchema.extend({ bookingId: z.string() })),
    invoices: z.array(TaxInvoiceViewSchema),
    payments: z.array(PaymentExportSchema),
    savedTravellers: z.array(SavedTravellerViewSchema),
    priceAlerts: z.array(AlertViewSchema),
    tripPlans: z.array(SavedPlanViewSchema),
    groups: z.array(GroupViewSchema),
    notices: z.array(NoticeSchema),
    favouriteRoutes: z.array(z.string()),
    flightTracking: z.array(TrackingEntrySchema),
    pushSubscriptions: z.array(PushExportSchema),
    consents: z.array(ConsentEventExportSchema),
  })
  .meta({ id: 'DataExport' });
export type DataExport = z.infer<typeof DataExportSchema>;
