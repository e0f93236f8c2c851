import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, type Account } from '../../core/account';
import { AUTH_MESSAGES, normaliseEmail } from '../../core/auth';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { groupMembers, users } from '../../db/schema';
import { ORGANISER_PLACEHOLDER_NAME } from '../companion/groups';
import { ACCOUNT_MAIL, type AccountMailer, queueAccountNotice, sendLinkMail } from './account-mail';
import { issueAccountToken, pendingEmailChange, spendAccountTokens } from './account-tokens';
import { TooManyAttemptsError } from './accounts';
import { hashPassword, verifyPassword } from './passwords';
import { type AuthLimits, DEFAULT_AUTH_LIMITS, hitProgressiveThrottle, resetRateLimit } from './rate-limit';
import { endUserSessions, forgetUserSessions } from './sessions';

/**
 * The settings view of an account.
 * @example const account = await getAccount(db, clock, user.id)
 */
export async function getAccount(db: Db, clock: Clock, userId: string): Promise<Account> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('unauthorized', AUTH_MESSAGES.loginRequired);
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: await pendingEmailChange(db, clock, userId),
  };
}

/**
 * Sets or clears (blank) the display name. Groups the traveller organises that still call them
 * by the placeholder ("Organiser") take the new name, on the group page and the shared trip page.
 */
export async function setDisplayName(db: Db, userId: string, displayName: string): Promise<void> {
  const value = displayName.trim();
  await db.transaction(async (tx) => {
    await tx.update(users).set({ displayName: value === '' ? null : value }).where(eq(users.id, userId));
    if (value !== '') {
      await tx
        .update(groupMembers)
        .set({ name: value })
        .where(and(eq(groupMembers.userId, userId), eq(groupMembers.isOrganizer, true), eq(groupMembers.name, ORGANISER_PLACEHOLDER_NAME)));
    }
  });
}

/**
 * Checks the current password of a signed-in traveller, throttled like sign-in (5 free failures,
 * then growing waits) so a borrowed session cannot be used to guess it. Wrong: 400 on the field.
 */
async function checkCurrentPassword(db: Db, clock: Clock, userId: string, password: string, limits: AuthLimits): Promise<{ email: string }> {
  const key = `password-check:${userId}`;
  const hit = await hitProgressiveThrottle(db, clock, key, limits.loginPerPair);
  if (!hit.allowed) throw new TooManyAttemptsError(Math.max(1, Math.ceil(hit.retryAfterMs / 1000)));
  const [user] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!user || !(await verifyPassword(user.passwordHash, password))) {
    throw new AppError('validation_failed', ACCOUNT_MESSAGES.currentPasswordWrong, { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong });
  }
  await resetRateLimit(db, key);
  return { email: user.email };
}

/**
 * Changes the password (current one required): reset links stop working, every other session
 * ends (this one stays), and the address is told.
 * @example await changePassword(db, clock, user.id, cookieToken, { currentPassword, password })
 */
export async function changePassword(
  db: Db,
  clock: Clock,
  userId: string,
  keepToken: string | undefined,
  input: { currentPassword: string; password: string },
  limits: AuthLimits = DEFAULT_AUTH_LIMITS,
): Promise<void> {
  const { email } = await checkCurrentPassword(db, clock, userId, input.currentPassword, limits);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await spendAccountTokens(tx, clock, userId, ['password-reset']);
    await queueAccountNotice(tx, clock, email, ACCOUNT_MAIL.passwordChanged.subject, ACCOUNT_MAIL.passwordChanged.text);
  });
  await endUserSessions(db, userId, keepToken);
}

/**
 * Starts an email change (current password required): a link goes to the new address and the
 * account keeps its old address until that link is opened. 409 when another account has it.
 * @example await requestEmailChange(db, clock, mailer, user.id, { email: 'new@b.co', currentPassword })
 */
export async function requestEmailChange(
  db: Db,
  clock: Clock,
  mailer: AccountMailer,
  userId: string,
  input: { email: string; currentPassword: string },
  limits: AuthLimits = DEFAULT_AUTH_LIMITS,
): Promise<void> {
  const { email: current } = await checkCurrentPassword(db, clock, userId, input.currentPassword, limits);
  const email = normaliseEmail(input.email);
  if (email === current) throw new AppError('validation_failed', ACCOUNT_MESSAGES.emailSame, { email: ACCOUNT_MESSAGES.emailSame });
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw new AppError('conflict', AUTH_MESSAGES.emailInUse, { email: AUTH_MESSAGES.emailInUse });
  const token = await issueAccountToken(db, clock, userId, 'change-email', email);
  const { subject, text, label } = ACCOUNT_MAIL.changeEmail;
  await sendLinkMail(mailer, email, subject, text, { label, path: `/verify-email#change=${token}` });
  forgetUserSessions(db, userId);
}
