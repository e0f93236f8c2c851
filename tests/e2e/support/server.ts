import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A Safar server the test owns, so it can really be stopped (the network cut at the source) and
 * started again on the same port and data folder — or with another build (WEB_DIST_DIR), or more
 * environment (`env`, e.g. SMTP_URL of a test mail sink).
 * @example const server = await startServer({ port: 3105, dataDir: '.test-data/pwa-1' }); await server.stop();
 */
export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startServer(options: { port: number; dataDir: string; webDistDir?: string; env?: Record<string, string> }): Promise<OwnServer> {
  const origin = `http://localhost:${options.port}`;
  // A server left over on this port would answer the health check below in place of the new one.
  if (await fetch(`${origin}/api/health`).then(() => true, () => false)) throw new Error(`port ${options.port} is already serving`);
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // A fresh data folder is migrated first: slow on a loaded machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind on the port for the next run.
      child.kill('SIGKILL');
      throw new Error('server did not start in 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
