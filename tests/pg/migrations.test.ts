import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock';
import { openPostgres } from '../../src/db/client';
import { createApp } from '../../src/server/app';
import { createAppDeps } from '../../src/server/deps';
import { loadConfig } from '../../src/server/config';
import { silentLogger } from '../../src/server/logger';
import { TEST_DATABASE_URL, createScratchDatabase } from '../support/postgres';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: migrations and health', () => {
  it('migrates once when three nodes start at the same moment', async () => {
    const scratch = await createScratchDatabase();
    try {
      const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(scratch.url, { poolSize: 2 })));
      const sql = postgres(scratch.url, { max: 1, onnotice: () => {} });
      const applied = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      const tables = await sql`select count(*)::int as n from information_schema.tables where table_name = 'app_meta'`;
      await sql.end();
      expect(applied[0]?.n).toBeGreaterThan(0);
      expect(tables[0]?.n).toBe(1);
      await Promise.all(nodes.map((node) => node.close()));
    } finally {
      await scratch.drop();
    }
  });

  it('reports postgres on the health endpoint', async () => {
    const scratch = await createScratchDatabase();
    const database = await openPostgres(scratch.url);
    try {
      const app = createApp(createAppDeps({ database, clock: systemClock, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: silentLogger, world: createWorld(), inventory: new InventoryView() }));
      const res = await app.request('/api/health');
      expect(await res.json()).toEqual({ status: 'ok', db: 'postgres', supplier: 'world' });
    } finally {
      await database.close();
      await scratch.drop();
    }
  });
});
