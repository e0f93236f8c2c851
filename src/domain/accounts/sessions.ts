import { and, desc, eq, lte, ne, or } from 'drizzle-orm';
import { describeUserAgent, type SessionInfo } from '../../core/account';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { countryOfIp } from './ip-country';
import { hashSessionToken, newSessionToken } from './tokens';

/** A session ends 7 days after its last use (sliding) and 30 days after sign-in at the latest. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60_000;
/** last_seen_at is refreshed at most this often, so reads do not turn into a write per request. */
const SESSION_TOUCH_MS = 60 * 60_000;

/**
 * A session found in the database is trusted from memory for this long, so a traveller's burst
 * of requests (a booking is four) costs one lookup, not one per request. Ending a session on
 * this node (sign-out, sign-in replacing it, expiry) drops it from memory at once; one ended on
 * another node is refused here at most this long after.
 */
const SESSION_CACHE_MS = 5_000;
/** Most sessions remembered per database handle; the oldest go first. */
const SESSION_CACHE_SIZE = 10_000;

interface CachedSession {
  user: { id: string; email: string };
  expiresAt: Date;
  /** Clock time after which the database is asked again. */
  until: number;
}

/** One cache per database handle (each test app, each server), keyed by the token's hash. */
const caches = new WeakMap<Db, Map<string, CachedSession>>();

function cacheOf(db: Db): Map<string, CachedSession> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export interface SessionRecord {
  user: { id: string; email: string };
  /** When the cookie should stop being sent: the earlier of idle and absolute expiry. */
  expiresAt: Date;
  /** True when this lookup slid the idle expiry, so the cookie's lifetime should be renewed too. */
  renewed: boolean;
}

/**
 * Starts a new session for a user and returns the raw token for the cookie
 * (only its hash is stored). Every sign-in gets a fresh token.
 * @example const { token } = await createSession(db, clock, user.id)
 */
export async function createSession(db: Db, clock: Clock, userId: string, device: { userAgent?: string | undefined; ip?: string | undefined } = {}): Promise<{ token: string; expiresAt: Date }> {
  const now = clock.now();
  const token = newSessionToken();
  const absoluteExpiry = new Date(now.getTime() + SESSION_ABSOLUTE_MS);
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: absoluteExpiry,
    userAgent: device.userAgent?.slice(0, 300) ?? null,
    ip: device.ip && device.ip !== 'unknown' ? device.ip.slice(0, 64) : null,
  });
  return { token, expiresAt: earlier(absoluteExpiry, new Date(now.getTime() + SESSION_IDLE_MS)) };
}

/**
 * Resolves a cookie token to its user, or null when unknown or expired (expired
 * rows are deleted on sight). Slides the idle expiry at most once per hour.
 * @example const session = await findSession(db, clock, token); session?.user.email
 */
export async function findSession(db: Db, clock: Clock, token: string): Promise<SessionRecord | null> {
  // Real tokens are 43 base64url characters; anything else cannot match, so skip the query.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const tokenHash = hashSessionToken(token);
  const cache = cacheOf(db);
  const nowMs = clock.now().getTime();
  const cached = cache.get(tokenHash);
  if (cached && cached.until > nowMs && cached.expiresAt.getTime() > nowMs) return { user: cached.user, expiresAt: cached.expiresAt, renewed: false };
  cache.delete(tokenHash);
  const rows = await db
    .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, userId: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const now = clock.now();
  const idleExpiry = new Date(row.lastSeenAt.getTime() + SESSION_IDLE_MS);
  if (row.expiresAt <= now || idleExpiry <= now) {
    await db.delete(sessions).where(eq(sessions.id, row.id));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (now.getTime() - row.lastSeenAt.getTime() >= SESSION_TOUCH_MS) {
    lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.id));
  }
  const user = { id: row.userId, email: row.email };
  const expiresAt = earlier(row.expiresAt, new Date(lastSeenAt.getTime() + SESSION_IDLE_MS));
  if (cache.size >= SESSION_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(tokenHash, { user, expiresAt, until: now.getTime() + SESSION_CACHE_MS });
  return { user, expiresAt, renewed: lastSeenAt !== row.lastSeenAt };
}

/**
 * Ends the session behind a token (logout). Unknown tokens are ignored.
 * @example await deleteSession(db, token)
 */
export async function deleteSession(db: Db, token: string): Promise<void> {
  const tokenHash = hashSessionToken(token);
  cacheOf(db).delete(tokenHash);
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

function earlier(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/**
 * Deletes sessions past their idle or absolute expiry; returns how many. Safe on
 * several nodes at once (plain deletes).
 * @example await purgeExpiredSessions(db, clock)
 */
export async function purgeExpiredSessions(db: Db, clock: Clock): Promise<number> {
  const now = clock.now();
  const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS);
  cacheOf(db).clear();
  const removed = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, now), lte(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  return removed.length;
}

/**
 * Ends every session of a user (account deletion) and drops them from this node's memory at once.
 * @example await deleteUserSessions(tx, user.id)
 */
export async function deleteUserSessions(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], userId: string, cacheOwner: Db): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ tokenHash: sessions.tokenHash });
  const cache = cacheOf(cacheOwner);
  for (const row of removed) cache.delete(row.tokenHash);
  return removed.length;
}

/** Drops every remembered session of one traveller on this node (after a password or email change). */
export function forgetUserSessions(db: Db, userId: string): void {
  const cache = cacheOf(db);
  for (const [hash, entry] of cache) if (entry.user.id === userId) cache.delete(hash);
}

/**
 * A traveller's live sessions, most recently used first; `current` marks the one behind `token`.
 * The place (country of the client IP) is derived here, never stored.
 * @example const list = await listSessions(db, clock, user.id, cookieToken)
 */
export async function listSessions(db: Db, clock: Clock, userId: string, token: string | undefined): Promise<SessionInfo[]> {
  const currentHash = token ? hashSessionToken(token) : '';
  const now = clock.now().getTime();
  const rows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(desc(sessions.lastSeenAt)).limit(100);
  const live = rows.filter((row) => row.expiresAt.getTime() > now && row.lastSeenAt.getTime() + SESSION_IDLE_MS > now);
  return Promise.all(
    live.map(async (row) => ({
      id: row.id,
      device: describeUserAgent(row.userAgent),
      ip: row.ip,
      place: await countryOfIp(row.ip),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.tokenHash === currentHash,
    })),
  );
}

/**
 * Ends one of the traveller's sessions by its id; false when no such session of theirs exists.
 * @example await endSessionById(db, user.id, sessionId)
 */
export async function endSessionById(db: Db, userId: string, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const removed = await db.delete(sessions).where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId))).returning({ tokenHash: sessions.tokenHash });
  for (const row of removed) cacheOf(db).delete(row.tokenHash);
  return removed.length > 0;
}

/**
 * Ends every session of a traveller, or every one but the session behind `keepToken`; returns how many.
 * @example await endUserSessions(db, user.id) // after a password reset
 */
export async function endUserSessions(db: Db, userId: string, keepToken?: string): Promise<number> {
  const where = keepToken ? and(eq(sessions.userId, userId), ne(sessions.tokenHash, hashSessionToken(keepToken))) : eq(sessions.userId, userId);
  const removed = await db.delete(sessions).where(where).returning({ tokenHash: sessions.tokenHash });
  forgetUserSessions(db, userId);
  return removed.length;
}
