import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Browser pieces as in-memory fakes: localStorage, IndexedDB (fake-indexeddb), fetch, online state.
const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();
const toasts: string[] = [];
const events: string[][] = [];
let online = true;

vi.mock('../toast', () => ({
  notify: Object.fromEntries(['success', 'error', 'warning', 'info', 'message'].map((kind) => [kind, (message: string) => void toasts.push(`${kind}: ${message}`)])),
}));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function loadQueue() {
  vi.resetModules();
  return import('./offline-queue');
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  toasts.length = 0;
  events.length = 0;
  online = true;
  storage.set('safar:session', JSON.stringify({ id: 'user-a', email: 'a@example.com' }));
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    dispatchEvent: (event: CustomEvent<{ features: string[] }>) => void events.push(event.detail.features),
  });
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('CustomEvent', class<T> extends Event {
    detail: T;
    constructor(type: string, init: { detail: T }) {
      super(type);
      this.detail = init.detail;
    }
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const favourite = (id: string, method: 'PUT' | 'DELETE' = 'PUT') => ({ feature: 'favourites', label: `Favourite ${id}`, method, path: `/api/explore/favorites/${id}`, body: {} }) as const;

function sentKeys(): (string | undefined)[] {
  return fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string> | undefined)?.['Idempotency-Key']);
}

