import { ApiError, apiBlob } from './api';
import { currentAccount } from './use-session';
import { readDocument, saveDocument } from './offline/offline-db';

/**
 * Fetches a document from the API and saves it with the browser's download machinery.
 * Fetching first (rather than following a link) lets the screen show a toast on success or
 * failure, and keeps the session cookie on the request. Every PDF fetched is kept in the
 * traveller's offline database, and with no connection the kept copy is saved instead.
 * @example await downloadFile('/api/bookings/BK1/ticket.pdf', 'safar-ticket-ABC234.pdf')
 */
export async function downloadFile(url: string, filename: string): Promise<void> {
  const account = currentAccount();
  let blob: Blob;
  let name = filename;
  try {
    const file = await apiBlob(url, 'application/pdf');
    blob = file.blob;
    name = file.filename ?? filename;
    void saveDocument(account, url, blob).catch(() => {});
  } catch (error) {
    // Only a missing connection falls back to the device's copy; a server refusal stays a failure.
    if (!(error instanceof ApiError && error.code === 'network')) throw error;
    const copy = await readDocument(account, url).catch(() => undefined);
    if (!copy) throw error;
    blob = copy;
  }
  const objectUrl = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke after the click has been handled, or some browsers cancel the download.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  }
}
