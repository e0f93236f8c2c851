import { z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { AppError } from '../../core/errors';
import { searchQuerySchema } from '../../core/search';
import type { InventoryView } from '../../domain/inventory/view';
import { SearchResultCache } from '../../domain/search/result-cache';
import { searchFlights } from '../../domain/search/search-flights';
import { indiaToday } from '../../domain/world/time';
import { fieldErrors } from '../errors';
import type { AppEnv } from '../context';
import type { OpenApiApp } from '../openapi';
import { resolveAirportText, unknownAirportMessage } from './resolve-airport';
import { ErrorSchema, SearchResponseSchema } from './search-schemas';
import { publicRoute } from '../route-guard';

// Loose on purpose: the real rules depend on today's date, so the handler validates with searchQuerySchema(today).
const RawQuery = z.object({
  from: z.string().optional().openapi({ example: 'DEL', description: 'Airport code or city name (bombay, bengaluru…)' }),
  to: z.string().optional().openapi({ example: 'BOM' }),
  date: z.string().optional().openapi({ example: '2026-12-24' }),
  cabin: z.string().optional().openapi({ example: 'economy' }),
  adults: z.string().optional().openapi({ example: '1' }),
  children: z.string().optional().openapi({ example: '0' }),
  infants: z.string().optional().openapi({ example: '0' }),
});

const route = publicRoute({
  method: 'get',
  path: '/api/search',
  summary: 'Search itineraries (direct, 1-stop, 2-stop) with all-in prices',
  request: { query: RawQuery },
  responses: {
    200: { description: 'Itineraries in "best" order; empty with a reason when nothing flies', content: { 'application/json': { schema: SearchResponseSchema } } },
    400: { description: 'A field is missing or wrong', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function registerSearch(app: OpenApiApp) {
  app.use('/api/search', cachedSearch());
  app.openapi(route, async (c) => {
    const { clock, world, inventory, database } = c.var.deps;
    const raw = c.req.valid('query');
    const now = clock.now();
    const parsed = searchQuerySchema(indiaToday(now)).safeParse({ ...raw, from: resolveAirportText(raw.from), to: resolveAirportText(raw.to) });
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Please fix the errors in the form', fields);
    }
    const query = parsed.data;
    const unknown: Record<string, string> = {};
    if (!world.getAirport(query.from)) unknown.from = unknownAirportMessage(raw.from ?? '');
    if (!world.getAirport(query.to)) unknown.to = unknownAirportMessage(raw.to ?? '');
    const first = Object.values(unknown)[0];
    if (first) throw new AppError('validation_failed', first, unknown);
    const response = await searchFlights({ db: database.db, world, inventory }, query, now);
    return c.json(response, 200);
  });
}

/** One cache per inventory view (per app); entries carry the view's version, so bookings and refreshes invalidate them. */
const caches = new WeakMap<InventoryView, SearchResultCache>();

/**
 * Serves an identical search (same query string) from the cache while the inventory version and
 * the minute are unchanged, skipping validation, the engine, pricing and JSON. Only 200 answers
 * computed against an unchanged inventory are stored.
 */
function cachedSearch(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { inventory, clock } = c.var.deps;
    let cache = caches.get(inventory);
    if (!cache) {
      cache = new SearchResultCache(1000);
      caches.set(inventory, cache);
    }
    const key = new URL(c.req.url).search;
    const now = clock.now();
    const hit = cache.get(key, inventory.version, now);
    if (hit !== undefined) return c.body(hit, 200, { 'Content-Type': 'application/json' });
    const versionBefore = inventory.version;
    await next();
    if (c.res.status === 200 && inventory.version === versionBefore) cache.set(key, versionBefore, now, await c.res.clone().text());
  };
}
