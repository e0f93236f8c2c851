import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFixedClock } from '../../src/core/clock';
import { type Database, wrapPglite } from '../../src/db/client';
import { InventoryView } from '../../src/domain/inventory/view';
import { createWorld } from '../../src/domain/world/world';
import { createApp } from '../../src/server/app';
import { type Config, loadConfig } from '../../src/server/config';
import { createAppDeps } from '../../src/server/deps';
import { silentLogger } from '../../src/server/logger';
import { answerContract } from './answer-contract';
import { openFromTemplate } from './pglite-template';

export const TEST_ORIGIN = 'http://localhost:3000';

/**
 * An app on its own fresh PGlite database with a controllable clock.
 * @example const { app, close } = await createTestApp(); await app.request('/api/health')
 */
export async function createTestApp(options: { env?: Record<string, string>; now?: string; database?: Database } = {}) {
  const database = options.database ?? wrapPglite(await openFromTemplate());
  const clock = createFixedClock(options.now ?? '2026-11-21T06:30:00Z');
  // Files the app writes (generated VAPID keys) go to a folder of this app's own, removed on close.
  const dataDir = options.env?.DATA_DIR ? undefined : mkdtempSync(path.join(tmpdir(), 'safar-test-'));
  const config: Config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...(dataDir ? { DATA_DIR: dataDir } : {}), ...options.env });
  const world = createWorld({ seed: config.WORLD_SEED });
  const inventory = new InventoryView();
  const deps = createAppDeps({ database, clock, config, logger: silentLogger, world, inventory });
  // Every 2xx JSON answer is parsed against its route's declared schema (a mismatch answers 500).
  const app: ReturnType<typeof createApp> = createApp({ ...deps, beforeRoutes: [answerContract(() => app)] });
  return { app, deps, database, clock, config, world, inventory, checkout: deps.checkout, cancellations: deps.cancellations, seats: deps.seats, checkIn: deps.checkIn, supplier: deps.supplier, close: async () => {
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Headers a same-origin browser sends with a JSON request. */
export function jsonHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, ...extra };
}
