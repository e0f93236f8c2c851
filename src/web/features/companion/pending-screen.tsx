import type { ReactNode } from 'react';
import { PAGE_OFFLINE_MESSAGE, waitingForConnection } from '../../lib/offline/connection';
import { NeedsConnection } from '../../lib/offline/needs-connection';

interface PendingQuery {
  isPending: boolean;
  fetchStatus: string;
  error: unknown;
  refetch(): unknown;
}

/**
 * The whole page while a group, invitation or shared itinerary is not there yet: a notice with
 * Try again when the device is offline, else a labelled skeleton.
 * @example if (group.isPending || waitingForConnection(group)) return <PendingScreen query={group} loadingLabel="Loading the group" />;
 */
export function PendingScreen({ query, loadingLabel }: { query: PendingQuery; loadingLabel: string }): ReactNode {
  if (waitingForConnection(query)) {
    return (
      <div className="container page">
        <NeedsConnection message={PAGE_OFFLINE_MESSAGE} />
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="container page" role="status" aria-busy="true" aria-label={loadingLabel}>
      <div className="skeleton skeleton-title" />
      <div className="skeleton gp-skeleton" />
    </div>
  );
}
