import { AssistantTripsSchema } from '../../core/assistant-schemas';
import { assistantTrips } from '../../domain/assistant/trips';
import { currentUser } from '../auth/require-user';
import type { OpenApiApp } from '../openapi';
import { travellerRoute } from '../route-guard';
import { ErrorSchema, json } from './bookings';

const tripsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/assistant/trips',
  summary: "What the help chatbot may tell the signed-in traveller: their next trip (with live status) and their refunds",
  responses: { 200: json(AssistantTripsSchema, 'Next trip and refunds'), 401: json(ErrorSchema, 'Not signed in') },
});

/** GET /api/assistant/trips (a traveller route: only the caller's own bookings are read). */
export function registerAssistant(app: OpenApiApp) {
  app.openapi(tripsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await assistantTrips(c.get('deps').database.db, c.get('deps').world, currentUser(c).id, c.get('deps').clock.now()), 200);
  });
}
