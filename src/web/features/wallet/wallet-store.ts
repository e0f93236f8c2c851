import { z } from '../../../core/zod';
import { apiFetch } from '../../lib/api';
import { readStored, writeStored } from '../../lib/storage';

/**
 * The boarding-pass wallet's client cache. Passes live in localStorage under `boardingPasses`
 * (the spec's key) so they can be shown at the gate without a connection; the server list
 * replaces the cache whenever it can be fetched. Each entry also carries the barcode SVG text,
 * fetched once, so the barcode shows offline too.
 */
const KEY = 'boardingPasses';

const AirportSchema = z.object({ code: z.string(), name: z.string(), city: z.string(), terminal: z.string().nullable() });

export const CachedPassSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  pnr: z.string(),
  passengerName: z.string(),
  airline: z.string(),
  flightNumber: z.string(),
  from: AirportSchema,
  to: AirportSchema,
  departure: z.string(),
  arrival: z.string(),
  date: z.string(),
  time: z.string(),
  gate: z.string(),
  seat: z.string(),
  cabin: z.string(),
  sequence: z.number(),
  bcbp: z.string(),
  boardingTime: z.string(),
  /** SVG text of the Aztec barcode, cached for offline use. */
  barcodeSvg: z.string().nullable().optional(),
});
export type CachedPass = z.infer<typeof CachedPassSchema>;

const PassListSchema = z.object({ passes: z.array(CachedPassSchema.omit({ barcodeSvg: true })) });

function readCache(): CachedPass[] {
  try {
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(readStored(KEY) ?? '[]'));
    if (!parsed.success) return [];
    // Drop entries written by older versions of the app instead of failing the whole wallet.
    return parsed.data.flatMap((entry) => {
      const pass = CachedPassSchema.safeParse(entry);
      return pass.success ? [pass.data] : [];
    });
  } catch {
    return [];
  }
}

let snapshot: CachedPass[] | null = null;
const listeners = new Set<() => void>();

function current(): CachedPass[] {
  snapshot ??= readCache();
  return snapshot;
}

function commit(next: CachedPass[]): void {
  snapshot = next;
  writeStored(KEY, JSON.stringify(next));
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: re-reads when another tab changes the cache. */
export function subscribePasses(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    snapshot = readCache();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function getPasses(): CachedPass[] {
  return current();
}

/**
 * Merges passes into the cache (new ones first), keeping barcodes already fetched.
 * @example registerPasses(passesFromConfirm)
 */
export function registerPasses(passes: readonly Omit<CachedPass, 'barcodeSvg'>[]): void {
  const known = new Map(current().map((pass) => [pass.id, pass]));
  const incoming = passes.map((pass) => ({ ...pass, barcodeSvg: known.get(pass.id)?.barcodeSvg ?? null }));
  const ids = new Set(incoming.map((pass) => pass.id));
  commit([...incoming, ...current().filter((pass) => !ids.has(pass.id))]);
  void fetchMissingBarcodes();
}

/** Empties the wallet (a different traveller signed in on this browser). */
export function clearPasses(): void {
  commit([]);
}

const OWNER_KEY = 'boardingPassesOwner';

/**
 * Remembers whose passes the cache holds; when another traveller signs in on this device,
 * the previous traveller's passes are dropped before anything is shown.
 * @example syncOwner(user.id)
 */
export function syncOwner(userId: string): void {
  if (readStored(OWNER_KEY) === userId) return;
  writeStored(OWNER_KEY, userId);
  if (current().length > 0) clearPasses();
}

/**
 * Replaces the cache with the signed-in traveller's passes from the server, then caches any
 * missing barcodes. Offline or on error the cache is left as it is.
 * @example await refreshPasses()
 */
export async function refreshPasses(): Promise<void> {
  const body = PassListSchema.parse(await apiFetch<unknown>('/api/boarding-passes'));
  const known = new Map(current().map((pass) => [pass.id, pass]));
  commit(body.passes.map((pass) => ({ ...pass, barcodeSvg: known.get(pass.id)?.barcodeSvg ?? null })));
  await fetchMissingBarcodes();
}

let fetchingBarcodes = false;

async function fetchMissingBarcodes(): Promise<void> {
  if (fetchingBarcodes) return;
  fetchingBarcodes = true;
  try {
    for (const pass of current().filter((p) => !p.barcodeSvg)) {
      const response = await fetch(`/api/boarding-passes/${encodeURIComponent(pass.id)}/barcode.svg?type=aztec`, { credentials: 'same-origin' });
      if (!response.ok) continue;
      const svg = await response.text();
      if (!svg.includes('<svg')) continue;
      commit(current().map((p) => (p.id === pass.id ? { ...p, barcodeSvg: svg } : p)));
    }
  } catch {
    // Offline: the barcode is fetched on the next refresh.
  } finally {
    fetchingBarcodes = false;
  }
}
