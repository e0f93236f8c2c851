import {
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type PasskeyInfo, describeUserAgent } from '../../core/account';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import type { AccountUser } from './accounts';

/** The relying party: its id (a host name) and the exact origin the browser must report. */
export interface RelyingParty {
  rpID: string;
  origin: string;
}

/** A ceremony must finish within 5 minutes of its options. */
const CHALLENGE_TTL_MS = 5 * 60_000;

/** The WebAuthn user handle of an account: its id's bytes, so a credential names its owner. */
function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

function passkeyFailed(): AppError {
  return new AppError('unauthorized', ACCOUNT_MESSAGES.passkeyFailed);
}

/** Takes a challenge once: deleted as it is read, so a ceremony can never be replayed. */
async function takeChallenge(db: Db, clock: Clock, id: string, purpose: 'register' | 'authenticate', userId: string | null): Promise<string | null> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.id, id), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, clock.now())))
    .returning();
  if (!row || row.userId !== userId) return null;
  return row.challenge;
}

async function storeChallenge(db: Db, clock: Clock, challenge: string, purpose: 'register' | 'authenticate', userId: string | null): Promise<string> {
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(clock.now().getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/**
 * Options for adding a passkey to a signed-in account (a discoverable credential, so it can
 * sign in without typing the email); the challenge is kept server-side for 5 minutes.
 * @example const { challengeId, optionsJSON } = await startPasskeyRegistration(db, clock, rp, user)
 */
export async function startPasskeyRegistration(db: Db, clock: Clock, rp: RelyingParty, user: AccountUser) {
  const [account] = await db.select({ displayName: users.displayName }).from(users).where(eq(users.id, user.id));
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id));
  const optionsJSON = await generateRegistrationOptions({
    rpName: 'Safar',
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: account?.displayName ?? user.email,
    userID: userHandleOf(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, ...(row.transports ? { transports: row.transports } : {}) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const challengeId = await storeChallenge(db, clock, optionsJSON.challenge, 'register', user.id);
  // Every excluded credential is a public-key credential; the library types the field as any string.
  const excludeCredentials = optionsJSON.excludeCredentials?.map((credential) => ({ ...credential, type: 'public-key' as const }));
  return { challengeId, optionsJSON: { ...optionsJSON, excludeCredentials } };
}

/**
 * Verifies a new passkey with SimpleWebAuthn (challenge, origin, RP id hash, user presence,
 * attestation format, algorithm) and stores it.
 * @example await finishPasskeyRegistration(db, clock, rp, user, { challengeId, response, userAgent })
 */
export async function finishPasskeyRegistration(
  db: Db,
  clock: Clock,
  rp: RelyingParty,
  user: AccountUser,
  input: { challengeId: string; response: RegistrationResponseJSON; name?: string | undefined; userAgent?: string | undefined },
): Promise<PasskeyInfo> {
  const challenge = await takeChallenge(db, clock, input.challengeId, 'register', user.id);
  if (!challenge) throw new AppError('bad_request', ACCOUNT_MESSAGES.passkeyFailed);
  let verification;
  try {
    verification = await verifyRegistrationResponse({ response: input.response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.rpID, requireUserVerification: false });
  } catch {
    throw new AppError('bad_request', ACCOUNT_MESSAGES.passkeyFailed);
  }
  if (!verification.verified) throw new AppError('bad_request', ACCOUNT_MESSAGES.passkeyFailed);
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  const now = clock.now();
  const name = input.name?.trim() || `Passkey on ${describeUserAgent(input.userAgent)}`;
  const [row] = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: user.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: name.slice(0, 60),
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.id })
    .returning();
  if (!row) throw new AppError('conflict', 'This passkey is already registered.');
  return toInfo(row);
}

/**
 * Options for signing in with a passkey: no credential list (the browser offers the discoverable
 * passkeys it holds for this site, also through autofill).
 * @example const { challengeId, optionsJSON } = await startPasskeyLogin(db, clock, rp)
 */
export async function startPasskeyLogin(db: Db, clock: Clock, rp: RelyingParty) {
  const optionsJSON = await generateAuthenticationOptions({ rpID: rp.rpID, userVerification: 'preferred', allowCredentials: [] });
  const challengeId = await storeChallenge(db, clock, optionsJSON.challenge, 'authenticate', null);
  // Discoverable credentials only: the browser offers the traveller's passkeys, none is named here.
  const { allowCredentials: _none, ...discoverable } = optionsJSON;
  return { challengeId, optionsJSON: discoverable };
}

/**
 * Verifies a passkey assertion with SimpleWebAuthn (challenge, origin, RP id hash, signature,
 * user presence, counter) and returns its account. The user handle, when the authenticator sends
 * one, must name the credential's owner (the relying party's check in WebAuthn §7.2 step 6).
 * Every failure reads the same (401).
 * @example const user = await finishPasskeyLogin(db, clock, rp, { challengeId, response })
 */
export async function finishPasskeyLogin(db: Db, clock: Clock, rp: RelyingParty, input: { challengeId: string; response: AuthenticationResponseJSON }): Promise<AccountUser> {
  const challenge = await takeChallenge(db, clock, input.challengeId, 'authenticate', null);
  if (!challenge) throw passkeyFailed();
  const [row] = await db
    .select({ passkey: passkeys, email: users.email })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.id, input.response.id));
  if (!row) throw passkeyFailed();
  const handle = input.response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandleOf(row.passkey.userId)).toString('base64url')) throw passkeyFailed();
  let verification;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: row.passkey.id,
        publicKey: new Uint8Array(Buffer.from(row.passkey.publicKey, 'base64url')),
        counter: row.passkey.counter,
        ...(row.passkey.transports ? { transports: row.passkey.transports } : {}),
      },
      requireUserVerification: false,
    });
  } catch {
    throw passkeyFailed();
  }
  if (!verification.verified) throw passkeyFailed();
  await db
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: clock.now(), backedUp: verification.authenticationInfo.credentialBackedUp })
    .where(eq(passkeys.id, row.passkey.id));
  return { id: row.passkey.userId, email: row.email };
}

function toInfo(row: typeof passkeys.$inferSelect): PasskeyInfo {
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null, backedUp: row.backedUp };
}

/** A traveller's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: string): Promise<PasskeyInfo[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
  return rows.map(toInfo);
}

/** Removes one of the traveller's passkeys; 404 for an id that is not theirs. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db.delete(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).returning({ id: passkeys.id });
  if (removed.length === 0) throw new AppError('not_found', ACCOUNT_MESSAGES.passkeyNotFound);
}

/** Deletes expired challenges (the auth-cleanup job). */
export async function purgeExpiredChallenges(db: Db, clock: Clock): Promise<number> {
  const removed = await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, clock.now())).returning({ id: webauthnChallenges.id });
  return removed.length;
}
