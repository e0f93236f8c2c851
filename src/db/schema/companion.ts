import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { GROUP_RECORD_STATUSES } from '../../core/companion';
import type { Itinerary } from '../../core/search';
import { users } from './accounts';
import { bookings, type passengers } from './bookings';

/**
 * Travel Companion groups. A group is one itinerary and its party; once the organiser initiates
 * the group booking its seats are one held booking (`bookingId`, owned by the organiser) and from
 * then on the group's state IS that booking's state (held → confirmed | expired | cancelled).
 * `status` only says whether the group is still a draft, has its booking, or was dropped as a draft.
 * Money lives in `payments` rows of that booking, one share per member (`payments.share_key`).
 */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organiserUserId: uuid('organiser_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GROUP_RECORD_STATUSES }).notNull(),
    itineraryId: text('itinerary_id').notNull(),
    /** Priced for one adult when the group was created (the booking keeps its own snapshot). */
    itinerary: jsonb('itinerary').$type<Itinerary>().notNull(),
    pricePerPersonInr: integer('price_per_person_inr').notNull(),
    bookingId: text('booking_id').references(() => bookings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('groups_organiser_idx').on(t.organiserUserId, t.createdAt),
    uniqueIndex('groups_booking_unique').on(t.bookingId),
    check('groups_status_valid', sql`${t.status} in ('draft', 'booked', 'cancelled')`),
  ],
);

/**
 * Members of a group, organiser first (position 0). An invitee is linked to an account
 * (`userId`) when they accept the emailed invitation; only the SHA-256 of its token is stored.
 * Passenger details are the booking's `passengers` row at the same position once written;
 * before the booking exists the organiser's own details wait in `passenger`.
 */
export const groupMembers = pgTable(
  'group_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(), // lower-cased
    isOrganizer: boolean('is_organizer').notNull().default(false),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    inviteTokenHash: text('invite_token_hash'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when the booking is held: this member's share of its total. */
    sharePaise: integer('share_paise'),
    /** The organiser's details given while the group is a draft (validated; Aadhaar reduced to its last four digits). */
    passenger: jsonb('passenger').$type<Omit<typeof passengers.$inferInsert, 'bookingId'>>(),
    hasPassengerDetails: boolean('has_passenger_details').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('group_members_position').on(t.groupId, t.position),
    uniqueIndex('group_members_email').on(t.groupId, t.email),
    uniqueIndex('group_members_user').on(t.groupId, t.userId),
    uniqueIndex('group_members_invite').on(t.inviteTokenHash),
    index('group_members_user_idx').on(t.userId),
    check('group_members_share_positive', sql`${t.sharePaise} is null or ${t.sharePaise} >= 0`),
  ],
);

/** Public read-only links to a group's itinerary (/trip/{code}); at most one live per group. */
export const sharedItineraries = pgTable(
  'shared_itineraries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    shareCode: text('share_code').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('shared_itineraries_code_unique').on(t.shareCode),
    uniqueIndex('shared_itineraries_live_unique').on(t.groupId).where(sql`${t.revokedAt} is null`),
  ],
);
