import { NOTICE_KINDS } from '../../core/notifications';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Notices for one recipient, written by `notify()` (src/domain/notifications). `owner` is
 * `user:<id>` for a signed-in traveller or `email:<address>` for an address without an
 * account; the same (owner, dedupe key) is recorded once, so a repeated event is not repeated.
 * Only rows with a user id show in the app; every row may also have queued mail and push.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    owner: text('owner').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    url: text('url'), // in-app link, e.g. "/profile"
    data: jsonb('data').$type<Record<string, unknown>>(), // kind-specific facts (flight number, alert id, price…)
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('notifications_dedupe').on(t.owner, t.dedupeKey), index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Browsers that accepted Web Push: for a signed-in traveller (`userId`) or for the anonymous
 * owner of price alerts (`alertOwnerHash`, the SHA-256 of that browser's alert token). The
 * sender deletes a row when the push service answers 404 or 410 (the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    alertOwnerHash: text('alert_owner_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    index('push_subscriptions_owner_idx').on(t.alertOwnerHash),
  ],
);
