import { and, desc, eq, notInArray } from 'drizzle-orm';
import { TRACKING_HISTORY_LIMIT, type TrackingEntry } from '../../core/tracking';
import type { Db } from '../../db/client';
import { flightTrackingHistory } from '../../db/schema';

type Row = typeof flightTrackingHistory.$inferSelect;

function toEntry(row: Row): TrackingEntry {
  return {
    flightNumber: row.flightNumber,
    date: row.flightDate,
    airline: row.airline,
    status: row.status,
    delay: row.delay,
    origin: row.origin,
    destination: row.destination,
    scheduledDeparture: row.scheduledDeparture,
    actualDeparture: row.actualDeparture,
    scheduledArrival: row.scheduledArrival,
    actualArrival: row.actualArrival,
    gate: row.gate,
    terminal: row.terminal,
    aircraft: row.aircraft,
    altitude: row.altitude,
    speed: row.speed,
    weather: row.weather,
    progress: row.progress,
    lastTracked: row.lastTracked.toISOString(),
  };
}

/**
 * A traveller's Recent Searches, newest first (at most ten).
 * @example await listTrackingHistory(db, user.id)
 */
export async function listTrackingHistory(db: Db, userId: string): Promise<TrackingEntry[]> {
  const rows = await db
    .select()
    .from(flightTrackingHistory)
    .where(eq(flightTrackingHistory.userId, userId))
    .orderBy(desc(flightTrackingHistory.lastTracked), desc(flightTrackingHistory.id))
    .limit(TRACKING_HISTORY_LIMIT);
  return rows.map(toEntry);
}

/**
 * Records a tracked flight: tracking the same number again updates its entry (it moves to the
 * top); entries beyond the newest ten are removed. Returns the list after the change.
 * @example await recordTracking(db, user.id, toTrackingEntry(status))
 */
export async function recordTracking(db: Db, userId: string, entry: TrackingEntry): Promise<TrackingEntry[]> {
  const values = {
    userId,
    flightNumber: entry.flightNumber,
    flightDate: entry.date,
    airline: entry.airline,
    status: entry.status,
    delay: entry.delay,
    origin: entry.origin,
    destination: entry.destination,
    scheduledDeparture: entry.scheduledDeparture,
    actualDeparture: entry.actualDeparture,
    scheduledArrival: entry.scheduledArrival,
    actualArrival: entry.actualArrival,
    gate: entry.gate,
    terminal: entry.terminal,
    aircraft: entry.aircraft,
    altitude: entry.altitude,
    speed: entry.speed,
    weather: entry.weather,
    progress: entry.progress,
    lastTracked: new Date(entry.lastTracked),
  };
  await db.transaction(async (tx) => {
    const { userId: _user, flightNumber: _number, ...update } = values;
    await tx
      .insert(flightTrackingHistory)
      .values(values)
      .onConflictDoUpdate({ target: [flightTrackingHistory.userId, flightTrackingHistory.flightNumber], set: update });
    const keep = tx
      .select({ id: flightTrackingHistory.id })
      .from(flightTrackingHistory)
      .where(eq(flightTrackingHistory.userId, userId))
      .orderBy(desc(flightTrackingHistory.lastTracked), desc(flightTrackingHistory.id))
      .limit(TRACKING_HISTORY_LIMIT);
    await tx.delete(flightTrackingHistory).where(and(eq(flightTrackingHistory.userId, userId), notInArray(flightTrackingHistory.id, keep)));
  });
  return listTrackingHistory(db, userId);
}
