import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../core/clock';
import { users } from '../../db/schema';
import { authCleanup } from './auth-cleanup';
import { silentLogger } from '../logger';
import { createTestApp } from '../../../tests/support/test-app';
import { LOGIN_PER_IP, SIGNUP_PER_IP, hitRateLimit, readRateLimit } from '../../domain/accounts/rate-limit';
import { SESSION_IDLE_MS, createSession, findSession } from '../../domain/accounts/sessions';

describe('auth cleanup job', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('removes expired sessions and finished counters, and keeps live ones', async () => {
    const clock = createFixedClock('2026-11-21T06:30:00Z');
    const db = ctx.database.db;
    const [user] = await db.insert(users).values({ email: 'cleanup@example.com', passwordHash: 'x' }).returning();
    if (!user) throw new Error('no user');
    const old = await createSession(db, clock, user.id);
    await hitRateLimit(db, clock, 'login:ip:old', LOGIN_PER_IP);
    clock.advance(SESSION_IDLE_MS + 60_000);
    const fresh = await createSession(db, clock, user.id);
    await hitRateLimit(db, clock, 'login:ip:fresh', LOGIN_PER_IP);

    const { app: _app, close: _close, ...deps } = ctx;
    await authCleanup.run({ ...deps, clock, logger: silentLogger });

    // Read the old session with a clock from before its expiry: only a deleted row reads as null then.
    expect(await findSession(db, createFixedClock('2026-11-21T07:00:00Z'), old.token)).toBeNull();
    expect(await findSession(db, clock, fresh.token)).not.toBeNull();
    expect(await readRateLimit(db, createFixedClock('2026-11-21T06:31:00Z'), 'login:ip:old', SIGNUP_PER_IP)).toBe(0);
    expect(await readRateLimit(db, clock, 'login:ip:fresh', LOGIN_PER_IP)).toBe(1);
  });
});
