import { MessageChannel, type MessagePort, Worker, receiveMessageOnPort } from 'node:worker_threads';

/**
 * PGlite in a worker thread of its own, behind the part of PGlite's interface Drizzle and the
 * raw statements use (`query`, `transaction`, `close`). PGlite runs PostgreSQL compiled to
 * WebAssembly synchronously on the thread that calls it; here that thread is not the one
 * serving HTTP, so a job's statements or a booking's transaction never hold up other answers.
 *
 * A transaction holds PGlite's lock from BEGIN to COMMIT, so its statements must not wait for
 * this thread to get round to their answers (it may be busy with other requests): once BEGIN
 * has the lock, each statement and the COMMIT wait for their answer synchronously (Atomics.wait
 * on a shared counter the database thread bumps, then receiveMessageOnPort), for just as long
 * as PGlite takes to run it, as PGlite in this thread would. BEGIN itself is awaited normally:
 * waiting for the lock could take as long as another transaction's JavaScript.
 *
 * Only identity parsers cross the thread boundary (Drizzle's and the raw statements' parsers
 * keep timestamps, dates and intervals as text): the parser functions of a query's options are
 * replaced by the list of their type ids, and the worker keeps those types as text.
 */

/**
 * A request to the database thread. Those inside a transaction (a query with `tx`, and `end`)
 * are answered on the synchronous port, with the shared counter bumped; the rest on the
 * worker's own port.
 */
export type PgliteRequest =
  | { op: 'query'; id: number; tx: number | null; text: string; params: unknown[]; rowMode: 'array' | 'object' | undefined; textTypes: number[] }
  | { op: 'begin'; id: number; tx: number }
  | { op: 'end'; id: number; tx: number; commit: boolean }
  | { op: 'close'; id: number };

/**
 * Whether a request's answer comes on the synchronous port: it belongs to an open transaction.
 * @example answeredSynchronously({ op: 'end', id: 7, tx: 2, commit: true }) // true
 */
export function answeredSynchronously(request: PgliteRequest): boolean {
  return request.op === 'end' || (request.op === 'query' && request.tx !== null);
}

/** What the database thread is started with. */
export interface PgliteWorkerData {
  dataDir: string | undefined;
  /** Bumped (and notified) after each answer posted to `syncPort`. */
  signal: Int32Array;
  syncPort: MessagePort;
}

/** How long a synchronous wait may last before the statement fails (a database thread that died). */
const SYNC_TIMEOUT_MS = 60_000;

export type PgliteReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError } | { ready: true } | { failed: SerializedError };

/** An error as it crosses threads: its message, name and own fields (code, detail, constraint …). */
export interface SerializedError {
  message: string;
  name: string;
  fields: Record<string, unknown>;
}

/** What a query resolves to, as PGlite gives it. */
export interface PgliteResults {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<string | number, unknown>;
}

/** The transaction handle a `transaction` callback receives. */
export interface PgliteThreadTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>;
}

/**
 * An error thrown on the worker, rebuilt here with the same message, name and fields.
 * @example serializeError(new Error('x')) // { message: 'x', name: 'Error', fields: {} }
 */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || key === 'stack') continue;
    // Only plain values cross (a result or a cause object is left behind).
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

function rebuildError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  error.name = serialized.name;
  Object.assign(error, serialized.fields);
  return error;
}

function startWorker(data: PgliteWorkerData): Worker {
  const here = import.meta.url;
  const options = { workerData: data, transferList: [data.syncPort] };
  if (!here.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', here), options);
  // Running as TypeScript source (tsx, vitest): the worker's source through tsx's loader.
  const source = new URL('./pglite-worker.ts', here).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { ...options, eval: true });
}

/**
 * Starts PGlite on `dataDir` (in memory when undefined) in a worker thread; resolves once it is open.
 * @example const client = await PgliteThread.open('./data/pglite'); drizzle({ client, schema })
 */
