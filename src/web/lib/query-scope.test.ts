import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { invalidateSynced } from './query-scope';

describe('offline sync invalidation', () => {
  it("marks stale exactly the answers the replayed features change", () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
    const keys = [queryKeys.tracker.history('u1'), queryKeys.tracker.pending('u1'), queryKeys.tripPlans, queryKeys.explore.favorites('u1'), queryKeys.bookings.all];
    for (const key of keys) client.setQueryData(key, []);
    invalidateSynced(client, ['tracker', 'favourites', 'unknown-feature']);
    const stale = keys.map((key) => client.getQueryState(key)?.isInvalidated);
    expect(stale).toEqual([true, true, false, true, false]);
  });
});
