import { ProfileStatsSchema } from '../../core/booking';
import { profileStats } from '../../domain/booking/stats';
import { currentUser } from '../auth/require-user';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { travellerRoute } from '../route-guard';

const statsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/profile/stats',
  operationId: 'getProfileStats',
  tags: ['Accounts'],
  summary: 'Profile tiles: total bookings, total spent (INR), favourite destination (confirmed bookings)',
  description: "Signed-in traveller only. Figures over the traveller's confirmed bookings for the profile tiles; amounts in INR.",
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
