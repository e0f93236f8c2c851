import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
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
    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toEqual(['PUT /api/explore/favorites/del-goi', 'DELETE /api/explore/favorites/bom-blr']);
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
