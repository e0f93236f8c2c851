import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import { rateLimitKeys } from '../../src/domain/accounts/accounts';
import { LOGIN_PER_IP, LOGIN_PER_PAIR, hitRateLimit, readRateLimit } from '../../src/domain/accounts/rate-limit';
import { TEST_CLIENT_IP_HEADER } from '../../src/server/auth/client-ip';
import { TEST_PASSWORD } from '../support/auth';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';
import { createTestApp, jsonHeaders } from '../support/test-app';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: sign-in throttling under concurrency', () => {
  let database: Scratch;
  beforeAll(async () => {
    database = await openScratchPostgres(20);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('counts 200 simultaneous hits on one key exactly, each seeing a distinct count', async () => {
    const clock = createFixedClock('2026-11-21T06:30:00Z');
    const counts = await Promise.all(Array.from({ length: 200 }, () => hitRateLimit(database.db, clock, 'pg:test:key', LOGIN_PER_IP)));
    expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    expect(await readRateLimit(database.db, clock, 'pg:test:key', LOGIN_PER_IP)).toBe(200);
  });

  it('lets exactly 5 of 40 parallel wrong passwords from one address through, across two nodes; the owner elsewhere still signs in', async () => {
    const nodes = await Promise.all([createTestApp({ database }), createTestApp({ database })]);
    const [first, second] = nodes;
    if (!first || !second) throw new Error('two nodes expected');
    const email = 'pg-targeted@example.com';
    const created = await first.app.request('/api/auth/signup', {
      method: 'POST',
      headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: '203.0.113.1' }),
      body: JSON.stringify({ email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    });
    expect(created.status).toBe(201);
    const attacker = '198.51.100.66';
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        Promise.resolve(
          (i % 2 === 0 ? first : second).app.request('/api/auth/login', {
            method: 'POST',
            headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: attacker }),
            body: JSON.stringify({ email, password: `wrong-${i}` }),
          }),
        ).then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PER_PAIR.freeFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - LOGIN_PER_PAIR.freeFailures);
    const owner = await second.app.request('/api/auth/login', {
      method: 'POST',
      headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: '203.0.113.1' }),
      body: JSON.stringify({ email, password: TEST_PASSWORD }),
    });
    expect(owner.status).toBe(200);
  });

  it('lets exactly 20 of 60 parallel failed sign-ins from one IP through', async () => {
    const { app, clock } = await createTestApp({ database });
    const ip = '203.0.113.200';
    const statuses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        Promise.resolve(
          app.request('/api/auth/login', {
            method: 'POST',
            headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: ip }),
            body: JSON.stringify({ email: `pg-spray-${i}@example.com`, password: 'guess-123' }),
          }),
        ).then((res) => res.status),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_PER_IP.limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(60 - LOGIN_PER_IP.limit);
    expect(await readRateLimit(database.db, clock, rateLimitKeys.loginIp(ip), LOGIN_PER_IP)).toBe(60);
  });
});
