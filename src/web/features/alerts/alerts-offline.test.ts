import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Browser pieces as in-memory fakes: localStorage, IndexedDB (fake-indexeddb), fetch.
const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const alert = (id: string, active = true) => ({ id, from: 'DEL', to: 'BOM', active });

async function load() {
  vi.resetModules();
  const api = await import('./alerts-api');
  const counts = await import('../offline/offline-counts');
  return { ...api, offlineCounts: counts.offlineCounts };
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
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
  vi.stubGlobal('navigator', { onLine: true });
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
    await createAlert({ from: 'DEL', to: 'BOM', targetPrice: 4000, email: 'a@example.com', dateFrom: '2026-12-01' } as never, 'key-1', true);
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(1));

    fetchMock.mockResolvedValueOnce(json({ alert: alert('a1', false) }));
    await setAlertActive('a1', false);
    await vi.waitFor(async () => {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      expect((await listAlerts(true))[0]?.active).toBe(false);
    });

    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(json({ deleted: true }));
    await deleteAlert('a1');
    await vi.waitFor(async () => expect((await offlineCounts()).alerts).toBe(0));
  });

  it('a server refusal is not hidden behind the copy', async () => {
    const { listAlerts } = await load();
    fetchMock.mockResolvedValueOnce(json({ alerts: [alert('a1')] }));
    await listAlerts(true);
    fetchMock.mockResolvedValueOnce(json({ error: { code: 'unauthorized', message: 'Please log in' } }, 401));
    await expect(listAlerts(true)).rejects.toThrow();
  });
});
