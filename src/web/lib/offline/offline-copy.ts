import { ApiError } from '../api';
import { currentAccount } from '../use-session';
import { readRecord, readRecords, saveRecords } from './offline-db';

/** True when the request never got an answer (offline, server unreachable), not when the server said no. */
export function isNetworkFailure(error: unknown): boolean {
  return (error instanceof ApiError && error.code === 'network') || error instanceof TypeError;
}

/**
 * Fetches a list from the server and keeps the device's copy in step with it (records of `kind`
 * in the traveller's offline database); with no connection, answers from that copy instead.
 * A server error (401, 404…) is never hidden behind the copy.
 * @example queryFn: () => listWithOfflineCopy('booking', fetchBookings, (b) => b.id)
 */
export async function listWithOfflineCopy<T>(kind: string, fetchList: () => Promise<T[]>, idOf: (item: T) => string): Promise<T[]> {
  const account = currentAccount();
  try {
    const list = await fetchList();
    // Saved in the background: the screen never waits for the device's copy.
    void saveRecords(
      account,
      kind,
      list.map((item) => ({ id: idOf(item), data: item })),
      { replace: true },
    ).catch(() => {});
    return list;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const copy = await readRecords(account, kind).catch(() => null);
    if (!copy || copy.length === 0) throw error;
    return copy as T[];
  }
}

/**
 * Like listWithOfflineCopy for one item (a ticket the traveller opened stays readable offline).
 * @example queryFn: () => itemWithOfflineCopy('booking', id, () => fetchBooking(id))
 */
export async function itemWithOfflineCopy<T>(kind: string, id: string, fetchItem: () => Promise<T>): Promise<T> {
  const account = currentAccount();
  try {
    const item = await fetchItem();
    void saveRecords(account, kind, [{ id, data: item }]).catch(() => {});
    return item;
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const copy = await readRecord(account, kind, id).catch(() => undefined);
    if (copy === undefined) throw error;
    return copy as T;
  }
}
