import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favoriteRoutes } from '../../db/schema';
import { CATALOGUE, catalogueEntry, routeIdOf } from './catalogue';

const ORDER = new Map(CATALOGUE.map((e, i) => [routeIdOf(e), i]));

/**
 * A traveller's favourite routes, in catalogue order (ids no longer in the catalogue are left out).
 * @example await listFavoriteRoutes(db, userId) // ['del-bom', 'lhr-cdg']
 */
export async function listFavoriteRoutes(db: Db, userId: string): Promise<string[]> {
  const rows = await db.select({ routeId: favoriteRoutes.routeId }).from(favoriteRoutes).where(eq(favoriteRoutes.userId, userId)).orderBy(asc(favoriteRoutes.createdAt));
  return rows
    .map((r) => r.routeId)
    .filter((id) => ORDER.has(id))
    .sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

/**
 * Marks a route as favourite; doing it twice is the same as once. False for an unknown route.
 * @example await addFavoriteRoute(db, userId, 'lhr-cdg')
 */
export async function addFavoriteRoute(db: Db, userId: string, routeId: string): Promise<boolean> {
  if (!catalogueEntry(routeId)) return false;
  await db.insert(favoriteRoutes).values({ userId, routeId }).onConflictDoNothing();
  return true;
}

/**
 * Unmarks a route; removing one that is not a favourite is not an error. False for an unknown route.
 * @example await removeFavoriteRoute(db, userId, 'lhr-cdg')
 */
export async function removeFavoriteRoute(db: Db, userId: string, routeId: string): Promise<boolean> {
  if (!catalogueEntry(routeId)) return false;
  await db.delete(favoriteRoutes).where(and(eq(favoriteRoutes.userId, userId), eq(favoriteRoutes.routeId, routeId)));
  return true;
}
