import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Browser pieces as in-memory fakes: localStorage, IndexedDB (fake-indexeddb), fetch.
const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();
const toasts: string[] = [];
let online = true;

vi.mock('../../lib/toast', () => ({
  notify: Object.fromEntries(['success', 'error', 'warning', 'info', 'message'].map((kind) => [kind, (message: string) => void toasts.push(`${kind}: ${message}`)])),
}));

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const alert = (id: string, active = true) => ({ id, from: 'DEL', to: 'BOM', active });

async function load() {
  vi.resetModules();
  const api = await import('./alerts-api');
  const counts = await import('../../lib/offline/offline-counts');
  const queue = await import('../../lib/offline/offline-queue');
  return { ...api, offlineCounts: counts.offlineCounts, queuedActions: queue.queuedActions };
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  toasts.length = 0;
  online = true;
  storage.set('safar:session', JSON.stringify({ id: 'user-a', email: 'a@example.com' }));
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    dispatchEvent: () => true,
  });
  vi.stubGlobal('navigator', {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('price alerts on the device', () => {
  it('keeps the list on the device, counts it, and answers from it with no connection', async () => {
    const { listAlerts, offlineCounts } = await load();
    fetchMock.mockResolvedValueOnce(json({ alerts: [alert('a1'), alert('a2')] }));
    expect((await listAlerts(true)).map((a) => a.id)).toEqual(['a1', 'a2']);
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(2));

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await listAlerts(true)).map((a) => a.id).sort()).toEqual(['a1', 'a2']);
  });

  it('a created alert is on the device at once; a deleted one leaves it', async () => {
    const { createAlert, deleteAlert, setAlertActive, offlineCounts, listAlerts } = await load();
    fetchMock.mockResolvedValueOnce(json({ alert: alert('a1') }, 201));
    await createAlert({ from: 'DEL', to: 'BOM', targetPrice: 4000, email: 'a@example.com', dateFrom: '2026-12-01' }, 'key-1', true);
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(1));

    fetchMock.mockResolvedValueOnce(json({ alert: alert('a1', false) }));
    await setAlertActive(alert('a1') as never, false);
    await vi.waitFor(async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      expect((await listAlerts(true))[0]?.active).toBe(false);
    });

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json({ deleted: true }));
    await deleteAlert(alert('a1') as never);
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(0));
  });

  it('a server refusal is not hidden behind the copy', async () => {
    const { listAlerts } = await load();
    fetchMock.mockResolvedValueOnce(json({ alerts: [alert('a1')] }));
    await listAlerts(true);
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'unauthorized', message: 'Please log in' } }, 401));
    await expect(listAlerts(true)).rejects.toThrow();
  });

  it('offline, create, toggle and delete wait in the queue with their Idempotency-Keys; the device copy follows at once', async () => {
    const { createAlert, deleteAlert, setAlertActive, offlineCounts, listAlerts, queuedActions } = await load();
    fetchMock.mockResolvedValueOnce(json({ alerts: [alert('a1'), alert('a2')] }));
    await listAlerts(true);
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(2));

    online = false;
    const created = await createAlert({ from: 'del', to: 'goi', targetPrice: 4000, email: 'a@example.com', dateFrom: '2026-12-01' }, 'create-key-1', true);
    expect(created).toBeNull();
    expect((await setAlertActive(alert('a1') as never, false)).active).toBe(false);
    await deleteAlert(alert('a2') as never);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const queued = await queuedActions('alerts');
    expect(queued.map((a) => `${a.method} ${a.path} ${a.label}`)).toEqual([
      'POST /api/price-alerts Price alert DEL → GOI',
      'PATCH /api/price-alerts/a1 Turning off price alert DEL → BOM',
      'DELETE /api/price-alerts/a2 Deleting price alert DEL → BOM',
    ]);
    expect(queued[0]?.idempotencyKey).toBe('create-key-1');
    expect(new Set(queued.map((a) => a.idempotencyKey)).size).toBe(3);
    expect(toasts).toContain("info: You're offline. Price alert DEL → GOI will be sent when you're back online.");

    await vi.waitFor(async () => {
      const counts = await offlineCounts();
      expect(counts.alerts).toBe(1);
      expect(counts.queued).toBe(3);
    });
    const copy = await listAlerts(true);
    expect(copy.map((a) => [a.id, a.active])).toEqual([['a1', false]]);
  });
});
