import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A Safar server the test owns, so it can really be stopped (the network cut at the source) and
 * started again on the same port and data folder — or with another build (WEB_DIST_DIR).
 * @example const server = await startServer({ port: 3105, dataDir: '.test-data/pwa-1' }); await server.stop();
 */
export interface OwnServer {
  origin: string;
  stop(): Promise<void>;
}

export async function startServer(options: { port: number; dataDir: string; webDistDir?: string }): Promise<OwnServer> {
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      ...(options.webDistDir ? { WEB_DIST_DIR: options.webDistDir } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://localhost:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 60 s');
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
