import type { Clock } from '../core/clock';
import type { Database } from '../db/client';
import type { Config } from './config';
import type { Logger } from './logger';

/** What every route and job may use. Passed to createApp; tests build their own. */
export interface AppDeps {
  database: Database;
  clock: Clock;
  config: Config;
  logger: Logger;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
  };
}
