import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/** Explore routes a signed-in traveller marked as favourite (visitors keep theirs in the browser). */
export const favoriteRoutes = pgTable(
  'favorite_routes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    routeId: text('route_id').notNull(), // catalogue id, e.g. "del-bom"
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.routeId] })],
);
