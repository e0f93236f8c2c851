import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { EXPLORE_MESSAGES } from '../../../core/explore';
import { notify } from '../../lib/toast';
import type { Favorites } from '../../../core/explore-schemas';
import type { SessionUser } from '../../lib/use-session';
import { sendOrQueue } from '../../lib/offline/offline-queue';
import { queryKeys } from '../../lib/query-keys';
import { fetchFavorites, mergeVisitorFavorites, readVisitorFavorites, writeVisitorFavorites } from './explore-api';

/** "del-goi" → "DEL → GOI", for the offline queue's messages. */
function routeLabel(routeId: string): string {
  return routeId.toUpperCase().replace('-', ' → ');
}

export interface FavoritesState {
  favorites: ReadonlySet<string>;
  toggle(routeId: string): void;
}

/**
 * Favourite routes: on the server for a signed-in traveller (a visitor's browser list is merged
 * into the account once they sign in), in this browser for visitors. Toggling answers at once
 * with 'Added to favorites' / 'Removed from favorites' and rolls back if the server refuses.
 * @example const { favorites, toggle } = useFavorites(user)
 */
export function useFavorites(user: SessionUser | null, sessionReady: boolean): FavoritesState {
  const queryClient = useQueryClient();
  const [visitor, setVisitor] = useState<string[]>(() => readVisitorFavorites());
  const key = queryKeys.explore.favorites(user?.id ?? '');
  // Signing in merges the visitor's browser list first, so the answer already includes it.
  const server = useQuery({ queryKey: key, queryFn: async () => (await mergeVisitorFavorites()) ?? (await fetchFavorites()), enabled: user !== null });

  const serverList = server.data;
  const current = useMemo(() => (user ? (serverList ?? []) : sessionReady ? visitor : []), [user, serverList, sessionReady, visitor]);

  const toggle = useCallback(
    (routeId: string) => {
      const isFavorite = current.includes(routeId);
      const next = isFavorite ? current.filter((id) => id !== routeId) : [...current, routeId];
      notify.success(isFavorite ? EXPLORE_MESSAGES.favoriteRemoved : EXPLORE_MESSAGES.favoriteAdded);
      if (!user) {
        writeVisitorFavorites(next);
        setVisitor(next);
        return;
      }
      const userKey = queryKeys.explore.favorites(user.id);
      queryClient.setQueryData(userKey, next);
      // Offline, the change waits in the offline queue (PUT and DELETE are idempotent) and the
      // heart keeps its new state; it is sent on reconnect.
      sendOrQueue<Favorites>({
        feature: 'favourites',
        label: `${isFavorite ? 'Removing favourite' : 'Favourite'} ${routeLabel(routeId)}`,
        method: isFavorite ? 'DELETE' : 'PUT',
        path: `/api/explore/favorites/${encodeURIComponent(routeId)}`,
        body: {},
      })
        .then((result) => {
          if (!result.queued) queryClient.setQueryData(userKey, result.body.routeIds);
        })
        .catch(() => {
          queryClient.setQueryData(userKey, current);
          notify.error('Could not update your favourites. Please try again.');
        });
    },
    [current, user, queryClient],
  );

  const favorites = useMemo(() => new Set(current), [current]);
  return { favorites, toggle };
}
