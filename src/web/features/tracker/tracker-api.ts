import { z } from '../../../core/zod';
import {
  type FlightStatus,
  FlightStatusSchema,
  type TrackingEntry,
  TrackingEntrySchema,
  type TrackingHistory,
  TrackingHistorySchema,
  upsertHistory,
} from '../../../core/tracking';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { personalKey, readStored, writeStored } from '../../lib/storage';
import { currentAccount } from '../../lib/use-session';
import { listWithOfflineCopy } from '../../lib/offline/offline-copy';
import { saveRecords } from '../../lib/offline/offline-db';
import { queuedActions, type SendResult, sendOrQueue } from '../../lib/offline/offline-queue';

/**
 * The tracker's calls: live status (anyone), Recent Searches on the server for a signed-in
 * traveller, and in this browser (local storage, `safar:` prefix) for a visitor.
 * A signed-in traveller's Recent Searches are also kept in the offline database (kind
 * `tracking`), and a flight tracked with no connection is queued and recorded on reconnect.
 */

/** The offline queue's feature name for Recent Searches. */
const TRACKER_FEATURE = 'tracker';

/** Local-storage key of a visitor's Recent Searches (the `safar:` prefix is wiped on sign-out). */
const LOCAL_HISTORY_KEY = personalKey('flightTrackingHistory');

/** Status of a flight number (any spelling) on a date, or today's / the next departure. */
export async function fetchFlightStatus(flightNumber: string, date?: string): Promise<FlightStatus> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return FlightStatusSchema.parse(await apiFetch<unknown>(`/api/flights/${encodeURIComponent(flightNumber)}/status${query}`));
}

/**
 * The live status of a flight as a query (its canonical number and the local date the server answered).
 * @example useQuery({ ...flightStatusQuery('6E2174', '2026-12-24'), refetchInterval: 60_000 })
 */
export function flightStatusQuery(flightNumber: string, date: string) {
  return queryOptions({ queryKey: queryKeys.flightStatus(flightNumber, date), queryFn: () => fetchFlightStatus(flightNumber, date) });
}

const newestFirst = (entries: TrackingEntry[]) => [...entries].sort((a, b) => b.lastTracked.localeCompare(a.lastTracked));

/** The signed-in traveller's Recent Searches (offline: the device's copy), newest first. */
export async function fetchServerHistory(): Promise<TrackingEntry[]> {
  const entries = await listWithOfflineCopy(
    'tracking',
    async () => TrackingHistorySchema.parse(await apiFetch<unknown>('/api/tracking-history')).entries,
    (entry) => entry.flightNumber,
  );
  return newestFirst(entries);
}

/**
 * Records a tracked flight for the signed-in traveller and answers the list after the change,
 * or — with no connection — queues it (with its Idempotency-Key) for the reconnect.
 * @example const result = await recordServerHistory('6E 2174', '2026-12-24') // result.queued false: result.body.entries
 */
export async function recordServerHistory(flightNumber: string, date?: string): Promise<SendResult<TrackingHistory>> {
  const result = await sendOrQueue<unknown>({
    feature: TRACKER_FEATURE,
    label: `Recent search ${flightNumber}`,
    method: 'POST',
    path: '/api/tracking-history',
    body: date ? { flightNumber, date } : { flightNumber },
  });
  if (result.queued) return result;
  const body = TrackingHistorySchema.parse(result.body);
  // The list after the change is the device's copy too (kept in the background).
  void saveRecords(currentAccount(), 'tracking', body.entries.map((entry) => ({ id: entry.flightNumber, data: entry })), { replace: true }).catch(() => {});
  return { queued: false, body };
}

/** Flight numbers tracked offline and waiting to be recorded, oldest first. */
export async function pendingTrackings(): Promise<string[]> {
  const actions = await queuedActions(TRACKER_FEATURE);
  return actions.map((action) => (typeof action.body === 'object' && action.body !== null && 'flightNumber' in action.body ? String(action.body.flightNumber) : '')).filter(Boolean);
}

/** A visitor's Recent Searches from this browser (an unreadable value counts as none). */
export function readLocalHistory(): TrackingEntry[] {
  const raw = readStored(LOCAL_HISTORY_KEY);
  if (!raw) return [];
  try {
    const parsed = z.array(TrackingEntrySchema).safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Puts an entry first in this browser's Recent Searches (ten kept). */
export function recordLocalHistory(entry: TrackingEntry): TrackingEntry[] {
  const next = upsertHistory(readLocalHistory(), entry);
  writeStored(LOCAL_HISTORY_KEY, JSON.stringify(next));
  return next;
}