export class PgliteThread {
  private nextId = 1;
  private nextTx = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private exited: Error | null = null;
  /** Answers seen on the synchronous port so far (the counter's last value). */
  private syncSeen = 0;

  private constructor(
    private readonly worker: Worker,
    private readonly signal: Int32Array,
    private readonly syncPort: MessagePort,
  ) {
    worker.on('message', (reply: PgliteReply) => {
      if (!('id' in reply)) return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiting.resolve(reply.value);
      else waiting.reject(rebuildError(reply.error));
    });
    const fail = (error: Error) => {
      this.exited = error;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the database thread exited (${code})`)));
  }

  static open(dataDir: string | undefined): Promise<PgliteThread> {
    const signal = new Int32Array(new SharedArrayBuffer(4));
    const { port1, port2 } = new MessageChannel();
    const worker = startWorker({ dataDir, signal, syncPort: port2 });
    return new Promise((resolve, reject) => {
      const onMessage = (reply: PgliteReply) => {
        if ('ready' in reply) {
          cleanup();
          resolve(new PgliteThread(worker, signal, port1));
        } else if ('failed' in reply) {
          cleanup();
          void worker.terminate();
          reject(rebuildError(reply.failed));
        }
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      const onExit = (code: number) => {
        cleanup();
        reject(new Error(`the database thread exited (${code}) before opening`));
      };
      const cleanup = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
    });
  }

  private send(request: PgliteRequest): Promise<unknown> {
    if (this.exited) return Promise.reject(this.exited);
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  /** Posts a request whose answer comes on the synchronous port, and blocks until it does. */
  private sendSync(request: PgliteRequest): unknown {
    if (this.exited) throw this.exited;
    this.worker.postMessage(request);
    const deadline = Date.now() + SYNC_TIMEOUT_MS;
    for (;;) {
      const message = receiveMessageOnPort(this.syncPort);
      if (message) {
        this.syncSeen = Atomics.load(this.signal, 0);
        const reply = message.message as PgliteReply;
        if (!('id' in reply) || reply.id !== request.id) throw new Error('the database thread answered out of turn');
        if (!reply.ok) throw rebuildError(reply.error);
        return reply.value;
      }
      if (Date.now() > deadline) throw new Error('the database thread did not answer');
      Atomics.wait(this.signal, 0, this.syncSeen, 1_000);
      this.syncSeen = Atomics.load(this.signal, 0);
    }
  }

  // async: a statement of a transaction runs synchronously, and its error becomes the rejection.
  private async run(tx: number | null, text: string, params: unknown[] = [], options: QueryOptions = {}): Promise<PgliteResults> {
    const textTypes = Object.keys(options.parsers ?? {}).map(Number);
    const request = { op: 'query', id: this.nextId++, tx, text, params, rowMode: options.rowMode, textTypes } as const;
    if (tx === null) return this.send(request) as Promise<PgliteResults>;
    return this.sendSync(request) as PgliteResults;
  }

  query(text: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults> {
    return this.run(null, text, params, options);
  }

  /**
   * Runs `callback` in one transaction: committed when it resolves, rolled back when it throws
   * (the error is rethrown). Other statements wait for it, as on PGlite itself.
   */
  async transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T> {
    const tx = this.nextTx++;
    await this.send({ op: 'begin', id: this.nextId++, tx });
    let result: T;
    try {
      result = await callback({ query: (text, params, options) => this.run(tx, text, params, options) });
    } catch (error) {
      try {
        this.sendSync({ op: 'end', id: this.nextId++, tx, commit: false });
      } catch {
        // The rollback's own failure adds nothing to the error that caused it.
      }
      throw error;
    }
    this.sendSync({ op: 'end', id: this.nextId++, tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.exited) return;
    await this.send({ op: 'close', id: this.nextId++ });
    await this.worker.terminate();
    this.syncPort.close();
  }
}
