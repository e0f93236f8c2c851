import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_MESSAGES } from '../../core/account';
import { AUTH_MESSAGES, normaliseEmail } from '../../core/auth';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ACCOUNT_MAIL, type AccountMailer, queueAccountNotice, sendLinkMail } from './account-mail';
import { consumeAccountToken, issueAccountToken, spendAccountTokens } from './account-tokens';
import { TooManyAttemptsError } from './accounts';
import { hashPassword } from './passwords';
import { type AuthLimits, DEFAULT_AUTH_LIMITS, hitRateLimit } from './rate-limit';
import { endUserSessions } from './sessions';

const recoveryKeys = {
  resetEmail: (email: string) => `reset:email:${normaliseEmail(email)}`,
  resetIp: (ip: string) => `reset:ip:${ip}`,
  accountMail: (userId: string) => `account-mail:${userId}`,
};

/**
 * The part of a reset request done before answering: the per-IP and per-address counters (an
 * address is counted whether or not it has an account, so the limit reveals nothing). Throws 429.
 * The answer is then the same for every address; the mail is sent after it (`sendPasswordReset`),
 * so whether an account exists never shows in the answer or its timing.
 * @example await countResetRequest(db, clock, { email, ip })
 */
export async function countResetRequest(db: Db, clock: Clock, input: { email: string; ip: string }, limits: AuthLimits = DEFAULT_AUTH_LIMITS): Promise<void> {
  const ipCount = await hitRateLimit(db, clock, recoveryKeys.resetIp(input.ip), limits.resetPerIp);
  if (ipCount > limits.resetPerIp.limit) throw new TooManyAttemptsError();
  const emailCount = await hitRateLimit(db, clock, recoveryKeys.resetEmail(input.email), limits.resetPerAccount);
  if (emailCount > limits.resetPerAccount.limit) throw new TooManyAttemptsError();
}

/**
 * Mails a reset link when an account has this address (nothing otherwise). A new link spends
 * the older ones.
 * @example await sendPasswordReset(db, clock, mailer, 'a@b.co') // true when mailed
 */
export async function sendPasswordReset(db: Db, clock: Clock, mailer: AccountMailer, email: string): Promise<boolean> {
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, normaliseEmail(email)));
  if (!user) return false;
  const token = await issueAccountToken(db, clock, user.id, 'password-reset');
  const { subject, text, label } = ACCOUNT_MAIL.reset;
  await sendLinkMail(mailer, user.email, subject, text, { label, path: `/reset-password#token=${token}` });
  return true;
}

/**
 * Sets a new password with a reset token: the token is spent, every other reset link too, every
 * session of the account ends, and a "your password was changed" notice is queued to the address.
 * A spent, expired or forged token changes nothing (400).
 * @example await resetPassword(db, clock, { token, password: 'N3w-secret' })
 */
export async function resetPassword(db: Db, clock: Clock, input: { token: string; password: string }): Promise<{ userId: string }> {
  // argon2 outside the transaction: the row lock is held for milliseconds, not for the hash.
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
    const { userId } = await consumeAccountToken(tx, clock, input.token, 'password-reset');
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ email: users.email });
    if (!user) throw new AppError('bad_request', ACCOUNT_MESSAGES.tokenInvalid);
    await spendAccountTokens(tx, clock, userId, ['password-reset']);
    await queueAccountNotice(tx, clock, user.email, ACCOUNT_MAIL.passwordChanged.subject, ACCOUNT_MAIL.passwordChanged.text);
    return userId;
  });
  await endUserSessions(db, userId);
  return { userId };
}

/**
 * Mails a verification link for the account's current address (sign-up and "resend").
 * @example await sendVerification(db, clock, mailer, user.id)
 */
export async function sendVerification(db: Db, clock: Clock, mailer: AccountMailer, userId: string): Promise<void> {
  const [user] = await db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user || user.verifiedAt) return;
  const token = await issueAccountToken(db, clock, userId, 'verify-email', user.email);
  const { subject, text, label } = ACCOUNT_MAIL.verify;
  await sendLinkMail(mailer, user.email, subject, text, { label, path: `/verify-email#token=${token}` });
}

/**
 * "Resend": counted per account (5 an hour, 429 past it), then mailed.
 * @example await countAccountMail(db, clock, user.id)
 */
export async function countAccountMail(db: Db, clock: Clock, userId: string, limits: AuthLimits = DEFAULT_AUTH_LIMITS): Promise<void> {
  const count = await hitRateLimit(db, clock, recoveryKeys.accountMail(userId), limits.accountMail);
  if (count > limits.accountMail.limit) throw new TooManyAttemptsError();
}

/**
 * Marks an address verified with a token from the mail; the token must be for the address the
 * account still has. Mail held for the address (price alerts, group invitations) then goes out.
 * @example await verifyEmail(db, clock, token)
 */
export async function verifyEmail(db: Db, clock: Clock, token: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { userId, email } = await consumeAccountToken(tx, clock, token, 'verify-email');
    const changed = await tx
      .update(users)
      .set({ emailVerifiedAt: clock.now() })
      .where(and(eq(users.id, userId), eq(users.email, email ?? ''), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    const [user] = changed.length > 0 ? changed : await tx.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.email, email ?? '')));
    // The account's address changed since the link was sent: the link proves nothing now.
    if (!user) throw new AppError('bad_request', ACCOUNT_MESSAGES.tokenInvalid, { token: ACCOUNT_MESSAGES.tokenInvalid });
  });
}

/**
 * Completes an email change from the link sent to the new address: the account takes the new
 * address (verified by this very link), reset links mailed to the old one stop working, and the
 * old address is told. 409 if another account took the address meanwhile.
 * @example await confirmEmailChange(db, clock, token)
 */
export async function confirmEmailChange(db: Db, clock: Clock, token: string): Promise<{ userId: string }> {
  return applyEmailChange(db, clock, token).catch((error: unknown) => {
    // Another account took the address between the check and the update (the unique index said no).
    if (isUniqueViolation(error)) throw new AppError('conflict', AUTH_MESSAGES.emailInUse, { email: AUTH_MESSAGES.emailInUse });
    throw error;
  });
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function applyEmailChange(db: Db, clock: Clock, token: string): Promise<{ userId: string }> {
  return db.transaction(async (tx) => {
    const { userId, email } = await consumeAccountToken(tx, clock, token, 'change-email');
    if (!email) throw new AppError('bad_request', ACCOUNT_MESSAGES.tokenInvalid);
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (taken && taken.id !== userId) throw new AppError('conflict', AUTH_MESSAGES.emailInUse, { email: AUTH_MESSAGES.emailInUse });
    const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('bad_request', ACCOUNT_MESSAGES.tokenInvalid);
    await tx.update(users).set({ email, emailVerifiedAt: clock.now() }).where(eq(users.id, userId));
    await spendAccountTokens(tx, clock, userId, ['password-reset', 'verify-email', 'change-email']);
    const notice = ACCOUNT_MAIL.emailChanged(email);
    await queueAccountNotice(tx, clock, before.email, notice.subject, notice.text);
    return { userId };
  });
}
