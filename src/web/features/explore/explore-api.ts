import type { AssistantTrips } from '../../../core/assistant-schemas';
import type { ExploreCatalogue, Favorites, RouteDetails } from '../../../core/explore-schemas';
import { apiFetch } from '../../lib/api';
import { personalKey, readStored, removeStored, writeStored } from '../../lib/storage';

/**
 * Every call Explore and the chatbot make to the server, in one place (the offline queue
 * replays favourite changes through these). Favourite changes are idempotent: PUT adds,
 * DELETE removes, by route id.
 */

/** @example const { routes } = await fetchCatalogue() */
export function fetchCatalogue(): Promise<ExploreCatalogue> {
  return apiFetch<ExploreCatalogue>('/api/explore/routes');
}

/** @example const details = await fetchRouteDetails('lhr-cdg') */
export function fetchRouteDetails(routeId: string): Promise<RouteDetails> {
  return apiFetch<RouteDetails>(`/api/explore/routes/${encodeURIComponent(routeId)}`);
}

/** The signed-in traveller's favourite route ids. */
export async function fetchFavorites(): Promise<string[]> {
  return (await apiFetch<Favorites>('/api/explore/favorites')).routeIds;
}

/** Adds a favourite on the server; repeating it changes nothing. Answers the list after the change. */
async function putFavorite(routeId: string): Promise<string[]> {
  return (await apiFetch<Favorites>(`/api/explore/favorites/${encodeURIComponent(routeId)}`, { method: 'PUT', json: {} })).routeIds;
}

/** What the chatbot may tell the signed-in traveller about their own trips. */
export function fetchAssistantTrips(): Promise<AssistantTrips> {
  return apiFetch<AssistantTrips>('/api/assistant/trips');
}

/** Visitors' favourites live in this browser under this key until they sign in. */
const VISITOR_FAVORITES_KEY = personalKey('favorites');

function isRouteIdList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string' && /^[a-z]{3}-[a-z]{3}$/.test(v));
}

/** A visitor's favourites in this browser (an unreadable value counts as none). */
export function readVisitorFavorites(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(VISITOR_FAVORITES_KEY) ?? '[]');
    return isRouteIdList(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function writeVisitorFavorites(routeIds: readonly string[]): void {
  if (routeIds.length === 0) removeStored(VISITOR_FAVORITES_KEY);
  else writeStored(VISITOR_FAVORITES_KEY, JSON.stringify([...new Set(routeIds)]));
}

/**
 * Moves a visitor's favourites into the account that just signed in (each PUT is idempotent,
 * so a retry after a dropped connection is harmless), then forgets the browser copy.
 * Answers the account's list afterwards, or null when there was nothing to merge.
 */
export async function mergeVisitorFavorites(): Promise<string[] | null> {
  const local = readVisitorFavorites();
  if (local.length === 0) return null;
  let list: string[] = [];
  for (const id of local) {
    try {
      list = await putFavorite(id);
    } catch (error) {
      // A route that left the catalogue (404) is dropped; anything else is tried again next time.
      if (!(error instanceof Error && 'status' in error && error.status === 404)) throw error;
    }
  }
  writeVisitorFavorites([]);
  return list.length > 0 ? list : fetchFavorites();
}

