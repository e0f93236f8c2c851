import { useEffect, useRef } from 'react';
import { personalKey, readStored } from '../../lib/storage';
import { useSession } from '../../lib/use-session';
import { useOnline } from '../../lib/offline/connection';

/**
 * Keeps offline data in step, with no UI of its own: when online and signed in (or with actions
 * waiting), it replays the offline queue and refreshes the device's copy of bookings, passes and
 * PDFs — quietly a moment after start-up, and with the sync toasts when the connection comes back.
 * The sync code is loaded only when there is something to sync.
 * @example <OfflineSyncMount /> // inside the app, once
 */
export function OfflineSyncMount() {
  const { user, status } = useSession();
  const online = useOnline();
  const wasOffline = useRef(!online);

  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    if (status !== 'ready') return;
    const announce = wasOffline.current;
    wasOffline.current = false;
    if (!user && readStored(personalKey('queue-pending')) === null) return;
    const timer = window.setTimeout(
      () => void import('./offline-sync').then((m) => m.syncOfflineData({ announce })).catch(() => {}),
      announce ? 0 : 2000,
    );
    return () => window.clearTimeout(timer);
  }, [online, status, user]);

  return null;
}
