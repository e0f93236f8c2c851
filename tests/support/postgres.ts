import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { type Database, openPostgres } from '../../src/db/client';

/** The PostgreSQL server for race, lock and multi-node suites; unset means those suites skip. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

if (!TEST_DATABASE_URL && process.env.VITEST_WORKER_ID !== undefined) {
  console.warn('\n*** PostgreSQL suite SKIPPED: TEST_DATABASE_URL is not set. Race and lock tests did not run. ***\n');
}

/**
 * Creates a throw-away database on the test server, migrated, and returns its URL and a cleanup.
 * Each suite gets its own database so suites never see each other's rows.
 */
export async function createScratchDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `safar_t_${randomBytes(6).toString('hex')}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** A migrated scratch database opened with the app's own PostgreSQL driver. */
export async function openScratchPostgres(poolSize = 20): Promise<Database & { drop(): Promise<void> }> {
  const scratch = await createScratchDatabase();
  const database = await openPostgres(scratch.url, { poolSize });
  return {
    ...database,
    close: () => database.close(),
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}
