import { ApiError, apiFetch } from '../api';
import { personalKey, removeStored, writeStored } from '../storage';
import { notify } from '../toast';
import { currentAccount } from '../use-session';
import { isNetworkFailure } from './offline-copy';
import { type QueuedAction, offlineDb } from './offline-db';
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
 * Sends the action now, or — offline or with no answer — queues it and says so.
 * Server refusals (validation, 404…) are thrown as ApiError, never queued.
 * @example const result = await sendOrQueue({ feature: 'favourites', label: 'Favourite Delhi → Goa', method: 'PUT', path: '/api/favourites/DEL-GOI' })
 */
export async function sendOrQueue<T>(request: QueueRequest): Promise<SendResult<T>> {
  const keyed = { ...request, idempotencyKey: request.idempotencyKey ?? newActionKey() };
  if (navigator.onLine) {
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

let replaying: Promise<ReplayOutcome> | null = null;

/**
 * Sends every queued action in order. Each keeps its Idempotency-Key, so an action the server
 * already applied (the answer was lost) is not applied twice. Stops at the first action that
 * gets no answer; drops an action the server refuses (4xx) and reports it; a DELETE answered
 * 404 already happened.
 * @example const outcome = await replayQueue()
 */
export function replayQueue(): Promise<ReplayOutcome> {
  replaying ??= run().finally(() => {
    replaying = null;
  });
  return replaying;
}

async function run(): Promise<ReplayOutcome> {
  const db = await offlineDb(currentAccount());
  const outcome: ReplayOutcome = { sent: [], failed: [], waiting: 0 };
  const actions = await db.getAll('queue');
  for (const [index, action] of actions.entries()) {
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
