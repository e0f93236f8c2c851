import { z } from '@hono/zod-openapi';
import { PlanAnswerSchema, PlanRequestSchema, SAVED_PLAN_MESSAGES, SavedPlanAnswerSchema, SavedPlanListSchema, SavePlanBodySchema } from '../../core/planner';
import { resolveCityCode } from '../../core/city-codes';
import { AppError } from '../../core/errors';
import { PlanError, planTrip } from '../../domain/planner/multi-city';
import { deleteTripPlan, getTripPlan, listTripPlans, saveTripPlan } from '../../domain/planner/saved-plans';
import { currentUser } from '../auth/require-user';
import { errorResponse } from '../errors';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';

const example = { stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-16' }], mode: 'price', optimizeOrder: true };

const planRoute = publicRoute({
  method: 'post',
  path: '/api/plans/multi-city',
  operationId: 'planMultiCityTrip',
  tags: ['Plans'],
  summary: 'Plan a 2–6 city trip on the real search engine: cheapest or fastest legs that fit together, optionally the best order of the middle cities',
  description: 'Public. Searches every leg with the real search engine and keeps legs that connect in time; in `price` mode the cheapest, in `time` mode the fastest. With `optimizeOrder` the middle cities may be reordered.',
  request: { body: { content: { 'application/json': { schema: PlanRequestSchema, example } }, required: true } },
  responses: {
    200: json(PlanAnswerSchema, 'The plan: legs (with their itineraries), timeline and totals in INR'),
    400: json(ErrorSchema, 'Fewer than 2 stops, an unknown city, a past or out-of-order date, or no flights that fit'),
  },
});

const PlanIdParams = z.object({ id: z.string().max(64).openapi({ example: '00000000-0000-4000-8000-000000000000' }) });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const planId = (id: string) => {
  if (!UUID.test(id)) throw new AppError('not_found', SAVED_PLAN_MESSAGES.notFound);
  return id;
};

const SAVE_EXAMPLE = { mode: 'price', stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }], itineraryIds: ['6E1035@2026-12-10:economy'], adults: 1, children: 0, infants: 0 };

const saveRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/trip-plans',
  operationId: 'createTripPlan',
  tags: ['Plans'],
  summary: 'Saves a planned trip for the signed-in traveller: the stops as flown and one itinerary per leg, re-priced by the server. Replays safely with the same Idempotency-Key',
  description: 'Signed-in traveller only; requires an Idempotency-Key. Saves the stops and one itinerary per leg, re-priced by the server.',
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: SavePlanBodySchema, example: SAVE_EXAMPLE } } } },
  responses: {
    201: json(SavedPlanAnswerSchema, 'Saved'),
    400: json(ErrorSchema, 'An unknown city, a flight no longer available, or legs that do not fit together'),
    401: json(ErrorSchema, 'Not signed in'),
    409: json(ErrorSchema, 'Too many saved plans, or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

const listRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/trip-plans',
  operationId: 'listTripPlans',
  tags: ['Plans'],
  summary: "The signed-in traveller's saved trip plans, newest first",
  description: "Signed-in traveller only. The traveller's saved trip plans, newest first.",
  responses: { 200: json(SavedPlanListSchema, 'Plans'), 401: json(ErrorSchema, 'Not signed in') },
});

const getRoute = travellerRoute({ owns: 'trip-plan' }, {
  method: 'get',
  path: '/api/trip-plans/{id}',
  operationId: 'getTripPlan',
  tags: ['Plans'],
  summary: 'One saved trip plan (404 for anyone but its traveller)',
  description: "Signed-in traveller only. Another traveller's plan id answers 404.",
  request: { params: PlanIdParams },
  responses: { 200: json(SavedPlanAnswerSchema, 'Plan'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such plan') },
});

const deleteRoute = travellerRoute({ owns: 'trip-plan' }, {
  method: 'delete',
  path: '/api/trip-plans/{id}',
  operationId: 'deleteTripPlan',
  tags: ['Plans'],
  summary: 'Deletes a saved trip plan',
  description: "Signed-in traveller only. Another traveller's plan id answers 404.",
  request: { params: PlanIdParams },
  responses: { 200: json(z.object({ deleted: z.literal(true) }), 'Deleted'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such plan') },
});

/** POST /api/plans/multi-city — public (planning needs no account); saved plans — the signed-in traveller's own. */
export function registerPlans(app: OpenApiApp) {
  app.openapi(planRoute, async (c) => {
    const body = c.req.valid('json');
    const { database, world, inventory, clock } = c.get('deps');
    try {
      const plan = await planTrip(
        { db: database.db, world, inventory },
        { ...body, stops: body.stops.map((s) => ({ city: resolveCityCode(s.city), date: s.date })) },
        clock.now(),
      );
      c.header('Cache-Control', 'no-store');
      return c.json({ plan }, 200);
    } catch (error) {
      if (error instanceof PlanError) return errorResponse(c, 'validation_failed', error.message, 400, error.fields) as never;
      throw error;
    }
  });

  app.openapi(saveRoute, async (c) => {
    const { database, clock, world } = c.get('deps');
    const user = currentUser(c);
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(database.db, clock, { userId: user.id, scope: 'save-trip-plan', key, hash: requestHash(body) }, async () => {
      const stops = body.stops.map((s) => ({ city: resolveCityCode(s.city), date: s.date }));
      const plan = await saveTripPlan(database.db, world, user.id, { ...body, stops }, clock.now());
      return { status: 201, body: { plan } };
    });
    return sendStored(c, saveRoute, answer);
  });

  app.openapi(listRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ plans: await listTripPlans(c.get('deps').database.db, currentUser(c).id) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ plan: await getTripPlan(c.get('deps').database.db, currentUser(c).id, planId(c.req.valid('param').id)) }, 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteTripPlan(c.get('deps').database.db, currentUser(c).id, planId(c.req.valid('param').id));
    return c.json({ deleted: true as const }, 200);
  });
}
