// Accounts in process: argon2id hash/verify (the cost every sign-in pays), a whole sign-in through
// the API, and the session lookup every signed-in API request pays. Wall-clock median/p95 and CPU
// time per call (CPU time is steadier on a shared machine).
import { hashPassword, verifyPassword } from '../../src/domain/accounts/passwords';
import { TEST_CLIENT_IP_HEADER } from '../../src/server/auth/client-ip';
import { settleDetached } from '../../src/server/detached';
import { TEST_PASSWORD, signUpAndLogin } from '../../tests/support/auth';
import { createTestApp, jsonHeaders } from '../../tests/support/test-app';

async function measure(label: string, runs: number, fn: (i: number) => unknown): Promise<void> {
  for (let i = 0; i < Math.min(5, runs); i += 1) await fn(-1 - i);
  const wall: number[] = [];
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const t = performance.now();
    await fn(i);
    wall.push(performance.now() - t);
  }
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  wall.sort((a, b) => a - b);
  const at = (q: number) => (wall[Math.floor(q * (wall.length - 1))] ?? 0).toFixed(2);
  const perSecond = (runs / (elapsed / 1000)).toFixed(1);
  console.log(`| ${label} | ${runs} | ${perSecond} | ${at(0.5)} | ${at(0.95)} | ${at(0.99)} | ${((cpu.user + cpu.system) / 1000 / runs).toFixed(2)} |`);
}

console.log('| What | Runs | Per second (one at a time) | Median ms | p95 ms | p99 ms | CPU ms/call |');
console.log('|---|---|---|---|---|---|---|');
const phc = await hashPassword(TEST_PASSWORD);
await measure('argon2id hash (19 MiB, t=2, p=1)', 30, () => hashPassword(TEST_PASSWORD));
await measure('argon2id verify, existing account', 30, () => verifyPassword(phc, 'wrong-password'));
await measure('argon2id verify, unknown email (dummy hash)', 30, () => verifyPassword(undefined, 'wrong-password'));

const { app, close } = await createTestApp();
const { cookie, user } = await signUpAndLogin(app);
await measure('POST /api/auth/login (PGlite, success)', 30, async (i) => {
  const res = await app.request('/api/auth/login', {
    method: 'POST',
    headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: `10.77.${i < 0 ? 255 : 0}.${Math.abs(i) % 250}` }),
    body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}`);
});
// Reset requests: half for accounts that exist, half for addresses that do not (the answer is the
// same). "with its mail" also waits for the work done after the answer (lookup, token, mail render
// through nodemailer's JSON transport): the whole cost a reset request puts on the server.
const accounts: string[] = [];
for (let i = 0; i < 35; i += 1) accounts.push((await signUpAndLogin(app)).user.email);
await settleDetached();
let resetIp = 0;
const resetRequest = async (i: number) => {
  resetIp += 1;
  const email = i % 2 === 0 ? accounts[(resetIp >> 1) % accounts.length] : `nobody-${resetIp}@example.com`;
  const res = await app.request('/api/auth/password-reset-requests', {
    method: 'POST',
    headers: jsonHeaders({ [TEST_CLIENT_IP_HEADER]: `10.88.${(resetIp >> 8) & 255}.${resetIp & 255}` }),
    body: JSON.stringify({ email }),
  });
  if (res.status !== 202) throw new Error(`reset request answered ${res.status}`);
};
await measure('POST /api/auth/password-reset-requests (answer)', 30, resetRequest);
await settleDetached();
await measure('POST /api/auth/password-reset-requests (answer + its mail)', 30, async (i) => {
  await resetRequest(i);
  await settleDetached();
});
await measure('GET /api/auth/session with a cookie (PGlite)', 300, () => app.request('/api/auth/session', { headers: { Cookie: cookie } }));
await measure('GET /api/auth/session without a cookie', 300, () => app.request('/api/auth/session'));
await close();
