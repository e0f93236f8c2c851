import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'vitest';
import { openPglite } from '../../src/db/client';
import { runCrashSuite } from './crash-suite';

/**
 * kill -9 under booking load on the embedded database (PGlite in DATA_DIR): the same promises as
 * on PostgreSQL, with the data folder's lock taken over after every kill.
 */
describe('crash suite on PGlite', () => {
  it('survives kill -9 under booking load with nothing lost', { timeout: 600_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'safar-crash-'));
    try {
      await runCrashSuite({
        name: 'pglite',
        port: 3147,
        env: { DATA_DIR: dataDir },
        read: async (use) => {
          const database = await openPglite(path.join(dataDir, 'pglite'), { migrate: false, lockFolder: dataDir });
          try {
            return await use(database.db);
          } finally {
            await database.close();
          }
        },
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
