// The database thread: PGlite on the data folder it is given, answering the requests of
// src/db/pglite-thread.ts in order. A transaction's statements run on its own handle while
// other requests wait for it, exactly as they would on PGlite in the calling thread. Statements
// run prepared, once parsed per text (src/db/pglite-statements.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PgliteStatements } from './pglite-statements';
import { type PgliteReply, type PgliteRequest, type PgliteWorkerData, answeredSynchronously, serializeError } from './pglite-thread';

if (!parentPort) throw new Error('the database thread must run in a worker thread');
const port = parentPort;
const { dataDir, signal, syncPort } = workerData as PgliteWorkerData;

const keepText = (value: string) => value;
const parserSets = new Map<string, Record<number, (value: string) => string>>();
/** Parsers keeping these types as text, made once per distinct list. */
function textParsers(types: number[]): Record<number, (value: string) => string> {
  const key = types.join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((t) => [t, keepText]));
    parserSets.set(key, parsers);
  }
  return parsers;
}

/** Requests for one open transaction, handed to it one at a time. */
class TransactionQueue {
  private readonly queued: PgliteRequest[] = [];
  private wake: (() => void) | null = null;

  push(request: PgliteRequest): void {
    this.queued.push(request);
    this.wake?.();
    this.wake = null;
  }

  async next(): Promise<PgliteRequest> {
    while (this.queued.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    return this.queued.shift() as PgliteRequest;
  }
}

const reply = (message: PgliteReply) => port.postMessage(message);

/** Answers a request where its sender waits: a transaction's on the synchronous port (then the counter bumped), others on the worker's port. */
function answer(request: PgliteRequest, message: PgliteReply): void {
  if (!answeredSynchronously(request)) {
    reply(message);
    return;
  }
  syncPort.postMessage(message);
  Atomics.add(signal, 0, 1);
  Atomics.notify(signal, 0);
}

const ROLLBACK = new Error('rollback');

/** A statement alone, or one of an open transaction's (which holds PGlite's transaction lock). */
async function runQuery(statements: PgliteStatements, request: Extract<PgliteRequest, { op: 'query' }>, inTransaction: boolean): Promise<void> {
  try {
    const options = { ...(request.rowMode ? { rowMode: request.rowMode } : {}), ...(request.textTypes.length > 0 ? { parsers: textParsers(request.textTypes) } : {}) };
    const result = await statements.query(request.text, request.params, options, inTransaction);
    answer(request, { id: request.id, ok: true, value: { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows } });
  } catch (error) {
    answer(request, { id: request.id, ok: false, error: serializeError(error) });
  }
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  } catch (error) {
    reply({ failed: serializeError(error) });
    return;
  }
  const statements = new PgliteStatements(db);
  const transactions = new Map<number, TransactionQueue>();

  const begin = (request: Extract<PgliteRequest, { op: 'begin' }>) => {
    const queue = new TransactionQueue();
    transactions.set(request.tx, queue);
    let end: PgliteRequest | null = null;
    db.transaction(async () => {
      reply({ id: request.id, ok: true, value: null });
      for (;;) {
        const next = await queue.next();
        if (next.op === 'query') await runQuery(statements, next, true);
        else if (next.op === 'end') {
          end = next;
          if (!next.commit) throw ROLLBACK;
          return;
        }
      }
    }).then(
      () => end && answer(end, { id: end.id, ok: true, value: null }),
      (error: unknown) => {
        // Failing to begin answers the begin request; anything later answers the end request.
        const to = end ?? request;
        answer(to, error === ROLLBACK ? { id: to.id, ok: true, value: null } : { id: to.id, ok: false, error: serializeError(error) });
      },
    ).finally(() => transactions.delete(request.tx));
  };

  /** Hands a request to its open transaction, or answers that the transaction has ended. */
  const toTransaction = (tx: number, request: PgliteRequest) => {
    const queue = transactions.get(tx);
    if (queue) queue.push(request);
    else answer(request, { id: request.id, ok: false, error: { message: 'the transaction has ended', name: 'Error', fields: {} } });
  };

  port.on('message', (request: PgliteRequest) => {
    switch (request.op) {
      case 'query':
        if (request.tx === null) void runQuery(statements, request, false);
        else toTransaction(request.tx, request);
        return;
      case 'end':
        toTransaction(request.tx, request);
        return;
      case 'begin':
        begin(request);
        return;
      case 'close':
        void db.close().then(
          () => reply({ id: request.id, ok: true, value: null }),
          (error: unknown) => reply({ id: request.id, ok: false, error: serializeError(error) }),
        );
        return;
    }
  });
  reply({ ready: true });
}

void main();
