import { BoardingPassListSchema, BoardingPassViewSchema } from '../../../core/booking';
import { z } from '../../../core/zod';
import { apiBlobOrNull, apiFetch } from '../../lib/api';
import { removeStored } from '../../lib/storage';
import { currentAccount } from '../../lib/use-session';
import { readRecords, saveRecords } from '../../lib/offline/offline-db';
import { onBeforeWipe } from '../../lib/offline/wipe-personal-data';

/**
 * The boarding-pass wallet's client cache. Passes live in the signed-in traveller's offline
 * database (IndexedDB, records of kind `pass`) so they can be shown at the gate without a
 * connection; the server list replaces the cache whenever it can be fetched. Each entry also
 * carries the barcode SVG text, fetched once, so the barcode shows offline too.
 */
const KIND = 'pass';

/** A pass as the server lists it, plus its barcode once fetched. */
export const CachedPassSchema = BoardingPassViewSchema.extend({
  /** SVG text of the Aztec barcode, cached for offline use. */
  barcodeSvg: z.string().nullable().optional(),
});
export type CachedPass = z.infer<typeof CachedPassSchema>;

/** Entries written by older versions of the app are dropped instead of failing the whole wallet. */
function parsePasses(entries: readonly unknown[]): CachedPass[] {
  return entries.flatMap((entry) => {
    const pass = CachedPassSchema.safeParse(entry);
    return pass.success ? [pass.data] : [];
  });
}

/** Passes are shown newest departure first. */
function byDeparture(a: CachedPass, b: CachedPass): number {
  return b.departure.localeCompare(a.departure) || a.sequence - b.sequence;
}

let account: string | null = null;
let snapshot: CachedPass[] = [];
const listeners = new Set<() => void>();

function publish(next: CachedPass[]): void {
  snapshot = next;
  listeners.forEach((listener) => listener());
}

async function commit(owner: string, next: CachedPass[]): Promise<void> {
  if (owner === account) publish(next);
  await saveRecords(
    owner,
    KIND,
    next.map((pass) => ({ id: pass.id, data: pass })),
    { replace: true },
  );
}

// Log Out: forget the passes held in memory as well.
onBeforeWipe(async () => {
  account = null;
  publish([]);
});

/** For useSyncExternalStore. */
export function subscribePasses(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getPasses(): CachedPass[] {
  return snapshot;
}

/**
 * Shows one traveller's passes from the device (no network needed). Passes cached by earlier
 * versions in localStorage (`boardingPasses`) had no owner, so they are dropped.
 * @example await loadPasses(user.id)
 */
export async function loadPasses(owner: string): Promise<void> {
  removeStored('boardingPasses');
  removeStored('boardingPassesOwner');
  if (account !== owner) {
    account = owner;
    publish([]);
  }
  const stored = parsePasses(await readRecords(owner, KIND)).sort(byDeparture);
  if (account === owner) publish(stored);
}

/**
 * Merges passes into the cache (new ones first), keeping barcodes already fetched.
 * @example await registerPasses(passesFromConfirm)
 */
export async function registerPasses(passes: readonly Omit<CachedPass, 'barcodeSvg'>[]): Promise<void> {
  const owner = currentAccount();
  const existing = owner === account ? snapshot : parsePasses(await readRecords(owner, KIND));
  const known = new Map(existing.map((pass) => [pass.id, pass]));
  const incoming = passes.map((pass) => ({ ...pass, barcodeSvg: known.get(pass.id)?.barcodeSvg ?? null }));
  const ids = new Set(incoming.map((pass) => pass.id));
  await commit(owner, [...incoming, ...existing.filter((pass) => !ids.has(pass.id))]);
  await fetchMissingBarcodes(owner);
}

/**
 * Replaces the cache with the signed-in traveller's passes from the server, then caches any
 * missing barcodes. Offline or on error the cache is left as it is.
 * @example await refreshPasses()
 */
export async function refreshPasses(): Promise<void> {
  const owner = currentAccount();
  const body = BoardingPassListSchema.parse(await apiFetch<unknown>('/api/boarding-passes'));
  const existing = parsePasses(await readRecords(owner, KIND));
  const known = new Map(existing.map((pass) => [pass.id, pass]));
  await commit(
    owner,
    body.passes.map((pass) => ({ ...pass, barcodeSvg: known.get(pass.id)?.barcodeSvg ?? null })).sort(byDeparture),
  );
  await fetchMissingBarcodes(owner);
}

let fetchingBarcodes = false;

async function fetchMissingBarcodes(owner: string): Promise<void> {
  if (fetchingBarcodes) return;
  fetchingBarcodes = true;
  try {
    let passes = parsePasses(await readRecords(owner, KIND)).sort(byDeparture);
    for (const pass of passes.filter((p) => !p.barcodeSvg)) {
      const file = await apiBlobOrNull(`/api/boarding-passes/${encodeURIComponent(pass.id)}/barcode.svg?type=aztec`, 'image/svg+xml');
      if (!file) continue;
      const svg = await file.blob.text();
      if (!svg.includes('<svg')) continue;
      passes = passes.map((p) => (p.id === pass.id ? { ...p, barcodeSvg: svg } : p));
      await commit(owner, passes);
    }
  } catch {
    // Offline: the barcode is fetched on the next refresh.
  } finally {
    fetchingBarcodes = false;
  }
}
