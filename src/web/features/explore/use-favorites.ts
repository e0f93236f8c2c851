import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { EXPLORE_MESSAGES } from '../../../core/explore';
import { notify } from '../../lib/toast';
import type { SessionUser } from '../auth/use-session';
import {
  deleteFavorite,
  exploreKeys,
  fetchFavorites,
  mergeVisitorFavorites,
  putFavorite,
  readVisitorFavorites,
  writeVisitorFavorites,
} from './explore-api';

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
  const key = exploreKeys.favorites(user?.id ?? '');
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
      const userKey = exploreKeys.favorites(user.id);
      queryClient.setQueryData(userKey, next);
      (isFavorite ? deleteFavorite(routeId) : putFavorite(routeId))
        .then((list) => queryClient.setQueryData(userKey, list))
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
