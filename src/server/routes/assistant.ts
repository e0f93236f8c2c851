import { createRoute } from '@hono/zod-openapi';
import { AssistantTripsSchema } from '../../core/assistant-schemas';
import { assistantTrips } from '../../domain/assistant/trips';
import { currentUser, requireUser } from '../auth/require-user';
import type { OpenApiApp } from '../openapi';
import { ErrorSchema, json } from './bookings';

const tripsRoute = createRoute({
  method: 'get',
  path: '/api/assistant/trips',
  summary: "What the help chatbot may tell the signed-in traveller: their next trip and their refunds",
  responses: { 200: json(AssistantTripsSchema, 'Next trip and refunds'), 401: json(ErrorSchema, 'Not signed in') },
});

/** GET /api/assistant/trips (guarded by requireUser: only the traveller's own bookings). */
export function registerAssistant(app: OpenApiApp) {
  app.use('/api/assistant/*', requireUser);
  app.openapi(tripsRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await assistantTrips(c.var.deps.database.db, currentUser(c).id, c.var.deps.clock.now()), 200);
  });
}
