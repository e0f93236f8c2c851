import { currentAccount } from '../use-session';
import { readRecords, countRecords } from './offline-db';
import { queueSize } from './offline-queue';

export interface OfflineCounts {
  bookings: number;
  passes: number;
  alerts: number;
  queued: number;
}

/**
 * What is really available on this device for the current traveller: confirmed bookings (their
 * tickets), boarding passes and price alerts in the offline database, and actions waiting to sync.
 * @example const { bookings, passes, alerts } = await offlineCounts()
 */
export async function offlineCounts(): Promise<OfflineCounts> {
  const account = currentAccount();
  const [bookings, passes, alerts, queued] = await Promise.all([
    readRecords(account, 'booking').then((list) => list.filter((b) => typeof b === 'object' && b !== null && 'status' in b && b.status === 'confirmed').length),
    countRecords(account, 'pass'),
    countRecords(account, 'alert'),
    queueSize(),
  ]);
  return { bookings, passes, alerts, queued };
}
