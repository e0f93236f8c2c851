import { decode, encode, type Leg as BcbpPackageLeg } from 'bcbp';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import { CABINS, type Cabin, PASSENGER_TYPES, type PassengerType } from '../../core/search';
import { foldToAscii } from './text';

/**
 * IATA Resolution 792 bar-coded boarding pass strings (format M, version 6).
 * The `bcbp` package lays out the fields; this module normalises our booking data into
 * the fixed-width values the standard wants and refuses anything that would not fit.
 */

/** IATA compartment codes for our cabins. */
const COMPARTMENT_CODES: Record<Cabin, 'Y' | 'W' | 'J' | 'F'> = { economy: 'Y', premium: 'W', business: 'J', first: 'F' };

/** BCBP field 15 "passenger description": 0 adult, 3 child, 4 infant. */
const PASSENGER_DESCRIPTION: Record<PassengerType, string> = { adult: '0', child: '3', infant: '4' };

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}/, 'Use a date like 2026-12-24');

const legSchema = z.object({
  pnr: z.string().trim().regex(/^[A-Za-z0-9]{5,7}$/, 'PNR must be 5 to 7 letters or digits'),
  from: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use a 3-letter airport code'),
  to: z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use a 3-letter airport code'),
  carrier: z.string().trim().regex(/^[A-Za-z0-9]{2,3}$/, 'Use a 2- or 3-character airline code'),
  flightNumber: z.string().trim().min(1, 'Flight number is required'),
  date: isoDate,
  cabin: z.enum(CABINS),
  seat: z.string().trim().regex(/^(\d{1,3}[A-Ka-k]|INF)$/, 'Seat must look like 12C (or INF for an infant)'),
  sequence: z.number().int().min(1).max(9999),
  ticketNumber: z.string().regex(/^\d{13}$/, 'Ticket number must be 13 digits').optional(),
  /** Passenger status: 1 checked in (the default), 0 not yet checked in. */
  status: z.enum(['0', '1']).optional(),
  /** Free baggage allowance, 3 characters: "15K", "2PC". */
  baggage: z.string().regex(/^(\d{2}K|\dPC| \dK)$/, 'Baggage allowance looks like 15K or 2PC').optional(),
});

const inputSchema = z.object({
  lastName: z.string().trim().min(1, 'Last name is required'),
  firstName: z.string().trim().min(1, 'First name is required'),
  middleName: z.string().nullish(),
  passengerType: z.enum(PASSENGER_TYPES).optional(),
  issuedOn: isoDate.optional(),
  legs: z.array(legSchema).min(1, 'A boarding pass needs at least one leg').max(4, 'A boarding pass holds at most 4 legs'),
  /** Source of check-in: W web (the default), V a third-party vendor (Safar on the passenger's behalf). */
  checkInSource: z.enum(['W', 'V']).optional(),
});

export type BcbpLegInput = z.input<typeof legSchema>;
/** One passenger and 1–4 legs. Dates are the flight's LOCAL departure date (an ISO date-time's first 10 characters are used). */
export type BcbpInput = z.input<typeof inputSchema>;

/**
 * "SURNAME/GIVEN MIDDLE", uppercase, ASCII only, at most 20 characters (the BCBP name field).
 * @example bcbpName('Núñez García', 'José', 'Luis') // 'NUNEZ GARCIA/JOSE LU'
 */
