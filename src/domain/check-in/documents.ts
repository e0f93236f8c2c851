import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TravelDocumentInput } from '../../core/check-in';

/**
 * Travel documents at rest: sealed with AES-256-GCM under the documents key (a fresh 12-byte IV
 * per seal, the 16-byte tag checked on opening), stored as "v1.<iv>.<ciphertext>.<tag>" in
 * base64url. Only the masked passport number is ever shown or kept in the clear.
 */

const VERSION = 'v1';

/**
 * Seals a document with a 32-byte key.
 * @example const sealed = sealDocument(key, { passportNumber: 'K1234567', nationality: 'IN', expiresOn: '2031-05-20' })
 */
export function sealDocument(key: Uint8Array, document: TravelDocumentInput): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(document), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** Opens a sealed document; throws when the key is wrong or the text was altered. */
export function openDocument(key: Uint8Array, sealed: string): TravelDocumentInput {
  const [version, iv, body, tag] = sealed.split('.');
  if (version !== VERSION || !iv || !body || !tag) throw new Error('Not a sealed travel document');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('Not a sealed travel document');
  const { passportNumber, nationality, expiresOn } = parsed as Record<string, unknown>;
  if (typeof passportNumber !== 'string' || typeof nationality !== 'string' || typeof expiresOn !== 'string') throw new Error('Not a sealed travel document');
  return { passportNumber, nationality, expiresOn };
}

/**
 * A passport number as shown: all but the last three characters hidden.
 * @example maskDocumentNumber('K1234567') // '*****567'
 */
export function maskDocumentNumber(number: string): string {
  return `${'*'.repeat(Math.max(number.length - 3, 0))}${number.slice(-3)}`;
}

/**
 * Whether a passport's expiry (YYYY-MM-DD) is a real date after the travel date (the leg's local departure date).
 * @example validAfter('2031-05-20', '2026-12-24') // true
 */
export function validAfter(expiresOn: string, travelDate: string): boolean {
  const date = new Date(`${expiresOn}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== expiresOn) return false;
  return expiresOn > travelDate.slice(0, 10);
}
