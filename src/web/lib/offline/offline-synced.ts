/**
 * The window event the offline queue fires after a replay; `detail.features` names the features
 * whose actions were sent. Its own module so listeners need not load the queue (or IndexedDB).
 */
export const OFFLINE_SYNCED_EVENT = 'safar:offline-synced';
export interface OfflineSyncedDetail {
  features: string[];
}
