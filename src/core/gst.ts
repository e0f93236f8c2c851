import { z } from './zod';

/**
 * GST details a business traveller gives at booking, shared by the booking screen and the API.
 * A GSTIN is 15 characters: a 2-digit state code, the holder's PAN (5 letters, 4 digits, 1 letter),
 * an entity number (1–9, A–Z), the letter Z, and a check character (GSTIN mod-36 checksum).
 */

export const GST_MESSAGES = {
  gstinInvalid: 'Enter a valid GSTIN',
  nameRequired: 'Registered name is required',
  nameLength: 'At most 100 characters',
  addressRequired: 'Registered address is required',
  addressLength: 'At most 300 characters',
  textChars: 'Use letters, digits, spaces and , . & ( ) / - \' # : only',
} as const;

/** State and union-territory codes a GSTIN may begin with, and their names (place of supply). */
export const GST_STATES: Readonly<Record<string, string>> = {
  '01': 'Jammu and Kashmir',
  '02': 'Himachal Pradesh',
  '03': 'Punjab',
  '04': 'Chandigarh',
  '05': 'Uttarakhand',
  '06': 'Haryana',
  '07': 'Delhi',
  '08': 'Rajasthan',
  '09': 'Uttar Pradesh',
  '10': 'Bihar',
  '11': 'Sikkim',
  '12': 'Arunachal Pradesh',
  '13': 'Nagaland',
  '14': 'Manipur',
  '15': 'Mizoram',
  '16': 'Tripura',
  '17': 'Meghalaya',
  '18': 'Assam',
  '19': 'West Bengal',
  '20': 'Jharkhand',
  '21': 'Odisha',
  '22': 'Chhattisgarh',
  '23': 'Madhya Pradesh',
  '24': 'Gujarat',
  '25': 'Daman and Diu',
  '26': 'Dadra and Nagar Haveli and Daman and Diu',
  '27': 'Maharashtra',
  '28': 'Andhra Pradesh (before 2014)',
  '29': 'Karnataka',
  '30': 'Goa',
  '31': 'Lakshadweep',
  '32': 'Kerala',
  '33': 'Tamil Nadu',
  '34': 'Puducherry',
  '35': 'Andaman and Nicobar Islands',
  '36': 'Telangana',
  '37': 'Andhra Pradesh',
  '38': 'Ladakh',
};

const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const GSTIN_SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The check character of a GSTIN's first 14 characters: each character's value (0–9, A=10 … Z=35)
 * is multiplied by 1 and 2 alternately from the left, the product's base-36 digits are added, and
 * the check is what brings the sum to a multiple of 36.
 * @example gstinCheckCharacter('27AAPFU0939F1Z') // 'V'
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_ALPHABET.indexOf(first14[i] ?? '');
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET[(36 - (sum % 36)) % 36] ?? '';
}

/**
 * A GSTIN as issued: the shape above, a known state code and the right check character.
 * Upper case only (normaliseGstin upper-cases what a traveller types).
 * @example isValidGstin('27AAPFU0939F1ZV') // true
 */
export function isValidGstin(value: string): boolean {
  const match = GSTIN_SHAPE.exec(value);
  if (!match || GST_STATES[match[1] ?? ''] === undefined) return false;
  return gstinCheckCharacter(value.slice(0, 14)) === value[14];
}

/** What a traveller typed, without spaces and in upper case. */
function normaliseGstin(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** The state a GSTIN is registered in. */
export function gstinState(gstin: string): string | undefined {
  return GST_STATES[gstin.slice(0, 2)];
}

const TEXT_RE = /^[A-Za-z0-9][A-Za-z0-9 ,.&()/'#:\n-]*$/;

/** GST details for business travel, as the booking screen and PUT /api/bookings/{id}/gst-details send them. */
export const GstDetailsSchema = z
  .object({
    gstin: z
      .string({ message: GST_MESSAGES.gstinInvalid })
      .transform(normaliseGstin)
      .pipe(z.string().refine(isValidGstin, GST_MESSAGES.gstinInvalid)),
    registeredName: z
      .string({ message: GST_MESSAGES.nameRequired })
      .trim()
      .min(1, GST_MESSAGES.nameRequired)
      .max(100, GST_MESSAGES.nameLength)
      .regex(TEXT_RE, GST_MESSAGES.textChars),
    registeredAddress: z
      .string({ message: GST_MESSAGES.addressRequired })
      .trim()
      .min(1, GST_MESSAGES.addressRequired)
      .max(300, GST_MESSAGES.addressLength)
      .regex(TEXT_RE, GST_MESSAGES.textChars),
  })
  .meta({ id: 'GstDetails', example: { gstin: '27AAPFU0939F1ZV', registeredName: 'Udaan Traders LLP', registeredAddress: '12 Marine Drive, Mumbai 400020' } });
export type GstDetailsInput = z.input<typeof GstDetailsSchema>;
export type GstDetails = z.output<typeof GstDetailsSchema>;

/** GST details stored with a booking. */
export const GstDetailsViewSchema = z
  .object({ gstin: z.string(), registeredName: z.string(), registeredAddress: z.string(), state: z.string() })
  .meta({ id: 'GstDetailsView' });
export type GstDetailsView = z.infer<typeof GstDetailsViewSchema>;

export const GstDetailsAnswerSchema = z.object({ gstDetails: GstDetailsViewSchema.nullable() });

/**
 * Validates GST details for a form or the server; errors keyed by field.
 * @example validateGstDetails({ gstin: '27AAPFU0939F1ZA', registeredName: 'A', registeredAddress: 'B' }) // { ok: false, fields: { gstin: 'Enter a valid GSTIN' } }
 */
export function validateGstDetails(input: unknown): { ok: true; details: GstDetails } | { ok: false; fields: Record<string, string> } {
  const result = GstDetailsSchema.safeParse(input);
  if (result.success) return { ok: true, details: result.data };
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.map(String).join('.') || 'gstin'] ??= issue.message;
  return { ok: false, fields };
}

/** A tax invoice as the ticket page and profile list it. Money is integer paise. */
export const TaxInvoiceViewSchema = z
  .object({
    number: z.string().meta({ example: 'SAF/2026-27/000001' }),
    financialYear: z.string().meta({ example: '2026-27' }),
    issuedAt: z.string(),
    bookingId: z.string(),
    pnr: z.string(),
    gstin: z.string(),
    serviceFeePaise: z.number().int(),
    serviceGstPaise: z.number().int(),
    collectedForAirlinePaise: z.number().int(),
    totalPaise: z.number().int(),
  })
  .meta({ id: 'TaxInvoice' });
export type TaxInvoiceView = z.infer<typeof TaxInvoiceViewSchema>;
export const TaxInvoiceAnswerSchema = z.object({ invoice: TaxInvoiceViewSchema });
export const TaxInvoiceListSchema = z.object({ invoices: z.array(TaxInvoiceViewSchema) });

/**
 * The Indian financial year (April–March) of an India date, as "2026-27".
 * @example financialYearOf('2027-03-31') // '2026-27'
 */
export function financialYearOf(indiaDate: string): string {
  const year = Number(indiaDate.slice(0, 4));
  const month = Number(indiaDate.slice(5, 7));
  const start = month >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}
