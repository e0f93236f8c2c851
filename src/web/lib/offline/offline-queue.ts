import { ApiError, apiFetch } from '../api';
import { personalKey, removeStored, writeStored } from '../storage';
import { notify } from '../toast';
import { currentAccount } from '../use-session';
import { isNetworkFailure } from './offline-copy';
import { type OfflineDb, type QueuedAction, type StoredRecord, offlineDb } from './offline-db';
import { OFFLINE_SYNCED_EVENT, type OfflineSyncedDetail } from './offline-synced';

/**
 * The offline action queue: actions that can safely wait (price alerts, favourites, trip plans,
 * recent searches) are sent at once when online, and otherwise kept in the traveller's offline
 * database, each with the Idempotency-Key it will be sent with, and replayed in order on
 * reconnect. Payments and bookings never go through here: they need a live answer.
 *
 * A feature calls `sendOrQueue` instead of `apiFetch` for such an action:
 *   const result = await sendOrQueue<{ alert: Alert }>({
 *     feature: 'alerts', label: 'Price alert DEL → BOM',
 *     method: 'POST', path: '/api/alerts', body: input,
 *   });
 *   if (result.queued) showPending(); else show(result.body.alert);
 * and, after a replay, `OFFLINE_SYNCED_EVENT` names the features whose actions were sent; the
 * query cache refreshes their answers (SYNCED_QUERIES in lib/query-scope.tsx).
 */
export type QueueRequest = Omit<QueuedAction, 'seq' | 'queuedAt' | 'idempotencyKey'> & { idempotencyKey?: string };

export type SendResult<T> = { queued: false; body: T } | { queued: true; action: QueuedAction };

export { OFFLINE_SYNCED_EVENT, type OfflineSyncedDetail } from './offline-synced';

const listeners = new Set<() => void>();

/** Called whenever the queue changes (for counts and pending markers). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A cheap marker the shell reads without opening IndexedDB: is anything waiting to be sent? */
export const QUEUE_PENDING_KEY = personalKey('queue-pending');

function changed(): void {
  void queueSize()
    .then((size) => (size > 0 ? writeStored(QUEUE_PENDING_KEY, String(size)) : removeStored(QUEUE_PENDING_KEY)))
    .catch(() => {});
  listeners.forEach((listener) => listener());
}

/**
 * A fresh Idempotency-Key. `crypto.randomUUID` exists only in secure contexts (https or
 * localhost), so plain-http hosts fall back to 16 random bytes from getRandomValues.
 */
export function newActionKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

function send<T>(action: Pick<QueuedAction, 'method' | 'path' | 'body' | 'headers' | 'idempotencyKey'>): Promise<T> {
  return apiFetch<T>(action.path, {
    method: action.method,
    json: action.body ?? {},
    headers: { ...action.headers, 'Idempotency-Key': action.idempotencyKey },
  });
}

/** Puts an action in the queue as it is (with its key) and returns it. */
export async function enqueue(request: QueueRequest): Promise<QueuedAction> {
  const action: QueuedAction = { ...request, idempotencyKey: request.idempotencyKey ?? newActionKey(), queuedAt: Date.now() };
  const db = await offlineDb(currentAccount());
  action.seq = await db.add('queue', action);
  changed();
  return action;
}

/**
 * Sends the action now, or — offline, with no answer, or behind older actions still queued —
 * queues it and says so. Actions reach the server in the order they were taken: a queue that
 * holds anything is replayed first. Server refusals (validation, 404…) are thrown as ApiError,
 * never queued.
 * @example const result = await sendOrQueue({ feature: 'favourites', label: 'Favourite Delhi → Goa', method: 'PUT', path: '/api/favourites/DEL-GOI' })
 */
export async function sendOrQueue<T>(request: QueueRequest): Promise<SendResult<T>> {
  const keyed = { ...request, idempotencyKey: request.idempotencyKey ?? newActionKey() };
  if (navigator.onLine && (await nothingQueued())) {
    try {
      return { queued: false, body: await send<T>(keyed) };
    } catch (error) {
      if (!isNetworkFailure(error)) throw error;
    }
  }
  const action = await enqueue(keyed);
  notify.info(`You're offline. ${action.label} will be sent when you're back online.`);
  return { queued: true, action };
}

/** True when no older action waits to be sent, after replaying the queue if it held any. */
async function nothingQueued(): Promise<boolean> {
  if ((await queueSize()) === 0) return true;
  await replayQueue();
  return (await queueSize()) === 0;
}

/** The actions waiting to be sent, oldest first. */
export async function queuedActions(feature?: string): Promise<QueuedAction[]> {
  const db = await offlineDb(currentAccount());
  const all = await db.getAll('queue');
  return feature ? all.filter((action) => action.feature === feature) : all;
}

export async function queueSize(): Promise<number> {
  const db = await offlineDb(currentAccount());
  return db.count('queue');
}

