import { availableParallelism } from 'node:os';

/** The most connections per node to PostgreSQL a configuration may ask for. */
export const MAX_POOL_SIZE = 200;

/**
 * Connections per node to PostgreSQL unless told otherwise: twice this machine's cores, at
 * least 4 (4 on two cores). PostgreSQL does best with about twice its own cores in active
 * connections, and postgres.js pipelines further queries on busy connections; with the
 * database on the same machine the two counts agree (decision 0042 has the measurements).
 * @example defaultPoolSize() // 4 on a two-core machine
 */
export function defaultPoolSize(): number {
  return Math.min(MAX_POOL_SIZE, Math.max(4, 2 * availableParallelism()));
}
