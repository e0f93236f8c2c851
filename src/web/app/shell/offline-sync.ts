import type { BookingView } from '../../../core/booking';
import { apiBlobOrNull } from '../../lib/api';
import { notify } from '../../lib/toast';
import { currentAccount } from '../../lib/use-session';
import { listAlerts } from '../../features/alerts/alerts-api';
import { fetchBookings, fetchProfileStats } from '../../features/booking/booking-api';
import { getPasses, refreshPasses } from '../../features/wallet/wallet-store';
import { hasDocument, saveDocument } from '../../lib/offline/offline-db';
import { queueSize, replayQueue } from '../../lib/offline/offline-queue';

/** The ticket and boarding-pass PDFs of a traveller's confirmed bookings, by API URL. */
function documentUrls(bookings: readonly Pick<BookingView, 'id' | 'status'>[], passIds: readonly string[]): string[] {
  return [
    ...bookings.filter((b) => b.status === 'confirmed').map((b) => `/api/bookings/${encodeURIComponent(b.id)}/ticket.pdf`),
    ...passIds.map((id) => `/api/boarding-passes/${encodeURIComponent(id)}/pdf`),
  ];
}

/**
 * Brings the signed-in traveller's offline copy up to date: bookings (every ticket), profile
 * figures, boarding passes with their barcodes, price alerts, and the ticket and pass PDFs not yet on the device.
 * @example await refreshOfflineCopy()
 */
async function refreshOfflineCopy(): Promise<void> {
  const account = currentAccount();
  if (account === 'anon') return;
  const bookings = await fetchBookings();
  await Promise.all([fetchProfileStats(), refreshPasses(), listAlerts(true)]);
  for (const url of documentUrls(bookings, getPasses().map((p) => p.id))) {
    if (await hasDocument(account, url)) continue;
    const file = await apiBlobOrNull(url, 'application/pdf');
    if (file) await saveDocument(account, url, file.blob);
  }
}

/**
 * Sends what was queued offline and refreshes the offline copy. With `announce` (back online),
 * the traveller sees 'Syncing offline data...' then 'Offline data synced successfully!', or one
 * message per action the server refused.
 * @example await syncOfflineData({ announce: true })
 */
export async function syncOfflineData({ announce }: { announce: boolean }): Promise<void> {
  const signedIn = currentAccount() !== 'anon';
  const queued = await queueSize().catch(() => 0);
  if (queued === 0 && !signedIn) return;
  const loud = announce || queued > 0;
  if (loud) notify.info('Syncing offline data...');
  const outcome = await replayQueue();
  const refreshed = signedIn ? await refreshOfflineCopy().then(() => true, () => false) : true;
  if (!loud) return;
  for (const { action, message } of outcome.failed) notify.error(`${action.label} could not be synced: ${message}`);
  if (outcome.waiting > 0 || !refreshed) notify.warning('Some offline data could not be synced yet. We will try again when the connection is steady.');
  else if (outcome.failed.length === 0) notify.success('Offline data synced successfully!');
}
