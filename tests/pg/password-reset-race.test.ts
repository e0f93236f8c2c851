import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import { users } from '../../src/db/schema';
import { issueAccountToken } from '../../src/domain/accounts/account-tokens';
import { verifyPassword } from '../../src/domain/accounts/passwords';
import { resetPassword } from '../../src/domain/accounts/recovery';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: password resets racing with one token', () => {
  let database: Scratch;
  beforeAll(async () => {
    database = await openScratchPostgres(10);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('lets exactly one of several simultaneous resets with the same token succeed', async () => {
    const clock = createFixedClock('2026-11-21T06:30:00Z');
    for (let round = 0; round < 5; round++) {
      const [user] = await database.db.insert(users).values({ email: `race-${round}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
      if (!user) throw new Error('no user');
      const token = await issueAccountToken(database.db, clock, user.id, 'password-reset');
      const passwords = ['Racer-one-111', 'Racer-two-222', 'Racer-three-333', 'Racer-four-444'];
      const results = await Promise.allSettled(passwords.map((password) => resetPassword(database.db, clock, { token, password })));
      const winners = results.flatMap((r, i) => (r.status === 'fulfilled' ? [passwords[i]] : []));
      expect(winners).toHaveLength(1);
      const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      // The stored password is the winner's: the losers changed nothing.
      expect(await verifyPassword(row?.hash, winners[0] ?? '')).toBe(true);
    }
  });
});
