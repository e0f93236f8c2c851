import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rmdir, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * One process per embedded-database folder. PGlite has no lock of its own, and two
 * processes writing one folder silently lose each other's commits, so the server
 * holds `DATA_DIR/safar.lock` for as long as it runs.
 *
 * The lock file is created with O_EXCL (atomic) and names its owner: process id,
 * host, the process's kernel start time (so a recycled pid is not mistaken for the
 * owner) and when it started. A lock whose owner is gone — same host, and no process
 * with that pid and start time — is stale: it was left by a crash or kill -9 and is
 * taken over. Taking over happens under a second, mkdir-based guard so two servers
 * starting at once over one stale lock cannot both win.
 */

export const LOCK_FILE = 'safar.lock';
const TAKEOVER_GUARD = 'safar.lock.takeover';
/** A takeover guard older than this belongs to a process that died mid-takeover. */
const GUARD_STALE_MS = 10_000;

export interface LockOwner {
  pid: number;
  host: string;
  /** Kernel start time of the process (Linux /proc), or null where unavailable. */
  processStart: string | null;
  startedAt: string;
  token: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly folder: string,
    readonly owner: LockOwner | undefined,
  ) {
    super(
      owner
        ? `${folder} is in use by another Safar server (process ${owner.pid} on ${owner.host}, started ${owner.startedAt}); stop it, or give this server another DATA_DIR`
        : `${folder} is in use by another Safar server that is still starting (${path.join(folder, LOCK_FILE)}); stop it, or give this server another DATA_DIR`,
    );
  }
}

export interface DataDirLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock if it is still this process's (idempotent). */
  release(): Promise<void>;
}

/** The kernel start time of a process (field 22 of /proc/<pid>/stat), or null off Linux. */
function processStartTime(pid: number | 'self'): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote `owner` is certainly gone. Only decidable on this
 * host; a lock from another host (a shared network folder) is never called stale.
 */
function ownerIsGone(owner: LockOwner): boolean {
  if (owner.host !== hostname()) return false;
  if (owner.pid === process.pid && owner.processStart === processStartTime('self')) return false;
  if (!processAlive(owner.pid)) return true;
  const start = processStartTime(owner.pid);
  // The pid is alive but was recycled by an unrelated process since the lock was written.
  return owner.processStart !== null && start !== null && start !== owner.processStart;
}

function parseOwner(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || typeof value.host !== 'string' || typeof value.token !== 'string') return undefined;
    return { pid: value.pid, host: value.host, processStart: value.processStart ?? null, startedAt: String(value.startedAt ?? '?'), token: value.token };
  } catch {
    return undefined;
  }
}

async function readOwner(file: string): Promise<{ text: string; owner: LockOwner | undefined } | undefined> {
  try {
    const text = await readFile(file, 'utf8');
    return { text, owner: parseOwner(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function tryCreate(file: string, owner: LockOwner): Promise<boolean> {
  let handle;
  try {
    handle = await open(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(JSON.stringify(owner));
    await handle.sync();
  } finally {
    await handle.close();
  }
  return true;
}

/** Runs `fn` while holding the takeover guard; false when another process holds it. */
async function withTakeoverGuard(folder: string, fn: () => Promise<void>): Promise<boolean> {
  const guard = path.join(folder, TAKEOVER_GUARD);
  try {
    await mkdir(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const info = await stat(guard).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > GUARD_STALE_MS) await rmdir(guard).catch(() => undefined);
    return false;
  }
  try {
    await fn();
  } finally {
    await rmdir(guard).catch(() => undefined);
  }
  return true;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes the folder's lock or throws DataDirLockedError naming the folder and the running owner.
 * @example const lock = await acquireDataDirLock('./data'); ... await lock.release();
 */
export async function acquireDataDirLock(folder: string): Promise<DataDirLock> {
  const absolute = path.resolve(folder);
  await mkdir(absolute, { recursive: true });
  const file = path.join(absolute, LOCK_FILE);
  const owner: LockOwner = { pid: process.pid, host: hostname(), processStart: processStartTime('self'), startedAt: new Date().toISOString(), token: randomUUID() };
  const lock: DataDirLock = {
    file,
    owner,
    release: async () => {
      const current = await readOwner(file).catch(() => undefined);
      if (current?.owner?.token === owner.token) await unlink(file).catch(() => undefined);
    },
  };

  for (let attempt = 0; attempt < 50; attempt += 1) {
    if (await tryCreate(file, owner)) return lock;
    const current = await readOwner(file);
    if (!current) continue; // released between our create and read: try again
    if (!current.owner) {
      // Being written right now, or left half-written by a crash: give a writer time, then judge by age.
      const info = await stat(file).catch(() => undefined);
      if (info && Date.now() - info.mtimeMs < 2_000) {
        await pause(50);
        continue;
      }
    } else if (!ownerIsGone(current.owner)) {
      throw new DataDirLockedError(absolute, current.owner);
    }
    // Stale: remove it only if it is still the very lock we judged, under the guard.
    await withTakeoverGuard(absolute, async () => {
      const again = await readOwner(file);
      if (again && again.text === current.text) await unlink(file);
    });
    await pause(10 + Math.floor(Math.random() * 20));
  }
  const last = await readOwner(file);
  throw new DataDirLockedError(absolute, last?.owner);
}
