import { serve } from '@hono/node-server';
import { createOffsetClock, systemClock } from '../core/clock';
import { openDatabase } from '../db/client';
import { DEFAULT_RECOMMENDATION_ORIGIN } from '../core/recommendations';
import { cachedExploreCatalogue } from '../domain/explore/routes';
import { cachedDestinations } from '../domain/recommendations/recommendations';
import { InventoryView } from '../domain/inventory/view';
import { createWorld } from '../domain/world/world';
import { createApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createAppDeps } from './deps';
import { JOBS } from './jobs/registry';
import { startJobs } from './jobs/runner';
import { followInventoryChanges, publishInventoryChanges } from './inventory-feed';
import { createLogger } from './logger';
import { weatherOf } from './weather';
import { createSearchPool, datesOnSale, defaultSearchWorkers } from './search/pool';
import { inThreadSearcher, pricingVia } from './search/searcher';

/** Process entry: validate config, open the database, serve, and shut down cleanly. */
async function main() {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(error.message + '\n');
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let database;
  try {
    database = await openDatabase(config);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const which = config.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
    process.stderr.write(`Could not open the database (${which}): ${reason}\n`);
    process.exit(1);
  }
  const world = createWorld({ seed: config.WORLD_SEED });
  const inventory = new InventoryView();
  // Every date on sale in memory up front, so a search never waits for the database.
  await inventory.ensureDates(database.db, datesOnSale(world, systemClock.now()));
  // Seat changes travel between processes on PostgreSQL: each publishes what it commits, and
  // every other one applies that news to its searches.
  const stopFeed = await followInventoryChanges(database, inventory, logger);
  const stopPublishing = publishInventoryChanges(database, inventory, logger);
  // SEARCH_WORKERS=0 answers searches on the serving thread (no worker threads at all).
  const workers = config.SEARCH_WORKERS ?? defaultSearchWorkers();
  const search = workers > 0 ? createSearchPool({ size: workers, seed: world.seed, scale: world.scale, inventory, logger }) : inThreadSearcher(world, inventory);
  // Browser tests only (TEST_CLOCK_CONTROL, refused unless NODE_ENV=test): a clock /api/test/clock can move.
  const clock = config.TEST_CLOCK_CONTROL ? createOffsetClock(systemClock) : systemClock;
  const base = { ...createAppDeps({ database, clock, config, logger, world, inventory }), search };
  // One weather adapter (and so one forecast cache) for the routes and the jobs.
  const deps = { ...base, weather: weatherOf(base) };
  const app = createApp({ ...deps, serveWeb: true });
  const jobs = startJobs(deps, JOBS);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info('listening', {
      url: `http://localhost:${info.port}`,
      db: database.kind,
      startupMs: Math.round(performance.now() - started),
    });
    // Explore's catalogue takes a second or two to price; do it before the first visitor asks.
    setTimeout(() => void cachedExploreCatalogue({ db: database.db, world, inventory: deps.inventory, ...pricingVia(search) }, systemClock.now()).catch(() => {}), 3_000).unref();
    // The Home panel's default origin, likewise (a few seconds of searches).
    setTimeout(() => void cachedDestinations({ db: database.db, world, inventory: deps.inventory, ...pricingVia(search) }, DEFAULT_RECOMMENDATION_ORIGIN, systemClock.now()).catch(() => {}), 8_000).unref();
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    process.stderr.write(
      error.code === 'EADDRINUSE' ? `Invalid configuration: PORT ${config.PORT} is already in use\n` : `Server error: ${error.message}\n`,
    );
    process.exit(1);
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('stopping', { signal });
    server.close();
    await jobs.stop();
    await stopPublishing();
    await stopFeed();
    await search.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

void main();
