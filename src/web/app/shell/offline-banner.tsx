import { WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../features/offline/use-online';
import type { OfflineCounts } from '../../features/offline/offline-counts';
import { whenIdle } from '../../lib/idle';
import { notify } from '../../lib/toast';

const loadCounts = () => import('../../features/offline/offline-counts');

/** Counts of what this device really holds for the traveller, read when the panel opens and every 2 s while it stays open (actions queued meanwhile show up). */
function useOfflineCounts(open: boolean): OfflineCounts | null {
  const [counts, setCounts] = useState<OfflineCounts | null>(null);
  // The panel's code is fetched while online (when idle, a few seconds after start-up), so it opens even
  // when the connection drops before the service worker controls the page.
  useEffect(() => whenIdle(() => void loadCounts().catch(() => {}), 4000), []);
  useEffect(() => {
    if (!open) return;
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
  }, [open]);
  return open ? counts : null;
}

/** Fixed banner while offline, with Retry and a toggle listing what is available offline. */
export function OfflineBanner() {
  const online = useOnline();
  const [showData, setShowData] = useState(false);
  const wasOnline = useRef(online);
  const counts = useOfflineCounts(showData && !online);

  useEffect(() => {
    if (wasOnline.current === online) return;
    wasOnline.current = online;
    if (online) notify.success('Connection restored!');
    else notify.warning('You are offline. Some features may be limited.');
  }, [online]);

  if (online) return null;
  return (
    <div className="offline-banner" role="status">
      <div className="container offline-inner">
        <WifiOff aria-hidden="true" size={18} />
        <div className="offline-text">
          <strong>You're offline</strong>
          <span>Limited functionality available</span>
        </div>
        <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
          Retry
        </button>
        <button type="button" className="btn btn-small btn-ghost" aria-expanded={showData} onClick={() => setShowData((v) => !v)}>
          Offline Data
        </button>
      </div>
      {showData && (
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
      )}
    </div>
  );
}
