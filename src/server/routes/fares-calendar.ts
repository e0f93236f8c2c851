import { z } from '@hono/zod-openapi';
import { AppError } from '../../core/errors';
import { CABINS, FareCalendarSchema, SEARCH_MESSAGES } from '../../core/search';
import { fareCalendar } from '../../domain/fares/calendar';
import { lastKnownMonth } from '../../domain/suppliers/last-known-fares';
import { indiaToday } from '../../domain/world/time';
import { type OpenApiApp, ErrorSchema } from '../openapi';
import { resolveAirportText, unknownAirportMessage } from './resolve-airport';
import { publicRoute } from '../route-guard';
import { pricingVia } from '../search/searcher';

const Query = z.object({
  from: z.string({ message: SEARCH_MESSAGES.sourceRequired }).trim().min(1, SEARCH_MESSAGES.sourceRequired).max(64).openapi({ example: 'BOM' }),
  to: z.string({ message: SEARCH_MESSAGES.destinationRequired }).trim().min(1, SEARCH_MESSAGES.destinationRequired).max(64).openapi({ example: 'DEL' }),
  month: z
    .string({ message: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-12')
    .openapi({ example: '2026-12' }),
  cabin: z.enum(CABINS, { message: 'Choose Economy, Premium Economy, Business or First Class' }).default('economy'),
});

const route = publicRoute({
  method: 'get',
  path: '/api/fares/calendar',
  operationId: 'getFareCalendar',
  tags: ['Search'],
  summary: 'Lowest all-in adult fare per day of a month',
  description:
    "Public. For a route (airport codes or city names) and a month, each day's lowest all-in adult fare in the chosen cabin, for the date picker. With a remote supplier (Duffel) the fares are the last ones travellers' searches found, each with `seenAt`; the supplier is never asked for them.",
  request: { query: Query },
  responses: {
    200: { description: 'One entry per day; null where nothing flies, past days and beyond the horizon', content: { 'application/json': { schema: FareCalendarSchema } } },
    400: { description: 'A field is missing or wrong', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function registerFaresCalendar(app: OpenApiApp) {
  app.openapi(route, async (c) => {
    const { clock, world, inventory, database, search } = c.get('deps');
    const q = c.req.valid('query');
    const from = resolveAirportText(q.from) ?? '';
    const to = resolveAirportText(q.to) ?? '';
    const fields: Record<string, string> = {};
    if (!world.getAirport(from)) fields.from = unknownAirportMessage(q.from);
    if (!world.getAirport(to)) fields.to = unknownAirportMessage(q.to);
    if (!fields.to && from === to) fields.to = SEARCH_MESSAGES.sameAirports;
    const first = Object.values(fields)[0];
    if (first) throw new AppError('validation_failed', first, fields);
    const { supplier } = c.get('deps');
    if (supplier.id === 'duffel') {
      const days = lastKnownMonth(supplier.fares, { from, to, month: q.month, cabin: q.cabin }, indiaToday(clock.now()));
      return c.json({ from, to, month: q.month, currency: 'INR' as const, days }, 200);
    }
    const days = await fareCalendar({ db: database.db, world, inventory, ...pricingVia(search) }, from, to, q.month, q.cabin, clock.now());
    return c.json({ from, to, month: q.month, currency: 'INR' as const, days }, 200);
  });
}
