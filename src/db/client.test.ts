import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { appMeta } from './schema';

describe('PGlite data folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('keeps data across a restart and re-applies no migration twice', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'safar-db-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    await first.db.insert(appMeta).values({ key: 'probe', value: { saved: true } });
    await first.close();

    const second = await openPglite(dir);
    const rows = await second.db.select().from(appMeta).where(eq(appMeta.key, 'probe'));
    expect(rows[0]?.value).toEqual({ saved: true });
    await second.close();
  });
});
