import { WifiOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useOnline } from '../../features/offline/use-online';
import { readStored } from '../../lib/storage';
import { notify } from '../../lib/toast';

function countStored(key: string): number {
  try {
    const parsed: unknown = JSON.parse(readStored(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    return 0;
  }
}

/** Fixed banner while offline, with Retry and a toggle listing what is available offline. */
export function OfflineBanner() {
  const online = useOnline();
  const [showData, setShowData] = useState(false);
  const wasOnline = useRef(online);

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
        <dl className="container offline-data">
          <div>
            <dt>Bookings</dt>
            <dd>{countStored('offlineBookings')}</dd>
          </div>
          <div>
            <dt>Boarding passes</dt>
            <dd>{countStored('boardingPasses')}</dd>
          </div>
          <div>
            <dt>Price alerts</dt>
            <dd>{countStored('priceAlerts')}</dd>
          </div>
        </dl>
      )}
    </div>
  );
}
