import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type TokenPurpose } from '../../core/account';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { accountTokens, users } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { hashSessionToken, newSessionToken } from './tokens';

/** How long a mailed link works: 30 minutes for a reset, a day to verify or change an address. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  'password-reset': 30 * 60_000,
  'verify-email': 24 * 60 * 60_000,
  'change-email': 24 * 60 * 60_000,
};

/**
 * Issues a single-use token for one purpose and returns it raw (for the mail); only its SHA-256
 * is stored. Every older unused token of the same purpose for the account is spent in the same
 * transaction, with the account row locked, so the newest link is always the only one that works.
 * @example const token = await issueAccountToken(db, clock, user.id, 'password-reset')
 */
export async function issueAccountToken(db: Db, clock: Clock, userId: string, purpose: TokenPurpose, email: string | null = null): Promise<string> {
  const now = clock.now();
  const token = newSessionToken();
  await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
    await tx.insert(accountTokens).values({
      userId,
      purpose,
      tokenHash: hashSessionToken(token),
      email,
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[purpose]),
    });
  });
  return token;
}

/**
 * Spends a token: one conditional UPDATE (unused, unexpired, this purpose), so of two requests
 * racing with one token exactly one gets the row. Expired, spent, forged or foreign-purpose
 * tokens all give the same 400 and change nothing.
 * @example const { userId } = await consumeAccountToken(tx, clock, token, 'password-reset')
 */
export async function consumeAccountToken(tx: Db | Tx, clock: Clock, token: string, purpose: TokenPurpose): Promise<{ userId: string; email: string | null }> {
  const now = clock.now();
  const [row] = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.tokenHash, hashSessionToken(token)), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, now)))
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (!row) throw new AppError('bad_request', ACCOUNT_MESSAGES.tokenInvalid, { token: ACCOUNT_MESSAGES.tokenInvalid });
  return row;
}

/**
 * Spends every unused token of the given purposes for an account (a password or email change
 * makes mailed reset links worthless).
 */
export async function spendAccountTokens(tx: Db | Tx, clock: Clock, userId: string, purposes: TokenPurpose[]): Promise<void> {
  for (const purpose of purposes) {
    await tx
      .update(accountTokens)
      .set({ usedAt: clock.now() })
      .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)));
  }
}

/** The address of the newest live email-change token, if any. */
export async function pendingEmailChange(db: Db, clock: Clock, userId: string): Promise<string | null> {
  const rows = await db
    .select({ email: accountTokens.email, createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, 'change-email'), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, clock.now())));
  rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return rows[0]?.email ?? null;
}

/**
 * Deletes link tokens past their expiry, used or not: an expired link can prove nothing.
 * @example await purgeExpiredAccountTokens(db, clock)
 */
export async function purgeExpiredAccountTokens(db: Db, clock: Clock): Promise<number> {
  const removed = await db.delete(accountTokens).where(lte(accountTokens.expiresAt, clock.now())).returning({ id: accountTokens.id });
  return removed.length;
}