export function bcbpName(lastName: string, firstName: string, middleName?: string | null): string {
  const clean = (part: string) =>
    foldToAscii(part)
      .toUpperCase()
      .replace(/['’.-]/g, '')
      .replace(/[^A-Z ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const given = [firstName, middleName ?? ''].map(clean).filter(Boolean).join(' ');
  return `${clean(lastName)}/${given}`.slice(0, 20);
}

/**
 * Flight number as BCBP field 43: 4 digits plus a suffix letter or a space.
 * @example bcbpFlightNumber('6E 378', '6E') // '0378 '
 */
export function bcbpFlightNumber(flightNumber: string, carrier: string): string {
  const compact = flightNumber.replace(/\s+/g, '').toUpperCase();
  const code = carrier.trim().toUpperCase();
  const bare = compact.startsWith(code) && compact.length > code.length ? compact.slice(code.length) : compact;
  const match = /^(\d{1,4})([A-Z]?)$/.exec(bare);
  if (!match) throw new AppError('validation_failed', `Flight number "${flightNumber}" is not 1–4 digits with an optional letter`, { flightNumber: 'Use a flight number like 6E 2134' });
  return `${(match[1] ?? '').padStart(4, '0')}${match[2] || ' '}`;
}

/** Julian day of year (1–366) of a YYYY-MM-DD date, read as a calendar date (no time zone). */
export function dayOfYear(date: string): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const utc = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1);
  return Math.round((utc - Date.UTC(y ?? 0, 0, 0)) / 86_400_000);
}

function calendarDate(date: string): Date {
  return new Date(`${date.slice(0, 10)}T00:00:00Z`);
}

function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'bcbp';
    fields[key] ??= issue.message;
  }
  return new AppError('validation_failed', 'Boarding pass data is incomplete or malformed', fields);
}

/**
 * Builds the IATA BCBP string (format M, version 6) for one passenger and 1–4 legs.
 * The mandatory part of the first leg is 60 characters; the conditional part carries the
 * passenger type, issue date and, per leg, the 13-digit e-ticket number.
 * @example
 * buildBcbp({ lastName: 'Sharma', firstName: 'Ananya', legs: [{ pnr: 'K7QX2M', from: 'DEL', to: 'BOM',
 *   carrier: '6E', flightNumber: '6E 2134', date: '2026-12-24', cabin: 'economy', seat: '12C', sequence: 1 }] })
 * // 'M1SHARMA/ANANYA       EK7QX2M DELBOM6E 2134 358Y012C0001 106>60000'
 */
export function buildBcbp(input: BcbpInput): string {
  const parsed = inputSchema.safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const data = parsed.data;
  const legs: BcbpPackageLeg[] = data.legs.map((leg) => ({
    operatingCarrierPNR: leg.pnr.toUpperCase(),
    departureAirport: leg.from.toUpperCase(),
    arrivalAirport: leg.to.toUpperCase(),
    operatingCarrierDesignator: leg.carrier.toUpperCase(),
    flightNumber: bcbpFlightNumber(leg.flightNumber, leg.carrier),
    flightDate: calendarDate(leg.date),
    compartmentCode: COMPARTMENT_CODES[leg.cabin],
    seatNumber: leg.seat === 'INF' ? 'INF' : leg.seat.toUpperCase().padStart(4, '0'),
    checkInSequenceNumber: String(leg.sequence).padStart(4, '0'),
    passengerStatus: leg.status ?? '1',
    ...(leg.baggage ? { freeBaggageAllowance: leg.baggage } : {}),
    ...(leg.ticketNumber ? { airlineNumericCode: leg.ticketNumber.slice(0, 3), serialNumber: leg.ticketNumber.slice(3) } : {}),
  }));
  const text = encode({
    data: {
      passengerName: bcbpName(data.lastName, data.firstName, data.middleName),
      legs,
      ...(data.passengerType ? { passengerDescription: PASSENGER_DESCRIPTION[data.passengerType] } : {}),
      // Section A is positional: issue date needs the three fields before it (web check-in, web issuance).
      ...(data.issuedOn ? { checkInSource: data.checkInSource ?? 'W', boardingPassIssuanceSource: 'W', issuanceDate: calendarDate(data.issuedOn), documentType: 'B' } : {}),
    },
  });
  return text;
}

interface ParsedBcbpLeg {
  pnr: string;
  from: string;
  to: string;
  carrier: string;
  /** As encoded without padding spaces, e.g. "0378" or "0378A". */
  flightNumber: string;
  dayOfYear: number;
  /** YYYY-MM-DD when the year is known (issue date in the pass, or `referenceYear`), else null. */
  date: string | null;
  compartment: string;
  seat: string;
  sequence: number;
  passengerStatus: string;
  /** 13-digit e-ticket number from the conditional section, when present. */
  ticketNumber: string | null;
  /** Free baggage allowance ("15K", "2PC"), when present. */
  baggage: string | null;
}

