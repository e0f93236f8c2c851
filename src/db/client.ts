import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireDataDirLock } from './data-dir-lock';
import { PgliteThread } from './pglite-thread';
import { defaultPoolSize } from './pool-size';
import * as schema from './schema';

type Schema = typeof schema;
/** The Drizzle database both drivers satisfy; domain code takes this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
type DbKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` from any connection, and with
   * `undefined` after each (re)connection of the listening connection, when notifications may
   * have been missed. Resolves once listening, with the stop function. Only on PostgreSQL: PGlite
   * has one process per data folder, so nothing else writes to it.
   */
  listen?(channel: string, onNotify: (payload: string | undefined) => void): Promise<() => Promise<void>>;
  /** Sends `payload` on `channel` to every listening connection (PostgreSQL only, as `listen`). */
  notify?(channel: string, payload: string): Promise<void>;
}

/** Folder of the generated SQL migrations, found from source and from the bundled server alike. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // src/db -> ../../drizzle ; dist/server -> ../../drizzle
  return path.resolve(here, '../../drizzle');
}

/**
 * Opens PGlite in a data folder (created if missing) and applies migrations; with `thread`,
 * PGlite runs in a worker thread of its own (src/db/pglite-thread.ts).
 * @example const { db } = await openPglite('./data')
 */
export async function openPglite(dataDir: string | undefined, options: { migrate?: boolean; lockFolder?: string; thread?: boolean } = {}): Promise<Database> {
  // One process per data folder: a second one would silently lose the first one's commits.
  const lock = options.lockFolder ? await acquireDataDirLock(options.lockFolder) : undefined;
  try {
    if (dataDir) await mkdir(dataDir, { recursive: true });
    // In a thread of its own (the server), PGlite's work never holds up the serving thread.
    const client = options.thread ? await PgliteThread.open(dataDir) : dataDir ? await PGlite.create(dataDir) : await PGlite.create();
    // The thread offers the part of PGlite's interface Drizzle uses (query, transaction, close).
    const db = drizzlePglite({ client: client as PGlite, schema });
    if (options.migrate !== false) {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    }
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        await lock?.release();
      },
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** Wraps an existing PGlite instance (e.g. a per-test clone). */
export function wrapPglite(client: PGlite): Database {
  return { db: drizzlePglite({ client, schema }), kind: 'pglite', close: () => client.close() };
}

// Any constant works; it only has to be the same on every node.
const MIGRATION_LOCK_ID = 7_201_981;

/**
 * Connects to PostgreSQL and applies migrations under an advisory lock, so
 * several nodes starting at once migrate exactly once.
 */
export async function openPostgres(url: string, options: { poolSize?: number; migrate?: boolean; onQuery?: (statement: string) => void } = {}): Promise<Database> {
  if (options.migrate !== false) {
    const single = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await single`select pg_advisory_lock(${MIGRATION_LOCK_ID})`;
      await migratePostgres(drizzlePostgres({ client: single, schema }), { migrationsFolder: migrationsFolder() });
      await single`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`;
    } finally {
      await single.end();
    }
  }
  // onQuery (benchmarks) counts statements sent to the server: postgres.js calls `debug` once per query.
  const sql = postgres(url, { max: options.poolSize ?? defaultPoolSize(), onnotice: () => {}, ...(options.onQuery ? { debug: (_connection: number, statement: string) => options.onQuery?.(statement) } : {}) });
  return {
    db: drizzlePostgres({ client: sql, schema }),
    kind: 'postgres',
    close: () => sql.end({ timeout: 5 }),
    // postgres.js keeps one extra connection for LISTEN and re-listens after a reconnect.
    listen: async (channel, onNotify) => {
      const subscription = await sql.listen(channel, (payload) => onNotify(payload), () => onNotify(undefined));
      return () => subscription.unlisten();
    },
    notify: async (channel, payload) => {
      await sql.notify(channel, payload);
    },
  };
}

/** Chooses the driver from configuration: PostgreSQL when a URL is given, else PGlite in dataDir. */
export function openDatabase(config: { DATABASE_URL?: string | undefined; DATA_DIR: string; DATABASE_POOL_SIZE?: number }): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE })
    : openPglite(path.join(config.DATA_DIR, 'pglite'), { lockFolder: config.DATA_DIR, thread: true });
}
