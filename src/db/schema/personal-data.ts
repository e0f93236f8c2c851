import { CONSENT_PURPOSES } from '../../core/personal-data';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';

/**
 * Co-travellers a signed-in traveller keeps in the profile, offered on the booking screen.
 * The passenger type is not stored: it follows from the date of birth on each travel date.
 * Aadhaar is reduced to its last four digits, as on bookings. No passport fields: nothing
 * collects passport details yet. A booking copies the details into its own passenger rows, so
 * editing or deleting a saved traveller never changes a past booking.
 */
export const savedTravellers = pgTable(
  'saved_travellers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    dob: text('dob').notNull(), // YYYY-MM-DD
    mobile: text('mobile'),
    aadhaarLast4: text('aadhaar_last4'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_travellers_user_idx').on(t.userId, t.createdAt)],
);

/** GST details a business traveller gave for one booking (kept with the booking as a tax record). */
export const bookingGstDetails = pgTable('booking_gst_details', {
  bookingId: text('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  gstin: text('gstin').notNull(),
  registeredName: text('registered_name').notNull(),
  registeredAddress: text('registered_address').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last invoice number issued in each Indian financial year ("2026-27"). Issuing an invoice
 * increments this row in the transaction that writes the invoice, so numbers have no gaps and
 * no duplicates: a rolled-back issue rolls its number back too, and the row lock orders issuers.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastSequence: integer('last_sequence').notNull(),
});

/**
 * Tax invoices, one per booking with GST details, immutable once issued. Amounts are integer paise;
 * `lines` is the invoice as issued (what the PDF prints), so it never changes with later data.
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    gstin: text('gstin').notNull(),
    registeredName: text('registered_name').notNull(),
    registeredAddress: text('registered_address').notNull(),
    serviceFeePaise: integer('service_fee_paise').notNull(),
    serviceGstPaise: integer('service_gst_paise').notNull(),
    collectedForAirlinePaise: integer('collected_for_airline_paise').notNull(),
    totalPaise: integer('total_paise').notNull(),
    lines: jsonb('lines').notNull(),
  },
  (t) => [
    uniqueIndex('tax_invoices_booking_unique').on(t.bookingId),
    uniqueIndex('tax_invoices_sequence_unique').on(t.financialYear, t.sequence),
    uniqueIndex('tax_invoices_number_unique').on(t.number),
    check('tax_invoices_sequence_positive', sql`${t.sequence} > 0`),
  ],
);

/**
 * Consent events, newest last: a traveller's current choice for a purpose is the latest row.
 * Marketing mail goes only to an account whose latest `marketing-email` row grants it (none is
 * sent today). Rows are kept while the account lives, as the record of what was agreed and when.
 */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: CONSENT_PURPOSES }).notNull(),
    granted: boolean('granted').notNull(),
    /** The wording the traveller saw when choosing (so the record says what was agreed to). */
    wording: text('wording').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consent_events_user_idx').on(t.userId, t.purpose, t.recordedAt), check('consent_events_purpose_valid', sql`${t.purpose} in ('marketing-email')`)],
);

/**
 * Accounts deleted at the traveller's request. The users row stays as a tombstone (email replaced,
 * no password) because bookings and payments kept for tax records still point at it.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
});
