import { randomInt } from 'node:crypto';
import { getAirline } from '../world/airlines';

/**
 * Identifiers a booking carries. None comes from a database sequence: sequences skip
 * values after a crash and leak volume, and these must be unguessable enough that a
 * PNR alone reveals nothing.
 */

/** Letters and digits without look-alikes (no 0/O, 1/I/L). */
export const PNR_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A 6-character booking reference from a cryptographic random source.
 * @example newPnr() // 'K7QM4X'
 */
export function newPnr(): string {
  let pnr = '';
  for (let i = 0; i < 6; i += 1) pnr += PNR_ALPHABET[randomInt(PNR_ALPHABET.length)] ?? 'A';
  return pnr;
}

/**
 * Booking id 'BK' + milliseconds timestamp. The first attempt is the bare
 * timestamp; later attempts (the same millisecond was taken) append three random digits.
 * @example newBookingId(new Date('2024-11-21T09:06:40Z'), 0) // 'BK1732180000000'
 */
export function newBookingId(now: Date, attempt: number): string {
  const base = `BK${now.getTime()}`;
  return attempt === 0 ? base : `${base}${String(randomInt(1000)).padStart(3, '0')}`;
}

/** Prefix for carriers we do not know: IATA never assigned 000 to an airline. */
const UNKNOWN_PREFIX = '000';

/**
 * A 13-digit e-ticket number: the airline's 3-digit accounting prefix, a 9-digit serial and
 * the serial's modulus-7 check digit (the check airlines print on tickets).
 * @example newTicketNumber('6E') // '3124829301726'
 */
export function newTicketNumber(carrier: string): string {
  const prefix = getAirline(carrier)?.ticketPrefix ?? UNKNOWN_PREFIX;
  const serial = String(randomInt(1_000_000_000)).padStart(9, '0');
  const check = Number(BigInt(`${prefix}${serial}`) % 7n);
  return `${prefix}${serial}${check}`;
}

/**
 * True when a ticket number is 13 digits whose last digit is the mod-7 check of the first 12.
 * @example isValidTicketNumber(newTicketNumber('AI')) // true
 */
export function isValidTicketNumber(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  return Number(BigInt(value.slice(0, 12)) % 7n) === Number(value.slice(12));
}
