import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../src/db/data-dir-lock';
import { TEST_PASSWORD } from '../support/auth';
import { freePorts } from '../support/ports';

/**
 * Two real server processes on one PGlite data folder: the second must refuse to start
 * (one line naming the folder and the first process), and after the first is killed
 * with SIGKILL the next start takes the stale lock over and finds every account.
 */

const children: ChildProcess[] = [];
let dataDir = '';
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

function startServer(port: number): { child: ChildProcess; stderr: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stderr: () => stderr, exited };
}

async function waitHealthy(port: number, exited: Promise<number | null>): Promise<void> {
  let done = false;
  void exited.then(() => {
    done = true;
  });
  for (let i = 0; i < 600 && !done; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server on ${port} never became healthy`);
}

const json = (port: number) => ({ 'Content-Type': 'application/json', Origin: `http://localhost:${port}` });

describe('one server per PGlite data folder', () => {
  it('refuses a second server, then takes over the lock after the first is killed, losing nothing', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'safar-two-servers-'));
    const [firstPort = 0, secondPort = 0, thirdPort = 0] = await freePorts(3);
    const first = startServer(firstPort);
    await waitHealthy(firstPort, first.exited);
    const email = `lock-${Date.now()}@example.com`;
    const created = await fetch(`http://127.0.0.1:${firstPort}/api/auth/signup`, {
      method: 'POST',
      headers: json(firstPort),
      body: JSON.stringify({ email, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
    });
    expect(created.status).toBe(201);

    const second = startServer(secondPort);
    expect(await second.exited).toBe(1);
    const lines = second.stderr().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(path.resolve(dataDir));
    expect(lines[0]).toContain(`process ${first.child.pid}`);
    // The refused server did not touch the first one's lock.
    expect((await fetch(`http://127.0.0.1:${firstPort}/api/health`)).ok).toBe(true);

    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(true); // left behind by the killed process

    const third = startServer(thirdPort);
    await waitHealthy(thirdPort, third.exited);
    const login = await fetch(`http://127.0.0.1:${thirdPort}/api/auth/login`, { method: 'POST', headers: json(thirdPort), body: JSON.stringify({ email, password: TEST_PASSWORD }) });
    expect(login.status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 180_000);
});
