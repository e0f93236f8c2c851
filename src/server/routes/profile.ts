import { ProfileStatsSchema } from '../../core/booking';
import { profileStats } from '../../domain/booking/stats';
import { currentUser } from '../auth/require-user';
import type { OpenApiApp } from '../openapi';
import { ErrorSchema, json } from './bookings';
import { travellerRoute } from '../route-guard';

const statsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/profile/stats',
  summary: 'Profile tiles: total bookings, total spent (INR), favourite destination (confirmed bookings)',
  responses: {
    200: json(ProfileStatsSchema, 'Stats'),
    401: json(ErrorSchema, 'Not signed in'),
  },
});

/** GET /api/profile/stats. */
export function registerProfile(app: OpenApiApp) {
  app.openapi(statsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await profileStats(c.get('deps').database.db, currentUser(c).id), 200);
  });
}
