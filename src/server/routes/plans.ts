import { z } from '@hono/zod-openapi';
import { PlanRequestSchema } from '../../core/planner';
import { PlanError, planTrip } from '../../domain/planner/multi-city';
import { resolveCityCode } from '../../core/city-codes';
import { errorResponse } from '../errors';
import type { OpenApiApp } from '../openapi';
import { publicRoute } from '../route-guard';
import { ErrorSchema, json } from './bookings';

const example = { stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-16' }], mode: 'price', optimizeOrder: true };

const planRoute = publicRoute({
  method: 'post',
  path: '/api/plans/multi-city',
  summary: 'Plan a 2–6 city trip on the real search engine: cheapest or fastest legs that fit together, optionally the best order of the middle cities',
  request: { body: { content: { 'application/json': { schema: PlanRequestSchema, example } }, required: true } },
  responses: {
    200: json(z.object({ plan: z.any() }), 'The plan: legs (with their itineraries), timeline and totals in INR'),
    400: json(ErrorSchema, 'Fewer than 2 stops, an unknown city, a past or out-of-order date, or no flights that fit'),
  },
});

/** POST /api/plans/multi-city — public (planning needs no account; saving does). */
export function registerPlans(app: OpenApiApp) {
  app.openapi(planRoute, async (c) => {
    const body = c.req.valid('json');
    const { database, world, inventory, clock } = c.var.deps;
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
}
