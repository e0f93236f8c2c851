import { WifiOff } from 'lucide-react';
import { lazy, useEffect, useRef, useState } from 'react';
import { QuietLazy } from '../../components/quiet-lazy';
import { useOnline } from '../../lib/offline/connection';
import { whenIdle } from '../../lib/idle';
import { notify } from '../../lib/toast';

// The list's code is fetched while online (when idle, a few seconds after start-up), so it opens even
// when the connection drops before the service worker controls the page.
const loadData = () => import('./offline-data');
const OfflineData = lazy(loadData);

/** Fixed banner while offline, with Retry and a toggle listing what is available offline. */
export function OfflineBanner() {
  const online = useOnline();
  const [showData, setShowData] = useState(false);
  const wasOnline = useRef(online);

  useEffect(() => whenIdle(() => void loadData().then((m) => m.prefetchOfflineCounts()).catch(() => {}), 4000), []);
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
        <QuietLazy fallback={<p className="container offline-data" aria-busy="true">…</p>}>
          <OfflineData />
        </QuietLazy>
      )}
    </div>
  );
}
