import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The store runs in the browser; here window.localStorage and fetch are small in-memory fakes.
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
    cabin: 'economy',
    sequence: 1,
    bcbp: 'M1SHARMA/RAHUL',
    boardingTime: '21:40',
    ...overrides,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function loadStore() {
  vi.resetModules();
  return import('./wallet-store');
}

beforeEach(() => {
  storage.clear();
  fetchMock.mockReset();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => void storage.set(key, value),
      removeItem: (key: string) => void storage.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('wallet cache', () => {
  it('reads nothing from an empty, broken or foreign cache', async () => {
    expect((await loadStore()).getPasses()).toEqual([]);
    storage.set('boardingPasses', '{not json');
    expect((await loadStore()).getPasses()).toEqual([]);
    storage.set('boardingPasses', JSON.stringify([{ id: 'old-shape', flight: 'FL001' }, pass('p1')]));
    expect((await loadStore()).getPasses().map((p) => p.id)).toEqual(['p1']);
  });

  it('registers passes under the spec key, keeps fetched barcodes, and caches the SVG for offline use', async () => {
    fetchMock.mockImplementation(async () => new Response('<svg xmlns="http://www.w3.org/2000/svg"></svg>', { status: 200 }));
    const store = await loadStore();
    store.registerPasses([pass('p1'), pass('p2', { passengerName: 'Ms Priya Sharma' })]);
    await vi.waitFor(() => expect(store.getPasses().every((p) => p.barcodeSvg?.startsWith('<svg'))).toBe(true));
    expect(fetchMock).toHaveBeenCalledWith('/api/boarding-passes/p1/barcode.svg?type=aztec', expect.anything());
    const saved: unknown = JSON.parse(storage.get('boardingPasses') ?? '[]');
    expect(Array.isArray(saved) && saved.length).toBe(2);

    fetchMock.mockClear();
    store.registerPasses([pass('p1', { gate: 'A9' })]);
    expect(store.getPasses().find((p) => p.id === 'p1')).toMatchObject({ gate: 'A9', barcodeSvg: expect.stringContaining('<svg') });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('replaces the cache with the server list on refresh and leaves it alone when offline', async () => {
    const store = await loadStore();
    store.registerPasses([pass('gone', { barcodeSvg: undefined })]);
    fetchMock.mockReset();
    fetchMock.mockImplementation(async (input) => (String(input) === '/api/boarding-passes' ? json({ passes: [pass('p3')] }) : new Response('<svg/>')));
    await store.refreshPasses();
    expect(store.getPasses().map((p) => p.id)).toEqual(['p3']);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(store.refreshPasses()).rejects.toThrow();
    expect(store.getPasses().map((p) => p.id)).toEqual(['p3']);
  });

  it('drops the previous traveller’s passes when someone else signs in on the device', async () => {
    fetchMock.mockResolvedValue(new Response('<svg/>'));
    const store = await loadStore();
    store.syncOwner('user-a');
    store.registerPasses([pass('p1')]);
    store.syncOwner('user-a');
    expect(store.getPasses()).toHaveLength(1);
    store.syncOwner('user-b');
    expect(store.getPasses()).toEqual([]);
  });
});
