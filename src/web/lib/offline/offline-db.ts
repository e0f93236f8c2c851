import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { readStored, writeStored } from '../storage';
import { currentAccount } from '../use-session';
import { onBeforeWipe } from './wipe-personal-data';

/**
 * The device's offline copy of a traveller's data, in IndexedDB, one database per account
 * (`safar-offline:<userId>`, or `safar-offline:anon` for a visitor who is not signed in), so one
 * traveller's data is never read under another's session. Every database name starts with
 * `safar-`, and Log Out deletes every such database (see wipe-personal-data.ts).
 *
 * - `records`: JSON copies of what the server last said, keyed by [kind, id] — kinds in use:
 *   `booking`, `pass`, `profile-stats`, `alert`, … A new feature adds a kind, not a schema change.
 * - `documents`: PDFs (tickets, boarding passes) as Blobs, keyed by their API URL.
 * - `queue`: actions taken offline, waiting to be sent (offline-queue.ts).
 */
const OFFLINE_DB_PREFIX = 'safar-offline:';
const KNOWN_DBS_KEY = 'safar:offline-dbs';

export interface StoredRecord {
  kind: string;
  id: string;
  data: unknown;
  savedAt: number;
}

interface StoredDocument {
  url: string;
  blob: Blob;
  savedAt: number;
}

export interface QueuedAction {
  /** Set by IndexedDB; replay order. */
  seq?: number;
  /** What the traveller did, for messages: "Price alert DEL → BOM". */
  label: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Extra headers sent with it (a visitor's `X-Alert-Owner`), besides the Idempotency-Key. */
  headers?: Record<string, string>;
  /** Sent as the Idempotency-Key header on every attempt, so a replay is never applied twice. */
  idempotencyKey: string;
  /** Feature that queued it (alerts, favourites, planner, tracker…), for its own refresh. */
  feature: string;
  queuedAt: number;
}

interface OfflineSchema extends DBSchema {
  records: { key: [string, string]; value: StoredRecord; indexes: { kind: string } };
  documents: { key: string; value: StoredDocument };
  queue: { key: number; value: QueuedAction };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

const open = new Map<string, Promise<OfflineDb>>();

function rememberName(name: string): void {
  try {
    const known = new Set<string>(JSON.parse(readStored(KNOWN_DBS_KEY) ?? '[]') as string[]);
    if (known.has(name)) return;
    known.add(name);
    writeStored(KNOWN_DBS_KEY, JSON.stringify([...known]));
  } catch {
    writeStored(KNOWN_DBS_KEY, JSON.stringify([name]));
  }
}

/**
 * Opens (once per page) the offline database of one account.
 * @example const db = await offlineDb(user.id)
 */
export function offlineDb(account: string): Promise<OfflineDb> {
  // Only the signed-in traveller's (or the visitor's) data may be opened: a late write from a
  // screen that was open at Log Out must not bring the wiped database back.
  if (account !== currentAccount()) return Promise.reject(new Error('Not the signed-in traveller’s offline data'));
  const name = `${OFFLINE_DB_PREFIX}${account}`;
  let db = open.get(name);
  if (!db) {
    rememberName(name);
    db = openDB<OfflineSchema>(name, 1, {
      upgrade(database) {
        database.createObjectStore('records', { keyPath: ['kind', 'id'] }).createIndex('kind', 'kind');
        database.createObjectStore('documents', { keyPath: 'url' });
        database.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true });
      },
      // Log Out deletes the database: let go of it at once instead of blocking the delete.
      blocking() {
        void db?.then((d) => d.close());
        open.delete(name);
      },
      terminated() {
        open.delete(name);
      },
    });
    db.catch(() => open.delete(name));
    open.set(name, db);
  }
  return db;
}

// Log Out deletes the databases: close this page's connections first.
onBeforeWipe(async () => {
  const dbs = [...open.values()];
  open.clear();
  await Promise.all(dbs.map((db) => db.then((d) => d.close()).catch(() => {})));
});

/**
 * Saves records of one kind; with `replace`, records of that kind not in `items` are dropped
 * (the server's list is the whole truth).
 * @example await saveRecords(userId, 'booking', bookings.map((b) => ({ id: b.id, data: b })), { replace: true })
 */
export async function saveRecords(account: string, kind: string, items: readonly { id: string; data: unknown }[], options: { replace?: boolean } = {}): Promise<void> {
  const db = await offlineDb(account);
  const tx = db.transaction('records', 'readwrite');
  if (options.replace) {
    const keep = new Set(items.map((item) => item.id));
    for (const key of await tx.store.index('kind').getAllKeys(kind)) {
      if (!keep.has(key[1])) await tx.store.delete(key);
    }
  }
  const savedAt = Date.now();
  for (const item of items) await tx.store.put({ kind, id: item.id, data: item.data, savedAt });
  await tx.done;
}

/** Every saved record of one kind, in no particular order. */
export async function readRecords(account: string, kind: string): Promise<unknown[]> {
  const db = await offlineDb(account);
  return (await db.getAllFromIndex('records', 'kind', kind)).map((record) => record.data);
}

export async function readRecord(account: string, kind: string, id: string): Promise<unknown> {
  const db = await offlineDb(account);
  return (await db.get('records', [kind, id]))?.data;
}

export async function deleteRecord(account: string, kind: string, id: string): Promise<void> {
  const db = await offlineDb(account);
  await db.delete('records', [kind, id]);
}

export async function countRecords(account: string, kind: string): Promise<number> {
  const db = await offlineDb(account);
  return db.countFromIndex('records', 'kind', kind);
}

export async function saveDocument(account: string, url: string, blob: Blob): Promise<void> {
  const db = await offlineDb(account);
  await db.put('documents', { url, blob, savedAt: Date.now() });
}

export async function readDocument(account: string, url: string): Promise<Blob | undefined> {
  const db = await offlineDb(account);
  return (await db.get('documents', url))?.blob;
}

export async function hasDocument(account: string, url: string): Promise<boolean> {
  const db = await offlineDb(account);
  return (await db.getKey('documents', url)) !== undefined;
}
