import { sql } from 'drizzle-orm';
import { CABINS } from '../../core/search-options';
import { check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Seats per flight-date and cabin: the truth for booking. Rows are created lazily
 * (INSERT … ON CONFLICT DO NOTHING) from the schedule's aircraft configuration the
 * first time anyone holds or sells a seat on that flight-date.
 * Invariant: available + held + sold = capacity, available ≥ 0.
 */
export const flightInventory = pgTable(
  'flight_inventory',
  {
    flightId: text('flight_id').notNull(), // "6E2134@2026-12-24"
    cabin: text('cabin', { enum: CABINS }).notNull(),
    departureDate: date('departure_date').notNull(), // local departure date
    capacity: integer('capacity').notNull(),
    /** The aircraft type flying it (its seat map); null for rows made before seat maps. */
    aircraftId: text('aircraft_id'),
    available: integer('available').notNull(),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
    version: integer('version').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.flightId, t.cabin] }),
    check('inventory_non_negative', sql`${t.available} >= 0 and ${t.held} >= 0 and ${t.sold} >= 0`),
    check('inventory_cabin_valid', sql`${t.cabin} in ('economy', 'premium', 'business', 'first')`),
    check('inventory_balanced', sql`${t.available} + ${t.held} + ${t.sold} = ${t.capacity}`),
  ],
);
