import { useEffect, useState } from 'react';
import type { OfflineCounts } from '../../lib/offline/offline-counts';

const loadCounts = () => import('../../lib/offline/offline-counts');

/** Fetches the counting code too, so the list fills in even when the connection dropped before the service worker took over. */
export const prefetchOfflineCounts = (): Promise<unknown> => loadCounts();

/** Counts of what this device really holds for the traveller, read when the list opens and every 2 s while it stays open (actions queued meanwhile show up). */
function useOfflineCounts(): OfflineCounts | null {
  const [counts, setCounts] = useState<OfflineCounts | null>(null);
  useEffect(() => {
    let live = true;
    const read = () =>
      loadCounts()
        .then((m) => m.offlineCounts())
        .then((next) => live && setCounts(next))
        .catch(() => live && setCounts({ bookings: 0, passes: 0, alerts: 0, queued: 0 }));
    void read();
    const timer = window.setInterval(() => void read(), 2000);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, []);
  return counts;
}

/** Offline Data: what this device holds for the traveller (bookings, passes, alerts, actions waiting to sync). */
export default function OfflineData() {
  const counts = useOfflineCounts();
  return (
    <dl className="container offline-data" aria-busy={counts === null}>
      <div>
        <dt>Bookings</dt>
        <dd>{counts?.bookings ?? '…'}</dd>
      </div>
      <div>
        <dt>Boarding passes</dt>
        <dd>{counts?.passes ?? '…'}</dd>
      </div>
      <div>
        <dt>Price alerts</dt>
        <dd>{counts?.alerts ?? '…'}</dd>
      </div>
      {counts !== null && counts.queued > 0 && (
        <div>
          <dt>Waiting to sync</dt>
          <dd>{counts.queued}</dd>
        </div>
      )}
    </dl>
  );
}
