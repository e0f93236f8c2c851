// Small helpers shared by the benchmark scripts.
import { spawn } from 'node:child_process';

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export const median = (values) => percentile(values, 50);

/** Starts the built server and resolves once /api/health answers; returns { child, ms, stop }. */
export async function startServer(env, { timeoutMs = 60_000, nodeArgs = [] } = {}) {
  const started = performance.now();
  const child = spawn('node', [...nodeArgs, 'dist/server/main.js'], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${env.PORT}/api/health`;
  for (;;) {
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error('server did not answer in time');
    }
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { child, ms, stop };
}
