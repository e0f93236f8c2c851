import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PlanResult } from '../../core/planner';
import { users } from './accounts';

/**
 * Multi-city trip plans a signed-in traveller saved (visitors keep theirs in the browser).
 * `plan` is the plan as the server priced it when saved: legs with their itineraries (what each
 * Book button opens), the timeline and the totals in INR.
 */
export const tripPlans = pgTable(
  'trip_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(), // "Delhi → Goa → Mumbai"
    plan: jsonb('plan').$type<PlanResult>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trip_plans_user_idx').on(t.userId, t.createdAt)],
);