describe('offline queue', () => {
  it('sends at once when online, with an Idempotency-Key, and queues nothing', async () => {
    fetchMock.mockResolvedValue(json({ routeIds: ['del-goi'] }));
    const queue = await loadQueue();
    const result = await queue.sendOrQueue<{ routeIds: string[] }>(favourite('del-goi'));
    expect(result).toEqual({ queued: false, body: { routeIds: ['del-goi'] } });
    expect(sentKeys()[0]).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(await queue.queueSize()).toBe(0);
  });

  it('queues offline (and when the request gets no answer), then replays in order with the same keys', async () => {
    const queue = await loadQueue();
    online = false;
    const a = await queue.sendOrQueue(favourite('del-goi'));
    online = true;
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const b = await queue.sendOrQueue(favourite('bom-blr', 'DELETE'));
    expect(a.queued && b.queued).toBe(true);
    expect(await queue.queueSize()).toBe(2);
    expect(storage.get('safar:queue-pending')).toBe('2');
    expect(toasts.filter((t) => t.includes("will be sent when you're back online"))).toHaveLength(2);
    const keys = (await queue.queuedActions()).map((action) => action.idempotencyKey);

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json({ routeIds: [] }));
    const outcome = await queue.replayQueue();
    expect(outcome.sent.map((action) => action.path)).toEqual(['/api/explore/favorites/del-goi', '/api/explore/favorites/bom-blr']);
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url instanceof Request ? url.url : String(url)}`)).toEqual(['PUT /api/explore/favorites/del-goi', 'DELETE /api/explore/favorites/bom-blr']);
    expect(sentKeys()).toEqual(keys);
    expect(await queue.queueSize()).toBe(0);
    expect(storage.has('safar:queue-pending')).toBe(false);
    expect(events).toEqual([['favourites']]);
  });

  it('stops at the first action with no answer and keeps it and the rest', async () => {
    const queue = await loadQueue();
    await queue.enqueue(favourite('del-goi'));
    await queue.enqueue(favourite('bom-blr'));
    await queue.enqueue(favourite('maa-ccu'));
    fetchMock.mockResolvedValueOnce(json({ routeIds: [] })).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const outcome = await queue.replayQueue();
    expect(outcome.sent).toHaveLength(1);
    expect(outcome.waiting).toBe(2);
    expect((await queue.queuedActions()).map((action) => action.path)).toEqual(['/api/explore/favorites/bom-blr', '/api/explore/favorites/maa-ccu']);
  });

  it('drops an action the server refuses and reports its message; a DELETE answered 404 already happened', async () => {
    const queue = await loadQueue();
    await queue.enqueue({ feature: 'alerts', label: 'Price alert DEL → BOM', method: 'POST', path: '/api/price-alerts', body: { targetPrice: -1 } });
    await queue.enqueue(favourite('del-goi', 'DELETE'));
    fetchMock
      .mockResolvedValueOnce(json({ error: { code: 'validation_failed', message: 'Target price must be a positive amount' } }, 400))
      .mockResolvedValueOnce(json({ error: { code: 'not_found', message: 'Not found' } }, 404));
    const outcome = await queue.replayQueue();
    expect(outcome.failed.map((f) => `${f.action.label}: ${f.message}`)).toEqual(['Price alert DEL → BOM: Target price must be a positive amount']);
    expect(outcome.sent.map((action) => action.method)).toEqual(['DELETE']);
    expect(await queue.queueSize()).toBe(0);
  });

  it('keeps each account’s queue apart', async () => {
    const queue = await loadQueue();
    await queue.enqueue(favourite('del-goi'));
    storage.set('safar:session', JSON.stringify({ id: 'user-b', email: 'b@example.com' }));
    expect(await queue.queueSize()).toBe(0);
  });
});

/** An in-memory Web Locks manager: exclusive locks granted in request order, per name. */
function fakeLocks() {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      const granted = (tails.get(name) ?? Promise.resolve()).then(() => callback());
      tails.set(name, granted.catch(() => {}));
      return granted;
    },
  };
}

/** A server answer that arrives a little later, so two tabs' replays overlap. */
function slowAnswer() {
  return new Promise<Response>((resolve) => setTimeout(() => resolve(json({ routeIds: [] })), 2));
}

describe('two tabs replaying one queue', () => {
  async function twoTabs() {
    const tabA = await loadQueue();
    const tabB = await loadQueue(); // a second module instance: its own connection and replay state
    for (const id of ['del-goi', 'bom-blr', 'maa-ccu', 'blr-hyd']) await tabA.enqueue(favourite(id));
    const keys = (await tabA.queuedActions()).map((action) => action.idempotencyKey);
    fetchMock.mockImplementation(slowAnswer);
    return { tabA, tabB, keys };
  }

  it('with Web Locks, the second tab waits for the first and sends each action once', async () => {
    vi.stubGlobal('navigator', { onLine: true, locks: fakeLocks() });
    const { tabA, tabB, keys } = await twoTabs();
    const [a, b] = await Promise.all([tabA.replayQueue(), tabB.replayQueue()]);
    expect(sentKeys()).toEqual(keys);
    expect(a.sent.length + b.sent.length).toBe(4);
    expect(await tabB.queueSize()).toBe(0);
  });

  it('without Web Locks, a lease in the database keeps the second tab off the queue', async () => {
    const { tabA, tabB, keys } = await twoTabs();
    const [a, b] = await Promise.all([tabA.replayQueue(), tabB.replayQueue()]);
    expect(sentKeys()).toEqual(keys);
    expect([a.sent.length, b.sent.length].sort()).toEqual([0, 4]);
    expect(await tabB.queueSize()).toBe(0);
    // The lease is released: the next replay, from either tab, may run.
    await tabB.enqueue(favourite('ccu-gau'));
    expect((await tabB.replayQueue()).sent).toHaveLength(1);
  });

  it('a lease left by a tab closed mid-replay lapses after QUEUE_LEASE_MS', async () => {
    const queue = await loadQueue();
    const { offlineDb } = await import('./offline-db');
    await queue.enqueue(favourite('del-goi'));
    const db = await offlineDb('user-a');
    const [kind, id] = queue.QUEUE_LEASE_KEY;
    await db.put('records', { kind, id, data: { owner: 'closed-tab', until: Date.now() + 1_000 }, savedAt: Date.now() });
    fetchMock.mockResolvedValue(json({ routeIds: [] }));
    expect(await queue.replayQueue()).toEqual({ sent: [], failed: [], waiting: 1 });
    await db.put('records', { kind, id, data: { owner: 'closed-tab', until: Date.now() - 1 }, savedAt: Date.now() });
    expect((await queue.replayQueue()).sent).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/**
 * What the server does with one request: 'ok' applies it; 'lost' applies it but the answer never
 * arrives; 'offline' never reaches the server; 'busy' answers 503; 'refuse' answers 400 (an
 * action already applied gets its stored answer, as the Idempotency-Key promises).
 */
type Answer = 'ok' | 'lost' | 'offline' | 'busy' | 'refuse';
const answer = fc.constantFrom<Answer>('ok', 'ok', 'lost', 'offline', 'busy', 'refuse');
type Step = { kind: 'act'; online: boolean; answers: Answer[] } | { kind: 'replay'; answers: Answer[] };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('act' as const), online: fc.boolean(), answers: fc.array(answer, { maxLength: 4 }) }),
  fc.record({ kind: fc.constant('replay' as const), answers: fc.array(answer, { maxLength: 4 }) }),
);

describe('queue replay, for any interleaving of actions, connectivity, failures and replays', () => {
  it.each([
    ['with Web Locks', true],
    ['with the lease', false],
  ])('%s: the server applies each action once, in the order taken; a replay leaves a suffix of the queue', async (_name, withLocks) => {
    const queue = await loadQueue();
    if (withLocks) vi.stubGlobal('navigator', { get onLine() { return online; }, locks: fakeLocks() });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 8 }), async (steps) => {
        // A fresh account per run: its own offline database.
        storage.set('safar:session', JSON.stringify({ id: `run-${run++}`, email: 'a@example.com' }));
        let script: Answer[] = [];
        const taken: string[] = [];
        const applied: string[] = [];
        const refused = new Set<string>();
        const settled = new Set<string>();
        const sentAfterAnswer: string[] = [];
        fetchMock.mockReset();
        fetchMock.mockImplementation(async (_url, init) => {
          const key = new Headers(init?.headers).get('Idempotency-Key') ?? '';
          if (settled.has(key)) sentAfterAnswer.push(key);
          const next = script.shift() ?? 'ok';
          if (next === 'offline') throw new TypeError('Failed to fetch');
          if (next === 'busy') return json({ error: { code: 'unavailable', message: 'Try again later' } }, 503);
          if (next === 'refuse' && !applied.includes(key)) {
            settled.add(key);
            refused.add(key);
            return json({ error: { code: 'validation_failed', message: 'Refused' } }, 400);
          }
          if (!applied.includes(key)) applied.push(key);
          if (next === 'lost') throw new TypeError('Failed to fetch');
          settled.add(key);
          return json({ routeIds: [] });
        });
        const queuedKeys = async () => (await queue.queuedActions()).map((action) => action.idempotencyKey);

        for (const [index, current] of steps.entries()) {
          script = [...current.answers];
          if (current.kind === 'act') {
            online = current.online;
            const key = `action-${index}`;
            taken.push(key);
            // A live answer of 4xx or 5xx goes to the traveller, and the action is not queued.
            await queue.sendOrQueue({ ...favourite(`r${index}`), idempotencyKey: key }).catch((error: unknown) => {
              if (!(error instanceof Error && 'status' in error)) throw error;
              if (error.status === 503 && !applied.includes(key)) refused.add(key);
            });
          } else {
            online = true;
            const before = await queuedKeys();
            await queue.replayQueue();
            const after = await queuedKeys();
            expect(before.slice(before.length - after.length)).toEqual(after);
          }
        }
        // Back online for good: everything still queued goes.
        online = true;
        script = [];
        await queue.replayQueue();
        expect(await queue.queueSize()).toBe(0);
        expect(applied).toEqual(taken.filter((key) => !refused.has(key)));
        expect(sentAfterAnswer).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });
});
