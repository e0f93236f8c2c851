import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { SearchQuery } from '../../core/search';
import type { InventoryEntry, InventoryView } from '../../domain/inventory/view';
import { dayNumber, indiaToday, isoDate } from '../../domain/world/time';
import type { World } from '../../domain/world/world';
import type { Logger } from '../logger';
import type { AnswerEncoding } from '../encoding';
import type { PricingResult, PricingTask, Searcher } from './searcher';

export interface WorkerData {
  seed: number;
  scale: number;
}

export type ToWorker =
  | { type: 'rows'; entries: readonly InventoryEntry[] }
  | { type: 'search'; id: number; query: SearchQuery; now: number; encoding: AnswerEncoding }
  | { type: 'price'; id: number; task: PricingTask }
  | { type: 'close' };

type FromWorker =
  | { type: 'ready' }
  | { id: number; bytes: Uint8Array; encoding: AnswerEncoding }
  | { id: number; value: unknown }
  | { id: number; error: string };

interface Pending {
  resolve: (message: FromWorker) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
}

/** The longest a worker's inventory copy lags the serving thread's while no task is asked of it. */
const ROWS_BATCH_MS = 20;

/**
 * A worker thread running the bundled worker next to the bundled server, or, when this module
 * runs as TypeScript source (tsx, vitest), the source through tsx's loader. It inherits the
 * process's flags (e.g. --cpu-prof profiles the workers too).
 */
function startWorker(data: WorkerData): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./search-worker.js', here), { workerData: data });
  const source = new URL('./worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData: data });
}

/**
 * Search in `size` worker threads, so answers — and the pricing tasks behind Explore,
 * recommendations and fare calendars — are computed beside the serving thread (which keeps
 * HTTP, the database and the jobs) instead of on it. Each worker builds the same world
 * from the seed and keeps a copy of the inventory view: seeded with every row the view holds,
 * then sent each change as the view takes it in. A change is posted before any later search,
 * and a worker handles its messages in order, so every worker answers with the same inventory
 * as the serving thread — the same bytes whichever worker serves. A worker that dies is
 * replaced (its searches fail with an error, never a wrong answer).
 * @example const pool = createSearchPool({ size: 2, seed: 20261121, scale: 1, inventory }); await pool.answer(query, now, 'br')
 */
export function createSearchPool(options: { size: number; seed: number; scale: number; inventory: InventoryView; logger?: Logger }): Searcher {
  const { size, inventory, logger } = options;
  const data: WorkerData = { seed: options.seed, scale: options.scale };
  const slots: Slot[] = [];
  let nextId = 1;
  let closing = false;

  const start = (index: number) => {
    const worker = startWorker(data);
    const slot: Slot = { worker, pending: new Map() };
    slots[index] = slot;
    // Seed the copy first: messages are handled in order, so no search runs on a partial view.
    worker.postMessage({ type: 'rows', entries: inventory.entries() } satisfies ToWorker);
    worker.on('message', (message: FromWorker) => {
      if ('type' in message) return;
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      if ('error' in message) pending.reject(new Error(`search worker: ${message.error}`));
      else pending.resolve(message);
    });
    const fail = (error: Error) => {
      for (const pending of slot.pending.values()) pending.reject(error);
      slot.pending.clear();
    };
    worker.on('error', (error) => {
      logger?.error('search worker failed', { error: error.message });
      fail(error);
    });
    worker.on('exit', (code) => {
      fail(new Error(`search worker exited (${code})`));
      if (!closing && slots[index] === slot) start(index);
    });
  };
  for (let i = 0; i < size; i++) start(i);

  // Rows changed within ROWS_BATCH_MS go to the workers in one message (a message costs a
  // structured clone and a wake-up per worker, and under booking load rows change on almost every
  // turn of the event loop). Any still queued go before the next task, so a worker's copy is
  // always current when a search or pricing task reaches it; the timer only bounds how long a
  // copy may lag while no task is asked.
  let queued: InventoryEntry[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (queued.length === 0) return;
    const message: ToWorker = { type: 'rows', entries: queued };
    queued = [];
    for (const slot of slots) slot.worker.postMessage(message);
  };
  const unsubscribe = inventory.subscribe((entries) => {
    if (timer === undefined) timer = setTimeout(flush, ROWS_BATCH_MS).unref();
    for (const entry of entries) queued.push(entry);
  });

  /** Posts to the least busy worker (ties go to the first) and resolves with its reply. */
  const ask = (toWorker: (id: number) => ToWorker): Promise<FromWorker> => {
    flush();
    let slot = slots[0] as Slot;
    for (const s of slots) if (s.pending.size < slot.pending.size) slot = s;
    const id = nextId++;
    return new Promise<FromWorker>((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      slot.worker.postMessage(toWorker(id));
    });
  };

  return {
    async answer(query, now, encoding) {
      const reply = await ask((id) => ({ type: 'search', id, query, now: now.getTime(), encoding }));
      if (!('bytes' in reply)) throw new Error('search worker: not a search answer');
      return { bytes: reply.bytes, encoding: reply.encoding };
    },
    async price<T extends PricingTask>(task: T): Promise<PricingResult<T>> {
      const reply = await ask((id) => ({ type: 'price', id, task }));
      if (!('value' in reply)) throw new Error('search worker: not a pricing result');
      return reply.value as PricingResult<T>;
    },
    async close() {
      closing = true;
      unsubscribe();
      clearTimeout(timer);
      // Ask each worker to finish (it ends once its queue is empty); terminate any that lingers.
      await Promise.all(
        slots.map(
          (s) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => void s.worker.terminate(), 2_000);
              s.worker.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              s.worker.postMessage({ type: 'close' } satisfies ToWorker);
            }),
        ),
      );
    },
  };
}

/**
 * One search worker per core beyond the serving thread's, and at least two: the serving thread
 * needs a fraction of a core (a quarter of a search's CPU), so on a two-core machine a single
 * worker saturates while a core sits mostly idle, and one long pricing task cannot hold every
 * search back.
 */
export function defaultSearchWorkers(): number {
  return Math.max(2, availableParallelism() - 1);
}

/**
 * The local departure dates a search can read today: yesterday (connections) to the last date on sale plus two.
 * @example datesOnSale(world, new Date()).length // 334
 */
export function datesOnSale(world: World, now: Date): string[] {
  const first = dayNumber(indiaToday(now)) - 1;
  const last = dayNumber(world.lastSaleDate(indiaToday(now))) + 2;
  const dates: string[] = [];
  for (let d = first; d <= last; d++) dates.push(isoDate(d));
  return dates;
}
