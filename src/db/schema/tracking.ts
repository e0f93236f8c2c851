import { FLIGHT_STATUSES, type TrackingEntry } from '../../core/tracking';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A signed-in traveller's Recent Searches in the Flight Tracker: one row per flight number
 * (tracking it again updates the row), at most ten kept, newest first by last_tracked.
 * Times are local ISO strings with their UTC offset, as the status shows them.
 */
export const flightTrackingHistory = pgTable(
  'flight_tracking_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    flightNumber: text('flight_number').notNull(), // "6E 2174"
    flightDate: text('flight_date').notNull(), // local departure date, YYYY-MM-DD
    airline: text('airline').notNull(),
    status: text('status', { enum: FLIGHT_STATUSES }).notNull(),
    delay: integer('delay'),
    origin: jsonb('origin').$type<TrackingEntry['origin']>().notNull(),
    destination: jsonb('destination').$type<TrackingEntry['destination']>().notNull(),
    scheduledDeparture: text('scheduled_departure').notNull(),
    actualDeparture: text('actual_departure').notNull(),
    scheduledArrival: text('scheduled_arrival').notNull(),
    actualArrival: text('actual_arrival').notNull(),
    gate: text('gate'),
    terminal: text('terminal'),
    aircraft: text('aircraft').notNull(),
    altitude: integer('altitude'),
    speed: integer('speed'),
    weather: jsonb('weather').$type<TrackingEntry['weather']>().notNull(),
    progress: integer('progress').notNull(),
    lastTracked: timestamp('last_tracked', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('flight_tracking_history_user_flight').on(t.userId, t.flightNumber), index('flight_tracking_history_recent').on(t.userId, t.lastTracked)],
);
