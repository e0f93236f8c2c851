import { eq, lte, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export interface RateLimitRule {
  /** Attempts allowed per window. */
  limit: number;
  windowMs: number;
}

/** Sign-in and signup limits (security baseline: per account and per IP, counted in the database). */
export const LOGIN_PER_ACCOUNT: RateLimitRule = { limit: 5, windowMs: 15 * 60_000 };
export const LOGIN_PER_IP: RateLimitRule = { limit: 20, windowMs: 15 * 60_000 };
export const SIGNUP_PER_IP: RateLimitRule = { limit: 50, windowMs: 60 * 60_000 };

/** The limits one server applies; production uses the defaults, test runs raise the per-IP ones. */
export interface AuthLimits {
  loginPerAccount: RateLimitRule;
  loginPerIp: RateLimitRule;
  signupPerIp: RateLimitRule;
}

export const DEFAULT_AUTH_LIMITS: AuthLimits = { loginPerAccount: LOGIN_PER_ACCOUNT, loginPerIp: LOGIN_PER_IP, signupPerIp: SIGNUP_PER_IP };

/**
 * The default limits with the per-IP counts replaced (windows stay the same).
 * @example authLimits({ signupPerIp: 10_000, loginPerIp: 10_000 }).signupPerIp.limit // 10000
 */
export function authLimits(counts: { signupPerIp: number; loginPerIp: number }): AuthLimits {
  return {
    loginPerAccount: LOGIN_PER_ACCOUNT,
    loginPerIp: { ...LOGIN_PER_IP, limit: counts.loginPerIp },
    signupPerIp: { ...SIGNUP_PER_IP, limit: counts.signupPerIp },
  };
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
const LONGEST_WINDOW_MS = Math.max(LOGIN_PER_ACCOUNT.windowMs, LOGIN_PER_IP.windowMs, SIGNUP_PER_IP.windowMs);

/**
 * Deletes counters whose window has ended for every rule, so the table stays small.
 * @example await purgeStaleRateLimits(db, clock)
 */
export async function purgeStaleRateLimits(db: Db, clock: Clock): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - LONGEST_WINDOW_MS);
  const removed = await db.delete(rateLimits).where(lte(rateLimits.windowStart, cutoff)).returning({ key: rateLimits.key });
  return removed.length;
}
