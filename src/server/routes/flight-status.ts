import { z } from '@hono/zod-openapi';
import { IdempotencyKeySchema } from '../../core/booking';
import type { FlightStatus } from '../../core/tracking';
import { FlightStatusSchema, TrackingHistorySchema, toTrackingEntry } from '../../core/tracking';
import { listTrackingHistory, recordTracking } from '../../domain/tracking/history';
import type { WeatherLookup } from '../../domain/tracking/status';
import { getFlightStatus } from '../../domain/tracking/tracker';
import { trackerWeather } from '../../domain/tracking/weather';
import type { World } from '../../domain/world/world';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, ErrorSchema, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';
import { weatherOf } from '../weather';

const StatusParams = z.object({
  flightNumber: z.string().max(16).openapi({ example: '6E 2174', description: 'Carrier and number in any spelling: "6E 2174", "6e2174", "AI101"' }),
});
const StatusQuery = z.object({
  date: z.string().max(10).optional().openapi({ example: '2026-12-24', description: 'Local departure date; omitted: today’s flight, else its next departure' }),
});

const statusRoute = publicRoute({
  method: 'get',
  path: '/api/flights/{flightNumber}/status',
  operationId: 'getFlightStatus',
  tags: ['Tracking'],
  summary: 'Live status of a flight from the schedule, the clock and the delay model (cached per minute)',
  description: "Public. The flight's status computed from the schedule, the clock and the delay model; a flight that does not exist, or does not operate that day, answers 404.",
  request: { params: StatusParams, query: StatusQuery },
  responses: {
    200: json(FlightStatusSchema, 'The status'),
    400: json(ErrorSchema, 'Not a flight number, or a bad date'),
    404: json(ErrorSchema, 'No such flight, or it does not operate that day'),
  },
});

const HistoryBody = z.object({
  flightNumber: z.string().max(16).openapi({ example: '6E 2174' }),
  date: z.string().max(10).optional().openapi({ example: '2026-12-24' }),
});
/** Optional: a tracking queued offline is replayed with its key, so a lost answer is not recorded twice. */
const HistoryHeaders = z.object({ 'idempotency-key': IdempotencyKeySchema.optional() });

const listHistoryRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/tracking-history',
  operationId: 'listTrackingHistory',
  tags: ['Tracking'],
  summary: 'The signed-in traveller’s Recent Searches in the Flight Tracker (newest first, at most 10)',
  description: 'Signed-in traveller only. The flights the traveller tracked most recently, newest first.',
  responses: { 200: json(TrackingHistorySchema, 'Entries'), 401: json(ErrorSchema, 'Not signed in') },
});

const recordHistoryRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/tracking-history',
  operationId: 'trackFlight',
  tags: ['Tracking'],
  summary: 'Tracks a flight now and records it in Recent Searches (the same number again updates its entry)',
  description: 'Signed-in traveller only; an optional Idempotency-Key makes an offline replay safe. Answers the Recent Searches list after the change; an unknown flight answers 404.',
  request: { headers: HistoryHeaders, body: { required: true, content: { 'application/json': { schema: HistoryBody, example: { flightNumber: '6E 2174' } } } } },
  responses: {
    200: json(TrackingHistorySchema, 'Entries after the change'),
    400: json(ErrorSchema, 'Not a flight number, or a bad date'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such flight'),
  },
});

/** Answers computed in the current minute, per world (status moves on the minute). */
const minuteCache = new WeakMap<World, { minute: number; answers: Map<string, FlightStatus> }>();

async function cachedStatus(world: World, flightNumber: string, date: string | undefined, now: Date, weather: (now: Date) => WeatherLookup): Promise<FlightStatus> {
  const minute = Math.floor(now.getTime() / 60_000);
  let cache = minuteCache.get(world);
  if (!cache || cache.minute !== minute) {
    cache = { minute, answers: new Map() };
    minuteCache.set(world, cache);
  }
  const key = `${flightNumber.replace(/[\s-]/g, '').toUpperCase()}|${date ?? ''}`;
  const hit = cache.answers.get(key);
  if (hit) return hit;
  const at = new Date(minute * 60_000);
  const status = await getFlightStatus(world, { flightNumber, date, now: at, weather: weather(at) });
  if (cache.answers.size < 20_000) cache.answers.set(key, status);
  return status;
}

/** GET /api/flights/{flightNumber}/status; GET and POST /api/tracking-history. */
export function registerFlightStatus(app: OpenApiApp) {
  app.openapi(statusRoute, async (c) => {
    const { world, clock } = c.get('deps');
    const { flightNumber } = c.req.valid('param');
    const { date } = c.req.valid('query');
    const now = clock.now();
    const status = await cachedStatus(world, flightNumber, date, now, (at) => trackerWeather(weatherOf(c.get('deps')), at));
    const secondsLeft = 60 - (Math.floor(now.getTime() / 1000) % 60);
    c.header('Cache-Control', `public, max-age=${secondsLeft}`);
    return c.json(status, 200);
  });

  app.openapi(listHistoryRoute, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ entries: await listTrackingHistory(c.get('deps').database.db, currentUser(c).id) }, 200);
  });

  app.openapi(recordHistoryRoute, async (c) => {
    const { world, clock, database } = c.get('deps');
    const body = c.req.valid('json');
    const userId = currentUser(c).id;
    const record = async () => {
      const status = await cachedStatus(world, body.flightNumber, body.date, clock.now(), (at) => trackerWeather(weatherOf(c.get('deps')), at));
      const entries = await recordTracking(database.db, userId, { ...toTrackingEntry(status), lastTracked: clock.now().toISOString() });
      return { status: 200 as const, body: { entries } };
    };
    const key = c.req.valid('header')['idempotency-key'];
    c.header('Cache-Control', 'no-store');
    if (key === undefined) {
      const answer = await record();
      return c.json(answer.body, 200);
    }
    return sendStored(c, recordHistoryRoute, await withIdempotency(database.db, clock, { userId, scope: 'record-tracking', key, hash: requestHash(body) }, record));
  });
}
