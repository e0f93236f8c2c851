import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Small key/value facts about this installation (first start, schedule seed).
 * Feature tables live beside their domain and are re-exported from here so
 * drizzle-kit sees one schema.
 */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
