import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './client';
import { appMeta } from './schema';
import { executeRows } from './rows';

describe('PGlite in a thread of its own', () => {
  const dirs: string[] = [];
  let threaded: Database;
  let local: Database;
  beforeAll(async () => {
    threaded = await openPglite(undefined, { thread: true });
    local = await openPglite(undefined);
  });
  afterAll(async () => {
    await threaded.close();
    await local.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('gives the same rows as PGlite in this thread, through Drizzle and raw statements', async () => {
    for (const { db } of [threaded, local]) {
      await db.insert(appMeta).values({ key: 'same', value: { list: [1, 'two'], nested: { ok: true } } });
    }
    const read = async (db: Database['db']) => ({
      // updated_at defaults to now(): compared by kind, not value.
      built: (await db.select().from(appMeta).where(eq(appMeta.key, 'same'))).map((r) => ({ ...r, updatedAt: r.updatedAt instanceof Date })),
      raw: await executeRows<Record<string, unknown>>(db, sql`select key, value, now()::date as today, interval '90 minutes' as span, timestamp '2026-12-24 10:00' as at, 12.50::numeric as amount, 7::bigint as big, null as nothing from ${appMeta} where key = 'same'`),
    });
    const [a, b] = [await read(threaded.db), await read(local.db)];
    expect(a.built.map((r) => r.value)).toEqual([{ list: [1, 'two'], nested: { ok: true } }]);
    expect(a.built).toEqual(b.built);
    expect(a.raw).toEqual(b.raw);
    // Timestamps, dates and intervals stay text, as Drizzle asks of PGlite.
    expect(a.raw[0]).toMatchObject({ at: '2026-12-24 10:00:00', span: '01:30:00' });
  });

  it('commits a transaction that resolves and rolls back one that throws, with the error as thrown', async () => {
    await threaded.db.transaction(async (tx) => {
      await tx.insert(appMeta).values({ key: 'kept', value: 1 });
    });
    const failure = await threaded.db
      .transaction(async (tx) => {
        await tx.insert(appMeta).values({ key: 'dropped', value: 1 });
        await tx.insert(appMeta).values({ key: 'kept', value: 2 });
      })
      .catch((error: unknown) => error);
    // A unique violation, with PostgreSQL's code somewhere in the cause chain as on the driver itself.
    const codes: unknown[] = [];
    for (let e = failure; e instanceof Error; e = e.cause) codes.push((e as { code?: unknown }).code);
    expect(codes).toContain('23505');
    const keys = (await threaded.db.select().from(appMeta)).map((r) => r.key);
    expect(keys).toContain('kept');
    expect(keys).not.toContain('dropped');
    await expect(threaded.db.transaction(async () => Promise.reject(new Error('changed my mind')))).rejects.toThrow('changed my mind');
  });

  it('runs transactions one after another, so read-modify-write never loses an update', async () => {
    await threaded.db.insert(appMeta).values({ key: 'counter', value: 0 });
    await Promise.all(
      Array.from({ length: 20 }, () =>
        threaded.db.transaction(async (tx) => {
          const [row] = await tx.select().from(appMeta).where(eq(appMeta.key, 'counter'));
          await tx.update(appMeta).set({ value: Number(row?.value ?? 0) + 1 }).where(eq(appMeta.key, 'counter'));
        }),
      ),
    );
    const [row] = await threaded.db.select().from(appMeta).where(eq(appMeta.key, 'counter'));
    expect(row?.value).toBe(20);
  });

  it('leaves this thread free while a statement runs', async () => {
    const order: string[] = [];
    const timer = setTimeout(() => order.push('timer'), 1);
    // Long enough that a 1 ms timer comes due while it runs.
    await threaded.db.execute(sql`select count(*) from generate_series(1, 3000000)`);
    order.push('statement');
    clearTimeout(timer);
    expect(order[0]).toBe('timer');
  });

  it('keeps its data folder across a restart', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'safar-db-thread-'));
    dirs.push(dir);
    const first = await openPglite(dir, { thread: true });
    await first.db.insert(appMeta).values({ key: 'probe', value: { saved: true } });
    await first.close();
    // The same folder opened in this thread: one on-disk format.
    const second = await openPglite(dir);
    expect((await second.db.select().from(appMeta).where(eq(appMeta.key, 'probe')))[0]?.value).toEqual({ saved: true });
    await second.close();
  });
});
