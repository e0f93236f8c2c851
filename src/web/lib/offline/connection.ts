import { useSyncExternalStore } from 'react';
import { ApiError } from '../api';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it is online, kept current by its events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}

/** Booking and paying need a live answer from the server, so they are never queued offline. */
export const NEEDS_CONNECTION_MESSAGE = "You're offline. Booking and payment need an internet connection — reconnect to continue.";

/** A search cannot be answered from the device; it runs by itself once the connection is back. */
export const SEARCH_OFFLINE_MESSAGE = "You're offline. Flight search needs an internet connection — your results will appear as soon as you're back online.";

/** A screen whose data only the server has; it loads by itself once the connection is back. */
export const PAGE_OFFLINE_MESSAGE = "You're offline. This page needs an internet connection — it will load as soon as you're back online.";

/**
 * Whether a query is waiting for the network: paused by the query library while offline, or
 * failed because the device has no connection (a page opened while already offline).
 * @example if (waitingForConnection(results)) return <NeedsConnection message={SEARCH_OFFLINE_MESSAGE} />
 */
export function waitingForConnection(query: { isPending: boolean; fetchStatus: string; error: unknown }): boolean {
  if (query.isPending && query.fetchStatus === 'paused') return true;
  return query.error instanceof ApiError && query.error.code === 'network' && !navigator.onLine;
}
