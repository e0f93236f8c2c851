import { describe, it } from 'vitest';
import { openPostgres } from '../../src/db/client';
import { runCrashSuite } from '../crash/crash-suite';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';

/**
 * kill -9 under booking load on PostgreSQL (see tests/crash/harness.ts): no acknowledged booking
 * lost, every inventory row balanced, no money left authorized or refunding, retries with the
 * same Idempotency-Key answered after each restart.
 */
describe.skipIf(!TEST_DATABASE_URL)('crash suite on PostgreSQL', () => {
  it('survives kill -9 under booking load with nothing lost', { timeout: 600_000 }, async () => {
    const scratch = await createScratchDatabase();
    try {
      await runCrashSuite({
        name: 'postgres',
        port: 3146,
        // The server's default pool (twice the cores, at least 4), as a deployment runs it.
        env: { DATABASE_URL: scratch.url },
        read: async (use) => {
          const database = await openPostgres(scratch.url, { migrate: false, poolSize: 2 });
          try {
            return await use(database.db);
          } finally {
            await database.close();
          }
        },
      });
    } finally {
      await scratch.drop();
    }
  });
});
