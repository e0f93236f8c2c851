import { z } from '../../../core/zod';
import { type FlightStatus, FlightStatusSchema, type TrackingEntry, TrackingEntrySchema, upsertHistory } from '../../../core/tracking';
import { apiFetch } from '../../lib/api';
import { personalKey, readStored, writeStored } from '../../lib/storage';

/**
 * The tracker's calls: live status (anyone), Recent Searches on the server for a signed-in
 * traveller, and in this browser (local storage, `safar:` prefix) for a visitor.
 */

/** Local-storage key of a visitor's Recent Searches (the `safar:` prefix is wiped on sign-out). */
export const LOCAL_HISTORY_KEY = personalKey('flightTrackingHistory');

const HistorySchema = z.object({ entries: z.array(TrackingEntrySchema) });

/** Status of a flight number (any spelling) on a date, or today's / the next departure. */
export async function fetchFlightStatus(flightNumber: string, date?: string): Promise<FlightStatus> {
  const query = date ? `?date=${encodeURIComponent(date)}` : '';
  return FlightStatusSchema.parse(await apiFetch<unknown>(`/api/flights/${encodeURIComponent(flightNumber)}/status${query}`));
}

/** The signed-in traveller's Recent Searches. */
export async function fetchServerHistory(): Promise<TrackingEntry[]> {
  return HistorySchema.parse(await apiFetch<unknown>('/api/tracking-history')).entries;
}

/** Records a tracked flight for the signed-in traveller; returns the list after the change. */
export async function recordServerHistory(flightNumber: string, date: string): Promise<TrackingEntry[]> {
  return HistorySchema.parse(await apiFetch<unknown>('/api/tracking-history', { method: 'POST', json: { flightNumber, date } })).entries;
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
