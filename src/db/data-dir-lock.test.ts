import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, type LockOwner, acquireDataDirLock } from './data-dir-lock';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'safar-lock-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** The pid of a process that has exited (so certainly not running). */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.on('error', reject);
    child.on('exit', () => resolve(child.pid ?? 0));
  });
}

async function writeLock(dir: string, owner: Partial<LockOwner>) {
  const full: LockOwner = { pid: process.pid, host: hostname(), processStart: null, startedAt: '2026-11-22T10:00:00.000Z', token: 'old', ...owner };
  await writeFile(path.join(dir, LOCK_FILE), JSON.stringify(full));
}

describe('data folder lock', () => {
  it('refuses a second holder with one line naming the folder and the running process', async () => {
    const dir = await freshDir();
    const first = await acquireDataDirLock(dir);
    const second = acquireDataDirLock(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`${dir} is in use by another Safar server (process ${process.pid} on ${hostname()}`);
    await expect(second).rejects.not.toThrow(/\n/);
    await first.release();
    const third = await acquireDataDirLock(dir);
    await third.release();
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dir = await freshDir();
    await writeLock(dir, { pid: await deadPid() });
    const lock = await acquireDataDirLock(dir);
    const owner = JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8')) as LockOwner;
    expect(owner.pid).toBe(process.pid);
    expect(owner.token).toBe(lock.owner.token);
    await lock.release();
  });

  it('does not mistake a recycled pid for the owner (start time differs)', async () => {
    const dir = await freshDir();
    // A live pid (our own parent) but a start time that is not that process's.
    await writeLock(dir, { pid: process.ppid, processStart: '1' });
    const lock = await acquireDataDirLock(dir);
    await lock.release();
  });

  it('never calls a lock from another host stale', async () => {
    const dir = await freshDir();
    await writeLock(dir, { pid: 999_999, host: 'another-host.example' });
    await expect(acquireDataDirLock(dir)).rejects.toThrow('process 999999 on another-host.example');
  });

  it('lets exactly one of many simultaneous starters take over one stale lock', async () => {
    const dir = await freshDir();
    await writeLock(dir, { pid: await deadPid() });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => acquireDataDirLock(dir)));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof DataDirLockedError)).toHaveLength(11);
    if (won[0]?.status === 'fulfilled') await won[0].value.release();
  });

  it('release leaves a lock another process took in the meantime alone', async () => {
    const dir = await freshDir();
    const lock = await acquireDataDirLock(dir);
    await writeLock(dir, { pid: 4242, token: 'someone-else' });
    await lock.release();
    expect(JSON.parse(await readFile(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ token: 'someone-else' });
  });
});
