import { eq } from 'drizzle-orm';
import { AUTH_MESSAGES, AUTH_REASONS, normaliseEmail } from '../../core/auth';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { hashPassword, verifyPassword } from './passwords';
import {
  type AuthLimits,
  DEFAULT_AUTH_LIMITS,
  hitProgressiveThrottle,
  hitRateLimit,
  resetRateLimit,
  undoRateLimitHit,
} from './rate-limit';

export interface AccountUser {
  id: string;
  email: string;
}

/** 429 too-many-requests; `retryAfterSeconds` becomes the Retry-After header. */
class TooManyAttemptsError extends AppError {
  constructor(readonly retryAfterSeconds?: number) {
    super('rate_limited', AUTH_MESSAGES.tooManyRequests, undefined, AUTH_REASONS.tooManyRequests);
  }
}

function tooManyAttempts(retryAfterMs?: number): AppError {
  return new TooManyAttemptsError(retryAfterMs === undefined ? undefined : Math.max(1, Math.ceil(retryAfterMs / 1000)));
}

/** Rate-limit keys; exported so tests can read the counters. */
export const rateLimitKeys = {
  /** One account from one address: the unit sign-in delays apply to. */
  loginPair: (email: string, ip: string) => `login:pair:${normaliseEmail(email)}|${ip}`,
  loginIp: (ip: string) => `login:ip:${ip}`,
  signupIp: (ip: string) => `signup:ip:${ip}`,
};

/**
 * Creates an account (email lower-cased, argon2id hash). Does not sign in.
 * Throws conflict/email-already-in-use for a taken email and rate_limited when
 * one IP creates too many accounts.
 * @example const user = await createAccount(db, clock, { email: 'a@b.co', password: 'Tr4vel!', ip: '1.2.3.4' })
 */
export async function createAccount(
  db: Db,
  clock: Clock,
  input: { email: string; password: string; ip: string },
  limits: AuthLimits = DEFAULT_AUTH_LIMITS,
): Promise<AccountUser> {
  const attempts = await hitRateLimit(db, clock, rateLimitKeys.signupIp(input.ip), limits.signupPerIp);
  if (attempts > limits.signupPerIp.limit) throw tooManyAttempts();
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  // ON CONFLICT DO NOTHING: two simultaneous signups for one email give one account and one conflict, never a 500.
  const rows = await db
    .insert(users)
    .values({ email, passwordHash, createdAt: clock.now() })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id, email: users.email });
  const user = rows[0];
  if (!user) throw new AppError('conflict', AUTH_MESSAGES.emailInUse, { email: AUTH_MESSAGES.emailInUse }, AUTH_REASONS.emailInUse);
  return user;
}

/**
 * Checks email and password, throttled per account + IP pair with progressive delays
 * and per IP across all accounts. Each attempt is counted first (atomically) and taken
 * back when it succeeds, so only failures remain counted and a burst of parallel guesses
 * cannot slip past the limit. A stranger's guesses delay only the stranger's own pair:
 * the owner signing in from their usual address is never locked out by them. Unknown
 * email and wrong password give the same error after the same argon2 work, and unknown
 * emails are throttled the same way (no enumeration through the limiter).
 * @example const user = await authenticate(db, clock, { email, password, ip })
 */
export async function authenticate(
  db: Db,
  clock: Clock,
  input: { email: string; password: string; ip: string },
  limits: AuthLimits = DEFAULT_AUTH_LIMITS,
): Promise<AccountUser> {
  const email = normaliseEmail(input.email);
  const pairKey = rateLimitKeys.loginPair(email, input.ip);
  const ipKey = rateLimitKeys.loginIp(input.ip);
  const pair = await hitProgressiveThrottle(db, clock, pairKey, limits.loginPerPair);
  if (!pair.allowed) throw tooManyAttempts(pair.retryAfterMs);
  const ipCount = await hitRateLimit(db, clock, ipKey, limits.loginPerIp);
  if (ipCount > limits.loginPerIp.limit) throw tooManyAttempts();

  const rows = await db.select({ id: users.id, email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email)).limit(1);
  const row = rows[0];
  const ok = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !ok) {
    throw new AppError('unauthorized', AUTH_MESSAGES.invalidCredential, undefined, AUTH_REASONS.invalidCredential);
  }
  await Promise.all([resetRateLimit(db, pairKey), undoRateLimitHit(db, ipKey)]);
  return { id: row.id, email: row.email };
}
