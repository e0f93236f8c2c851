import type { SQL } from 'drizzle-orm';

/**
 * Rows of a raw statement on either driver (postgres.js returns an array, PGlite `{ rows }`),
 * run on a database handle or inside a transaction.
 * @example const [row] = await executeRows<{ n: number }>(tx, sql`select 1 as n`)
 */
export async function executeRows<T>(db: { execute(query: SQL): PromiseLike<unknown> }, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
