import { z } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { AppError } from '../../core/errors';
import { CompactRoundTripResponseSchema, CompactSearchResponseSchema, type RoundTripMarket, type SearchQuery, journeyQueries, roundTripQuerySchema, searchQuerySchema } from '../../core/search';
import { draftToParams } from '../../core/search-draft';
import type { InventoryView } from '../../domain/inventory/view';
import { SearchResultCache } from '../../domain/search/result-cache';
import { inventoryDatesFor } from '../../domain/search/search-flights';
import { indiaToday } from '../../domain/world/time';
import { fieldErrors } from '../errors';
import type { AppDeps, AppEnv } from '../context';
import { chooseEncoding, encodeAnswer } from '../encoding';
import { searchSupplier, searchSupplierRoundTrip } from '../../domain/suppliers/itineraries';
import { type SearchAnswer, type Searcher, inThreadSearcher } from '../search/searcher';
import { type OpenApiApp, ErrorSchema } from '../openapi';
import { resolveAirportText, unknownAirportMessage } from './resolve-airport';
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
  operationId: 'searchFlights',
  tags: ['Search'],
  summary: 'Search itineraries (direct, 1-stop, 2-stop) with all-in prices',
  description: "Public. Validates the query against today's date (a clear message per field), resolves city names to airports and answers itineraries in the compact wire form; the answer may be compressed as the client accepts.",
  request: { query: RawQuery },
  responses: {
    200: {
      description: 'Itineraries in "best" order, compact (names once, derived fields left out: expandSearchResponse in src/core/search-wire.ts); empty with a reason when nothing flies',
      content: { 'application/json': { schema: CompactSearchResponseSchema } },
    },
    400: { description: 'A field is missing or wrong', content: { 'application/json': { schema: ErrorSchema } } },
    409: { description: "Duffel mode: the airline's answer conflicts (offer gone)", content: { 'application/json': { schema: ErrorSchema } } },
    429: { description: 'Duffel mode: the airline is rate-limiting Safar (Retry-After says how long)', content: { 'application/json': { schema: ErrorSchema } } },
    503: { description: 'Duffel mode: the airline timed out or cannot be reached', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

const RoundTripRawQuery = RawQuery.extend({
  tripType: z.string().optional().openapi({ example: 'roundTrip', description: 'roundTrip (a one-way search is GET /api/search)' }),
  returnDate: z.string().optional().openapi({ example: '2026-12-28', description: 'On or after the departure date' }),
});

const roundTripRoute = publicRoute({
  method: 'get',
  path: '/api/search/round-trip',
  operationId: 'searchRoundTrip',
  tags: ['Search'],
  summary: 'Search a round trip: the outbound and the return answered together',
  description:
    "Public. Validates the query as GET /api/search does, plus the return date (required, not before the departure date, not in the past), and answers each direction's itineraries in the compact wire form (expandSearchResponse on each), with the market: domestic trips are shown as two lists, international ones as combined itineraries. Pairs, special return fares and separate-ticket warnings follow from core/round-trip.ts. Costs two one-way searches (each reused from the one-way cache). With a remote supplier (Duffel), the round trip is one supplier search of two slices, which the airline prices as one ticket: `combined` lists those offers (both journeys each, all-in INR price with the conversion and Safar's fee, fare brand and conditions; book one by its id like a one-way offer), and `outbound` and `inbound` are empty.",
  request: { query: RoundTripRawQuery },
  responses: {
    200: { description: 'Both directions, compact, in "best" order', content: { 'application/json': { schema: CompactRoundTripResponseSchema } } },
    400: { description: 'A field is missing or wrong', content: { 'application/json': { schema: ErrorSchema } } },
    409: { description: "Duffel mode: the airline's answer conflicts (offer gone)", content: { 'application/json': { schema: ErrorSchema } } },
    429: { description: 'Duffel mode: the airline is rate-limiting Safar (Retry-After says how long)', content: { 'application/json': { schema: ErrorSchema } } },
    503: { description: 'Duffel mode: the airline timed out or cannot be reached', content: { 'application/json': { schema: ErrorSchema } } },
  },
});

export function registerSearch(app: OpenApiApp) {
  // Repeats are answered from the cache before the route's validation runs.
  app.use('/api/search', cachedSearch(''));
  app.use('/api/search/round-trip', cachedSearch('roundTrip:'));
  app.openapi(roundTripRoute, async (c) => {
    const answer = await roundTripOutcome(c.get('deps'), c.req.valid('query'), c.req.header('accept-encoding'));
    // The body is the CompactRoundTripResponseSchema JSON, already encoded.
    return sendAnswer(c, answer) as never;
  });
  app.openapi(route, async (c) => {
    const answer = await searchOutcome(c.get('deps'), c.req.valid('query'), c.req.header('accept-encoding'));
    // The body is the CompactSearchResponseSchema JSON, already encoded (not an object for c.json).
    return sendAnswer(c, answer) as never;
  });
}

/** One cache and one in-thread searcher per inventory view (per app); cache entries carry the view's version, so bookings and refreshes invalidate them. */
const caches = new WeakMap<InventoryView, SearchResultCache<SearchAnswer>>();
const localSearchers = new WeakMap<InventoryView, Searcher>();

function cacheOf(inventory: InventoryView): SearchResultCache<SearchAnswer> {
  let cache = caches.get(inventory);
  if (!cache) {
    cache = new SearchResultCache<SearchAnswer>(1000);
    caches.set(inventory, cache);
  }
  return cache;
}

function searcherOf(deps: AppDeps): Searcher {
  if (deps.search) return deps.search;
  let searcher = localSearchers.get(deps.inventory);
  if (!searcher) {
    searcher = inThreadSearcher(deps.world, deps.inventory);
    localSearchers.set(deps.inventory, searcher);
  }
  return searcher;
}

/** The answer sent for a request, for the cache middleware to store. */
const answered = new WeakMap<Request, SearchAnswer>();

/** Query rules depend on today's date; the schema is built once per date, not per request. */
const schemas = new Map<string, ReturnType<typeof searchQuerySchema>>();
function schemaFor(today: string) {
  let schema = schemas.get(today);
  if (!schema) {
    if (schemas.size > 4) schemas.clear();
    schema = searchQuerySchema(today);
    schemas.set(today, schema);
  }
  return schema;
}

/**
 * Validates the query and computes its encoded answer (throws AppError for bad input). The
 * inventory dates are loaded here, in the serving thread, before the searcher (maybe a worker
 * with a copy of the view) runs; once loaded this never waits for the database.
 */
async function searchOutcome(deps: AppDeps, raw: Record<string, string | undefined>, acceptEncoding: string | undefined): Promise<SearchAnswer> {
  const { clock, world, inventory, database } = deps;
  const now = clock.now();
  const parsed = schemaFor(indiaToday(now)).safeParse({ ...pick(raw), from: resolveAirportText(raw.from), to: resolveAirportText(raw.to) });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Please fix the errors in the form', fields);
  }
  const query = parsed.data;
  const { supplier } = deps;
  // A remote supplier sells airports beyond the world's: any IATA code goes to it (decision 0064).
  if (supplier.id !== 'world') return encodeAnswer(JSON.stringify(await searchSupplier(supplier, checkedSupplierAirports(deps, query, raw))), chooseEncoding(acceptEncoding));
  const unknown: Record<string, string> = {};
  if (!world.getAirport(query.from)) unknown.from = unknownAirportMessage(raw.from ?? '');
  if (!world.getAirport(query.to)) unknown.to = unknownAirportMessage(raw.to ?? '');
  const first = Object.values(unknown)[0];
  if (first) throw new AppError('validation_failed', first, unknown);
  if (query.date <= world.lastSaleDate(indiaToday(now))) await inventory.ensureDates(database.db, inventoryDatesFor(query.date));
  const answer = await searcherOf(deps).answer(query, now, chooseEncoding(acceptEncoding));
  return answer;
}

const roundTripSchemas = new Map<string, ReturnType<typeof roundTripQuerySchema>>();
function roundTripSchemaFor(today: string) {
  let schema = roundTripSchemas.get(today);
  if (!schema) {
    if (roundTripSchemas.size > 4) roundTripSchemas.clear();
    schema = roundTripQuerySchema(today);
    roundTripSchemas.set(today, schema);
  }
  return schema;
}

const utf8 = new TextEncoder();

/**
 * A round trip's encoded answer: the query validated (field messages as the form's), both
 * directions answered by the searcher (in parallel on the workers; each taken from the one-way
 * cache when there), and joined into one CompactRoundTripResponse without parsing them again.
 */
async function roundTripOutcome(deps: AppDeps, raw: Record<string, string | undefined>, acceptEncoding: string | undefined): Promise<SearchAnswer> {
  const { clock, world, inventory, database } = deps;
  const now = clock.now();
  const today = indiaToday(now);
  const parsed = roundTripSchemaFor(today).safeParse({ ...pick(raw), tripType: raw.tripType ?? 'roundTrip', returnDate: raw.returnDate, from: resolveAirportText(raw.from), to: resolveAirportText(raw.to) });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError('validation_failed', Object.values(fields)[0] ?? 'Please fix the errors in the form', fields);
  }
  const query = parsed.data;
  const from = world.getAirport(query.from);
  const to = world.getAirport(query.to);
  const market: RoundTripMarket = from?.country === 'IN' && to?.country === 'IN' ? 'domestic' : 'international';
  // A remote supplier prices the outbound and the return as one ticket: one search of two slices (decision 0069).
  const { supplier } = deps;
  if (supplier.id !== 'world') return encodeAnswer(JSON.stringify(await searchSupplierRoundTrip(supplier, checkedSupplierAirports(deps, query, raw), market)), chooseEncoding(acceptEncoding));
  const unknown: Record<string, string> = {};
  if (!from) unknown.from = unknownAirportMessage(raw.from ?? '');
  if (!to) unknown.to = unknownAirportMessage(raw.to ?? '');
  const first = Object.values(unknown)[0];
  if (first) throw new AppError('validation_failed', first, unknown);
  const journeys = journeyQueries(query);
  const lastSale = world.lastSaleDate(today);
  const dates = [...new Set(journeys.filter((q) => q.date <= lastSale).flatMap((q) => inventoryDatesFor(q.date)))];
  if (dates.length > 0) await inventory.ensureDates(database.db, dates);
  const [outbound, inbound] = await Promise.all(journeys.map((q) => oneWayIdentity(deps, q, now)));
  const head = JSON.stringify({ query: { ...journeys[0], tripType: query.tripType, returnDate: query.returnDate }, market }).slice(0, -1);
  const parts = [utf8.encode(`${head},"outbound":`), outbound ?? EMPTY, utf8.encode(',"inbound":'), inbound ?? EMPTY, utf8.encode('}')];
  const body = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    body.set(part, offset);
    offset += part.length;
  }
  return encodeAnswer(body, chooseEncoding(acceptEncoding));
}

