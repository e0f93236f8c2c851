import { CABINS } from '../../core/search-options';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Price alerts. The owner is a signed-in traveller (`userId`) or a browser without an account
 * (`ownerTokenHash`: SHA-256 of the secret token that browser keeps). Mail to an address other
 * than the traveller's own goes out only after its owner confirms it (`emailConfirmedAt`, via
 * the link carrying `mailToken`; the same token unsubscribes).
 * `armed` is the trigger rule's state (src/domain/alerts/rule.ts): a triggered alert is quiet
 * until the price rebounds.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerTokenHash: text('owner_token_hash'),
    from: text('from_airport').notNull(),
    to: text('to_airport').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    dateFrom: text('date_from').notNull(), // YYYY-MM-DD
    dateTo: text('date_to').notNull(), // = dateFrom for one day
    returnDate: text('return_date'), // YYYY-MM-DD: a round trip coming back that day (on or after date_to); null: one way
    adults: integer('adults').notNull(),
    children: integer('children').notNull(),
    infants: integer('infants').notNull(),
    targetPrice: integer('target_price').notNull(), // INR, all-in for all passengers
    currentPrice: integer('current_price'), // latest lowest all-in price (INR)
    currentAdultFare: integer('current_adult_fare'), // latest lowest all-in fare of one adult (for the verdict)
    currentPriceSeenAt: timestamp('current_price_seen_at', { withTimezone: true }), // with a remote supplier: when a search saw the current price's fare
    email: text('email').notNull(),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    emailUnsubscribedAt: timestamp('email_unsubscribed_at', { withTimezone: true }),
    mailToken: text('mail_token').notNull(), // confirms or unsubscribes this alert's mail only; sent in every message
    active: boolean('active').notNull().default(true),
    armed: boolean('armed').notNull().default(true),
    triggered: boolean('triggered').notNull().default(false),
    triggeredPrice: integer('triggered_price'),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    lastNotifiedOn: text('last_notified_on'), // India date of the last trigger message
    priceHistory: jsonb('price_history').$type<{ price: number | null; date: string }[]>().notNull().default([]),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('price_alerts_due_idx').on(t.nextCheckAt).where(sql`${t.active}`),
    index('price_alerts_user_idx').on(t.userId, t.createdAt),
    index('price_alerts_owner_idx').on(t.ownerTokenHash, t.createdAt),
    index('price_alerts_mail_token_idx').on(t.mailToken),
    check('price_alerts_has_owner', sql`${t.userId} is not null or ${t.ownerTokenHash} is not null`),
    check('price_alerts_triggered_not_armed', sql`not (${t.triggered} and ${t.armed})`),
    check('price_alerts_return_after_departure', sql`${t.returnDate} is null or ${t.returnDate} >= ${t.dateTo}`),
  ],
);

/**
 * The route's own fare history: the lowest all-in fare of one adult seen on each day for a
 * route and cabin, per band of days before departure (0–6, 7–20, 21–59, 60+), recorded by
 * the price-alert job on every check. The low / typical / high verdict reads it.
 */
export const routeFareHistory = pgTable(
  'route_fare_history',
  {
    from: text('from_airport').notNull(),
    to: text('to_airport').notNull(),
    cabin: text('cabin', { enum: CABINS }).notNull(),
    band: integer('band').notNull(),
    observedOn: text('observed_on').notNull(), // India date
    lowestAdultFare: integer('lowest_adult_fare').notNull(),
  },
  (t) => [primaryKey({ columns: [t.from, t.to, t.cabin, t.band, t.observedOn] })],
);
