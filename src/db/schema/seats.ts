import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CABINS } from '../../core/search-options';
import { bookings, passengers } from './bookings';

/**
 * Seats Safar passengers occupy on a flight: one active row per (passenger, leg). A row is active
 * until `released_at` is set (the hold expired, the booking was cancelled or changed, the
 * passenger chose another seat). The unique (flight_id, seat) index among active rows is the
 * database-level guarantee that no seat is ever given to two passengers. `price_paise` is what
 * the passenger pays for the seat (0 when free or assigned).
 */
export const passengerSeats = pgTable(
  'passenger_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => passengers.id, { onDelete: 'cascade' }),
    legIndex: integer('leg_index').notNull(),
    flightId: text('flight_id').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    seat: text('seat').notNull(),
    pricePaise: integer('price_paise').notNull().default(0),
    /** Chosen by the traveller, or assigned (free) by Safar. */
    chosen: boolean('chosen').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passenger_seats_seat').on(t.flightId, t.seat).where(sql`${t.releasedAt} is null`),
    uniqueIndex('passenger_seats_pax_leg').on(t.passengerId, t.legIndex).where(sql`${t.releasedAt} is null`),
    index('passenger_seats_booking_idx').on(t.bookingId),
    check('passenger_seats_price_nonnegative', sql`${t.pricePaise} >= 0`),
    check('passenger_seats_cabin_valid', sql`${t.cabin} in ('economy', 'premium', 'business', 'first')`),
  ],
);