const EMPTY = new Uint8Array();

/** A query for a remote supplier: airports the world knows, or any three-letter IATA code. */
function checkedSupplierAirports<Q extends { from: string; to: string }>(deps: AppDeps, query: Q, raw: Record<string, string | undefined>): Q {
  const unknown: Record<string, string> = {};
  const known = (code: string) => deps.world.getAirport(code) !== undefined || /^[A-Z]{3}$/.test(code);
  if (!known(query.from)) unknown.from = unknownAirportMessage(raw.from ?? '');
  if (!known(query.to)) unknown.to = unknownAirportMessage(raw.to ?? '');
  const first = Object.values(unknown)[0];
  if (first) throw new AppError('validation_failed', first, unknown);
  return query;
}

/** One direction's uncompressed answer, from the one-way cache when an identical search is there. */
async function oneWayIdentity(deps: AppDeps, query: SearchQuery, now: Date): Promise<Uint8Array> {
  const cache = cacheOf(deps.inventory);
  const key = `identity?${draftToParams({ ...query, adults: String(query.adults), children: String(query.children), infants: String(query.infants), tripType: 'oneWay', returnDate: '' })}`;
  const version = deps.inventory.version;
  const hit = cache.get(key, version, now);
  if (hit !== undefined) return hit.bytes;
  const answer = await searcherOf(deps).answer(query, now, 'identity');
  if (deps.inventory.version === version) cache.set(key, version, now, answer);
  return answer.bytes;
}

