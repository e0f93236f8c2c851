import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store runs in the browser; here localStorage, IndexedDB (fake-indexeddb) and fetch are in-memory fakes.
const storage = new Map<string, string>();
const fetchMock = vi.fn<typeof fetch>();

function pass(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    bookingId: 'BK1795271044069',
    pnr: 'XRRSQ4',
    passengerName: 'Mr Rahul Sharma',
    airline: 'IndiGo',
    flightNumber: '6E 1071',
    from: { code: 'DEL', name: 'Indira Gandhi International', city: 'New Delhi', terminal: '1' },
    to: { code: 'BOM', name: 'Chhatrapati Shivaji Maharaj International', city: 'Mumbai', terminal: '1' },
    departure: '2026-11-28T22:25:00+05:30',
    arrival: '2026-11-29T00:45:00+05:30',
    date: '2026-11-28',
    time: '22:25',
    gate: 'A4',
    seat: '1A',
    cabin: 'economy' as const,
    sequence: 1,
    bcbp: 'M1SHARMA/RAHUL',
    boardingTime: '21:40',
    gateCloses: '22:00',
    ...overrides,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function signInAs(id: string) {
  storage.set('safar:session', JSON.stringify({ id, email: `${id}@example.com` }));
}

async function loadStore() {
  vi.resetModules();
  return import('./wallet-store');
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('indexedDB', new IDBFactory());
  const localStorage = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    key: (i: number) => [...storage.keys()][i] ?? null,
    get length() {
      return storage.size;
    },
  };
  vi.stubGlobal('window', { localStorage, sessionStorage: { length: 0, key: () => null, removeItem: () => {} }, addEventListener: () => {}, removeEventListener: () => {} });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallet cache', () => {
  it('reads nothing from an empty store and drops the old unowned localStorage cache', async () => {
    signInAs('user-a');
    storage.set('boardingPasses', JSON.stringify([pass('legacy')]));
    const store = await loadStore();
    await store.loadPasses('user-a');
    expect(store.getPasses()).toEqual([]);
    expect(storage.has('boardingPasses')).toBe(false);
  });

  it('registers passes in the traveller’s offline database, keeps fetched barcodes, and caches the SVG for offline use', async () => {
    signInAs('user-a');
    fetchMock.mockImplementation(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>', { status: 200 }));
    const store = await loadStore();
    await store.loadPasses('user-a');
    await store.registerPasses([pass('p1'), pass('p2', { passengerName: 'Ms Priya Sharma' })]);
    await vi.waitFor(() => expect(store.getPasses().every((p) => p.barcodeSvg?.startsWith('<svg'))).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('/api/boarding-passes/p1/barcode.svg?type=aztec', expect.anything());

    // A fresh page (no memory) reads them back from IndexedDB, with no network.
    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const reopened = await loadStore();
    await reopened.loadPasses('user-a');
    expect(reopened.getPasses().map((p) => p.id).sort()).toEqual(['p1', 'p2']);
    expect(reopened.getPasses().every((p) => p.barcodeSvg?.startsWith('<svg'))).toBe(true);
  });

  it('replaces the cache with the server list on refresh and leaves it alone when offline', async () => {
    signInAs('user-a');
    const store = await loadStore();
    await store.loadPasses('user-a');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await store.registerPasses([pass('gone')]);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => ((input instanceof Request ? input.url : String(input)) === '/api/boarding-passes' ? json({ passes: [pass('p3')] }) : new Response('<svg/>')));
    await store.refreshPasses();
    expect(store.getPasses().map((p) => p.id)).toEqual(['p3']);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(store.refreshPasses()).rejects.toThrow();
    expect(store.getPasses().map((p) => p.id)).toEqual(['p3']);
  });

  it('keeps each traveller’s passes apart: another account on the device sees none of them', async () => {
    signInAs('user-a');
    fetchMock.mockResolvedValue(new Response('<svg/>'));
    const store = await loadStore();
    await store.loadPasses('user-a');
    await store.registerPasses([pass('p1')]);
    expect(store.getPasses()).toHaveLength(1);
    signInAs('user-b');
    await store.loadPasses('user-b');
    expect(store.getPasses()).toEqual([]);
    // Another account's database cannot even be opened while user-b is signed in.
    await expect(store.loadPasses('user-a')).rejects.toThrow();
    signInAs('user-a');
    await store.loadPasses('user-a');
    expect(store.getPasses()).toHaveLength(1);
  });

  it('Log Out wipes the passes from memory, IndexedDB and localStorage', async () => {
    signInAs('user-a');
    fetchMock.mockResolvedValue(new Response('<svg/>'));
    const store = await loadStore();
    await store.loadPasses('user-a');
    await store.registerPasses([pass('p1')]);
    storage.set('safar:tracker:recent', '["6E 1071"]');
    storage.set('theme', 'dark');
    const { wipePersonalData } = await import('../../lib/offline/wipe-personal-data');
    await wipePersonalData();
    expect(store.getPasses()).toEqual([]);
    expect([...storage.keys()]).toEqual(['theme']);
    const { readRecords } = await import('../../lib/offline/offline-db');
    // Signed out: the account's data cannot be opened; signed in again, it is gone.
    await expect(readRecords('user-a', 'pass')).rejects.toThrow();
    signInAs('user-a');
    expect(await readRecords('user-a', 'pass')).toEqual([]);
  });
});