export interface ReplayOutcome {
  sent: QueuedAction[];
  /** Refused by the server: dropped, with the server's message. */
  failed: { action: QueuedAction; message: string }[];
  /** Still waiting (no connection, or a server error worth retrying). */
  waiting: number;
}

/** This tab's replay, if one is under way: a second call joins it. */
let replaying: Promise<ReplayOutcome> | null = null;

/**
 * Sends every queued action in order. Each keeps its Idempotency-Key, so an action the server
 * already applied (the answer was lost) is not applied twice. Stops at the first action that
 * gets no answer; drops an action the server refuses (4xx) and reports it; a DELETE answered
 * 404 already happened. One tab at a time replays an account's queue (see replayExclusively).
 * @example const outcome = await replayQueue()
 */
export function replayQueue(): Promise<ReplayOutcome> {
  replaying ??= replayExclusively().finally(() => {
    replaying = null;
  });
  return replaying;
}

/** Without Web Locks, how long a tab's claim on the queue lasts; it is renewed before each send. */
export const QUEUE_LEASE_MS = 30_000;
/** The lease record in the account's offline database: `{ owner, until }` of the replaying tab. */
export const QUEUE_LEASE_KEY: [string, string] = ['queue-lease', 'replay'];

/**
 * Two tabs of one account share one queue, and each action is sent by one of them. With Web Locks
 * (every current browser) a replay holds the lock `<database name>:queue`: a second tab waits for
 * it, then finds only what is still queued; a closed tab's lock is released by the browser. Without
 * them, a lease record claimed in a readwrite transaction marks the replaying tab; another tab
 * leaves the queue alone while the lease lasts (QUEUE_LEASE_MS, renewed before each send, so a tab
 * closed mid-replay holds the queue back for at most that long).
 */
async function replayExclusively(): Promise<ReplayOutcome> {
  const db = await offlineDb(currentAccount());
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks) return locks.request(`${db.name}:queue`, () => run(db));
  const owner = newActionKey();
  if (!(await claimLease(db, owner))) return { sent: [], failed: [], waiting: await db.count('queue') };
  try {
    return await run(db, () => claimLease(db, owner));
  } finally {
    await releaseLease(db, owner);
  }
}

function leaseHolder(record: StoredRecord | undefined, now: number): string | null {
  const lease = record?.data;
  if (typeof lease !== 'object' || lease === null || !('owner' in lease) || !('until' in lease)) return null;
  return typeof lease.owner === 'string' && typeof lease.until === 'number' && lease.until > now ? lease.owner : null;
}

/** Takes or renews the lease for `owner`; false while another tab holds it. */
async function claimLease(db: OfflineDb, owner: string): Promise<boolean> {
  const tx = db.transaction('records', 'readwrite');
  const now = Date.now();
  const holder = leaseHolder(await tx.store.get(QUEUE_LEASE_KEY), now);
  const mine = holder === null || holder === owner;
  if (mine) await tx.store.put({ kind: QUEUE_LEASE_KEY[0], id: QUEUE_LEASE_KEY[1], data: { owner, until: now + QUEUE_LEASE_MS }, savedAt: now });
  await tx.done;
  return mine;
}

async function releaseLease(db: OfflineDb, owner: string): Promise<void> {
  const tx = db.transaction('records', 'readwrite');
  if (leaseHolder(await tx.store.get(QUEUE_LEASE_KEY), Date.now()) === owner) await tx.store.delete(QUEUE_LEASE_KEY);
  await tx.done;
}

/** Sends the queue in order; `stillMine` (the lease, without Web Locks) is checked before each send. */
async function run(db: OfflineDb, stillMine?: () => Promise<boolean>): Promise<ReplayOutcome> {
  const outcome: ReplayOutcome = { sent: [], failed: [], waiting: 0 };
  const actions = await db.getAll('queue');
  for (const [index, action] of actions.entries()) {
    if (stillMine && !(await stillMine())) {
      outcome.waiting = actions.length - index;
      break;
    }
    try {
      await send(action);
      outcome.sent.push(action);
    } catch (error) {
      if (isNetworkFailure(error) || (error instanceof ApiError && error.status >= 500)) {
        outcome.waiting = actions.length - index;
        break;
      }
      if (error instanceof ApiError && error.status === 404 && action.method === 'DELETE') outcome.sent.push(action);
      else outcome.failed.push({ action, message: error instanceof Error ? error.message : 'Something went wrong.' });
    }
    if (action.seq !== undefined) await db.delete('queue', action.seq);
    changed();
  }
  if (outcome.sent.length > 0) {
    const features = [...new Set(outcome.sent.map((action) => action.feature))];
    window.dispatchEvent(new CustomEvent<OfflineSyncedDetail>(OFFLINE_SYNCED_EVENT, { detail: { features } }));
  }
  return outcome;
}
