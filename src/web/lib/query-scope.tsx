import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OFFLINE_SYNCED_EVENT, type OfflineSyncedDetail } from './offline/offline-synced';
import { queryKeys } from './query-keys';

// One cache for the whole visit; screens that fetch wrap themselves in QueryScope,
// so the query library loads with those screens rather than with the home page.
// Queries and mutations run whatever the browser says of the network: offline, the app's own
// calls answer from the device's copy or queue the action (lib/offline), which a paused query
// (the library's default networkMode) would never get to do.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false, networkMode: 'always' },
    mutations: { networkMode: 'always' },
  },
});

/** The answers an offline-queue feature's replayed actions change (its name in the queue → query keys). */
const SYNCED_QUERIES: Readonly<Record<string, readonly QueryKey[]>> = {
  tracker: [queryKeys.tracker.all],
  planner: [queryKeys.tripPlans],
  favourites: [queryKeys.explore.favoritesAll],
  alerts: [queryKeys.priceAlerts.all],
};

/**
 * After the offline queue was replayed, the queries its features change are fetched again.
 * The one place that does so: with no query library loaded there is no cached answer to refresh.
 * @example invalidateSynced(queryClient, ['tracker']) // Recent Searches refetch
 */
export function invalidateSynced(client: QueryClient, features: readonly string[]): void {
  for (const feature of features) for (const queryKey of SYNCED_QUERIES[feature] ?? []) void client.invalidateQueries({ queryKey });
}

if (typeof window !== 'undefined') {
  window.addEventListener(OFFLINE_SYNCED_EVENT, (event) => invalidateSynced(queryClient, (event as CustomEvent<OfflineSyncedDetail>).detail.features));
}

export function QueryScope({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