/** Only the query's own fields reach the schema (unknown parameters are ignored, as before). */
function pick(raw: Record<string, string | undefined>) {
  const { from, to, date, cabin, adults, children, infants } = raw;
  return { from, to, date, cabin, adults, children, infants };
}

function sendAnswer(c: Context<AppEnv>, answer: SearchAnswer): Response {
  answered.set(c.req.raw, answer);
  c.header('Vary', 'Accept-Encoding');
  if (answer.encoding !== 'identity') c.header('Content-Encoding', answer.encoding);
  return c.body(answer.bytes as Uint8Array<ArrayBuffer>, 200, { 'Content-Type': 'application/json' });
}

/**
 * Serves an identical search (same query string and accepted encoding) from the cache while
 * the inventory version and the minute are unchanged, skipping validation, the engine, pricing,
 * JSON and compression. Only 200 answers computed against an unchanged inventory are stored.
 */
function cachedSearch(prefix: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { inventory, clock } = c.get('deps');
    const cache = cacheOf(inventory);
    const url = c.req.url;
    const q = url.indexOf('?');
    const key = `${prefix}${chooseEncoding(c.req.header('accept-encoding'))}${q < 0 ? '' : url.slice(q)}`;
    const now = clock.now();
    const hit = cache.get(key, inventory.version, now);
    if (hit !== undefined) return sendAnswer(c, hit);
    const versionBefore = inventory.version;
    await next();
    const answer = answered.get(c.req.raw);
    if (answer && c.res.status === 200 && inventory.version === versionBefore) cache.set(key, versionBefore, now, answer);
  };
}
