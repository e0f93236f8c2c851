import { eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/**
 * Sign-in and signup limits, counted in the database so every node shares them.
 * Sign-in is throttled per account + IP pair with progressive delays (OWASP's answer to
 * lockout as a denial of service): a stranger's wrong guesses slow down only the stranger,
 * never the owner signing in from their own device. Each IP also has a global ceiling
 * across all accounts, which stops one address spraying many accounts.
 */
export const LOGIN_PER_IP: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
export const SIGNUP_PER_IP: RateLimitRule = { limit: 50, windowMs: 60 * 60_000 };
/** Password-reset requests: 5 an hour per email address (known or not, so the limit reveals nothing), 20 an hour per IP. */
const RESET_PER_ACCOUNT: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };
const RESET_PER_IP: RateLimitRule = { limit: 20, windowMs: 60 * 60_000 };
/** Verification and email-change mails a signed-in traveller may ask for: 5 an hour. */
const ACCOUNT_MAIL_PER_ACCOUNT: RateLimitRule = { limit: 5, windowMs: 60 * 60_000 };

export interface ProgressiveRule {
  /** Consecutive failures allowed without any wait. */
  freeFailures: number;
  /** Wait after the first failure past the free ones; each further failure doubles it. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** A pair with no failure for this long starts again from zero. */
  forgetAfterMs: number;
}

/** 5 free failures per account + IP, then 30 s, 1 min, 2 min … capped at 15 min between tries; forgotten after a quiet day. */
export const LOGIN_PER_PAIR: ProgressiveRule = { freeFailures: 5, firstDelayMs: 30_000, maxDelayMs: 15 * 60_000, forgetAfterMs: 24 * 60 * 60_000 };

/**
 * How long an account + IP pair must wait after `failures` consecutive failures.
 * @example delayAfterFailures(5, LOGIN_PER_PAIR) // 30000
 * @example delayAfterFailures(4, LOGIN_PER_PAIR) // 0
 */
export function delayAfterFailures(failures: number, rule: ProgressiveRule): number {
  if (failures < rule.freeFailures) return 0;
  return Math.min(rule.firstDelayMs * 2 ** (failures - rule.freeFailures), rule.maxDelayMs);
}

/** The limits one server applies; production uses the defaults, test runs raise the per-IP ones. */
export interface AuthLimits {
  loginPerPair: ProgressiveRule;
  loginPerIp: RateLimitRule;
  signupPerIp: RateLimitRule;
  resetPerAccount: RateLimitRule;
  resetPerIp: RateLimitRule;
  accountMail: RateLimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  loginPerPair: LOGIN_PER_PAIR,
  loginPerIp: LOGIN_PER_IP,
  signupPerIp: SIGNUP_PER_IP,
  resetPerAccount: RESET_PER_ACCOUNT,
  resetPerIp: RESET_PER_IP,
  accountMail: ACCOUNT_MAIL_PER_ACCOUNT,
};

/**
 * The default limits with the per-IP counts replaced (windows stay the same).
 * @example authLimits({ signupPerIp: 10_000, loginPerIp: 10_000 }).signupPerIp.limit // 10000
 */
export function authLimits(counts: { signupPerIp: number; loginPerIp: number; resetPerIp?: number }): AuthLimits {
  return {
    ...DEFAULT_AUTH_LIMITS,
    resetPerIp: { ...RESET_PER_IP, limit: counts.resetPerIp ?? RESET_PER_IP.limit },
    loginPerPair: LOGIN_PER_PAIR,
    loginPerIp: { ...LOGIN_PER_IP, limit: counts.loginPerIp },
    signupPerIp: { ...SIGNUP_PER_IP, limit: counts.signupPerIp },
  };
}

/**
 * Counts one attempt for a pair under progressive delays: an attempt made while the
 * pair must still wait is refused and not counted (`allowed: false`, with how long is
 * left); any other attempt is counted and its time remembered. The row is locked
 * (FOR UPDATE) while deciding, so a burst of parallel guesses on any number of nodes
 * gets exactly the free ones through. The row's `window_start` is the last counted attempt.
 * @example const hit = await hitProgressiveThrottle(db, clock, 'login:pair:a@b.co|1.2.3.4', LOGIN_PER_PAIR); if (!hit.allowed) wait(hit.retryAfterMs);
 */
export async function hitProgressiveThrottle(db: Db, clock: Clock, key: string, rule: ProgressiveRule): Promise<{ allowed: boolean; failures: number; retryAfterMs: number }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await tx.insert(rateLimits).values({ key, count: 0, windowStart: now }).onConflictDoNothing({ target: rateLimits.key });
    const [row] = await tx.select().from(rateLimits).where(eq(rateLimits.key, key)).for('update');
    const last = row?.windowStart.getTime() ?? now.getTime();
    const failures = !row || now.getTime() - last >= rule.forgetAfterMs ? 0 : row.count;
    const readyAt = last + delayAfterFailures(failures, rule);
    if (failures >= rule.freeFailures && readyAt > now.getTime()) return { allowed: false, failures, retryAfterMs: readyAt - now.getTime() };
    await tx.update(rateLimits).set({ count: failures + 1, windowStart: now }).where(eq(rateLimits.key, key));
    return { allowed: true, failures: failures + 1, retryAfterMs: 0 };
  });
}

/**
 * Counts one attempt against `key` in a fixed window and returns the count
 * including this one. One atomic upsert, so concurrent requests on any node
 * never lose an update; an expired window restarts at 1.
 * @example const n = await hitRateLimit(db, clock, 'login:ip:1.2.3.4', LOGIN_PER_IP); if (n > 20) throttle();
 */
export async function hitRateLimit(db: Db, clock: Clock, key: string, rule: RateLimitRule): Promise<number> {
  const now = clock.now();
  const windowOpenedAfter = new Date(now.getTime() - rule.windowMs);
  const rows = await db
    .insert(rateLimits)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} <= ${windowOpenedAfter.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowOpenedAfter.toISOString()}::timestamptz then ${now.toISOString()}::timestamptz else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

/**
 * Takes back one counted attempt (a sign-in that turned out to succeed), never below zero.
 * @example await undoRateLimitHit(db, 'login:ip:1.2.3.4')
 */
export async function undoRateLimitHit(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

/**
 * Clears a counter (an account's failures after a correct password).
 * @example await resetRateLimit(db, 'login:account:a@b.co')
 */
export async function resetRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Reads a counter's current value within its window (0 when absent or expired); for tests and diagnostics. */
export async function readRateLimit(db: Db, clock: Clock, key: string, rule: RateLimitRule): Promise<number> {
  const rows = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
  const row = rows[0];
  if (!row) return 0;
  return row.windowStart.getTime() <= clock.now().getTime() - rule.windowMs ? 0 : row.count;
}

/** The longest window any rule uses; counters older than this are dead. */
const LONGEST_WINDOW_MS = Math.max(LOGIN_PER_PAIR.forgetAfterMs, LOGIN_PER_IP.windowMs, SIGNUP_PER_IP.windowMs, RESET_PER_ACCOUNT.windowMs, RESET_PER_IP.windowMs, ACCOUNT_MAIL_PER_ACCOUNT.windowMs);

/**
 * Deletes counters whose window has ended for every rule, so the table stays small.
 * @example await purgeStaleRateLimits(db, clock)
 */
export async function purgeStaleRateLimits(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - LONGEST_WINDOW_MS);
  const removed = await db.delete(rateLimits).where(lte(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  return removed.length;
}
