import { createHash, randomBytes } from 'node:crypto';

/**
 * A new 256-bit session token for the cookie (base64url, 43 characters).
 * @example newSessionToken() // 'q3X...'
 */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps instead of the token: its SHA-256 in hex, so a leaked
 * sessions table cannot be replayed as cookies.
 * @example hashSessionToken('abc') // 'ba7816bf...'
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