export interface ParsedBcbp {
  formatCode: string;
  passengerName: string;
  lastName: string;
  givenNames: string;
  electronicTicket: boolean;
  passengerType: PassengerType | null;
  issuedOn: string | null;
  /** Source of check-in (W web, V third-party vendor), when present. */
  checkInSource: string | null;
  version: number | null;
  legs: ParsedBcbpLeg[];
}

const DESCRIPTION_TYPES: Record<string, PassengerType> = { '0': 'adult', '3': 'child', '4': 'infant' };

/** Start of each leg's mandatory block: 23, then 37 + the previous leg's conditional size. */
function legOffsets(text: string, count: number): number[] {
  const offsets: number[] = [];
  let offset = 23;
  for (let i = 0; i < count; i += 1) {
    offsets.push(offset);
    const size = Number.parseInt(text.slice(offset + 35, offset + 37), 16);
    offset += 37 + (Number.isNaN(size) ? 0 : size);
  }
  return offsets;
}

function resolveDate(day: number, issuedOn: string | null, referenceYear: number | undefined): string | null {
  const year = issuedOn ? Number(issuedOn.slice(0, 4)) : referenceYear;
  if (year === undefined) return null;
  const inYear = (y: number) => new Date(Date.UTC(y, 0, day)).toISOString().slice(0, 10);
  const candidate = inYear(year);
  // A pass is issued before the flight: a day-of-year earlier than the issue date is next year's.
  return issuedOn && candidate < issuedOn ? inYear(year + 1) : candidate;
}

/**
 * Decodes a BCBP string with the `bcbp` package and returns plain fields (for tests and
 * for checking that a pass decodes back to its booking). Throws a 400 AppError on text that
 * is not a format-M pass with 1–4 legs.
 * @example parseBcbp(buildBcbp(input), { referenceYear: 2026 }).legs[0]?.seat // '012C'
 */
export function parseBcbp(text: string, options: { referenceYear?: number } = {}): ParsedBcbp {
  const legCount = Number(text.charAt(1));
  if (text.length < 60 || text.charAt(0) !== 'M' || !(legCount >= 1 && legCount <= 4)) {
    throw new AppError('validation_failed', 'Not an IATA BCBP string', { bcbp: 'Expected format M with 1 to 4 legs and at least 60 characters' });
  }
  const decoded = decode(text, options.referenceYear);
  const data = decoded.data ?? {};
  const meta = decoded.meta ?? {};
  const issuedOn = data.issuanceDate ? data.issuanceDate.toISOString().slice(0, 10) : null;
  const offsets = legOffsets(text, legCount);
  const passengerName = data.passengerName ?? '';
  const [lastName = '', givenNames = ''] = passengerName.split('/');
  return {
    formatCode: meta.formatCode ?? '',
    passengerName,
    lastName,
    givenNames,
    electronicTicket: meta.electronicTicketIndicator === 'E',
    passengerType: DESCRIPTION_TYPES[data.passengerDescription ?? ''] ?? null,
    issuedOn,
    checkInSource: data.checkInSource ?? null,
    version: meta.versionNumber ?? null,
    legs: (data.legs ?? []).map((leg, index) => {
      const day = Number(text.slice((offsets[index] ?? 0) + 21, (offsets[index] ?? 0) + 24));
      return {
        pnr: leg.operatingCarrierPNR ?? '',
        from: leg.departureAirport ?? '',
        to: leg.arrivalAirport ?? '',
        carrier: leg.operatingCarrierDesignator ?? '',
        flightNumber: leg.flightNumber ?? '',
        dayOfYear: day,
        date: Number.isInteger(day) && day > 0 ? resolveDate(day, issuedOn, options.referenceYear) : null,
        compartment: leg.compartmentCode ?? '',
        seat: leg.seatNumber ?? '',
        sequence: Number(leg.checkInSequenceNumber ?? '0'),
        passengerStatus: leg.passengerStatus ?? '',
        ticketNumber: leg.airlineNumericCode && leg.serialNumber ? `${leg.airlineNumericCode}${leg.serialNumber}` : null,
        baggage: leg.freeBaggageAllowance?.trim() || null,
      };
    }),
  };
}
