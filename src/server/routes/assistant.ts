import { AssistantTripsSchema } from '../../core/assistant-schemas';
import { assistantTrips } from '../../domain/assistant/trips';
import { currentUser } from '../auth/require-user';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { travellerRoute } from '../route-guard';

const tripsRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/assistant/trips',
  operationId: 'getAssistantTrips',
  tags: ['Assistant'],
  summary: "What the help chatbot may tell the signed-in traveller: their next trip (with live status) and their refunds",
  description: "Signed-in traveller only. Only the traveller's own data: the next trip with its live flight status, and the traveller's refunds.",
  responses: { 200: json(AssistantTripsSchema, 'Next trip and refunds'), 401: json(ErrorSchema, 'Not signed in') },
});

/** GET /api/assistant/trips (a traveller route: only the caller's own bookings are read). */
export function registerAssistant(app: OpenApiApp) {
  app.openapi(tripsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await assistantTrips(c.get('deps').database.db, c.get('deps').world, currentUser(c).id, c.get('deps').clock.now()), 200);
  });
}
