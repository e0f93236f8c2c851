import { removePersonalStored } from '../storage';

/**
 * Log Out's clean-up: after it, nothing about the traveller is readable on this device, online
 * or offline. It removes, by rule rather than by list, so features added later are covered:
 * - every localStorage/sessionStorage key starting with `safar:` (and the older unprefixed keys);
 * - every IndexedDB database whose name starts with `safar-` (the per-account offline copies,
 *   their queued actions and cached PDFs);
 * - every Cache Storage cache except the service worker's app-shell precache (`workbox-precache…`),
 *   which holds only the public app files.
 * Deliberately free of the idb library so the shell can call it without loading it.
 * @example await wipePersonalData()
 */
export async function wipePersonalData(): Promise<void> {
  const names = databaseNamesFromStorage();
  removePersonalStored();
  await Promise.all([deleteDatabases(names), clearCaches()]);
}

const DB_PREFIX = 'safar-';
const beforeWipe = new Set<() => Promise<void>>();

/**
 * Runs before the wipe deletes the databases: modules holding open connections or in-memory
 * copies of personal data register here to close and forget them.
 * @example onBeforeWipe(async () => { snapshot = [] })
 */
export function onBeforeWipe(hook: () => Promise<void>): void {
  beforeWipe.add(hook);
}

function databaseNamesFromStorage(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem('safar:offline-dbs') ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

async function deleteDatabases(known: string[]): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  await Promise.all([...beforeWipe].map((hook) => hook().catch(() => {})));
  const listed = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
  const names = new Set([...known, ...listed.map((db) => db.name ?? '')].filter((name) => name.startsWith(DB_PREFIX)));
  await Promise.all(
    [...names].map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = () => resolve();
          request.onerror = () => resolve();
          // Another tab still holds it open: it is deleted as soon as that tab lets go.
          request.onblocked = () => resolve();
        }),
    ),
  );
}

async function clearCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name)));
  } catch {
    // Cache Storage unavailable (insecure context): nothing was cached there.
  }
}
