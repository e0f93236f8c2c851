import { z } from '@hono/zod-openapi';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../core/errors';
import { bookings } from '../../db/schema';
import type { Db } from '../../db/client';
import { seatMapAnswerSchema, seatMapQuerySchema, seatSelectionSchema } from '../../core/seats';
import { KeyTakenError, keyInsert } from '../../domain/booking/keyed-answer';
import { queryRows } from '../../db/raw';
import { SeatGoneError } from '../../domain/seats/service';
import { NO_SUPPLIER_SEAT_MAP, chooseSupplierSeats, seatMapsForChoice, supplierSeatMap } from '../../domain/suppliers/seats';
import type { SupplierSetup } from '../../domain/suppliers/setup';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withKeyInTransaction } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';

/**
 * Seat maps and seat choices. Every decision (states, prices, who may sit where) is the seat
 * service's (src/domain/seats/service.ts); these handlers only translate HTTP.
 */

const FlightIdParams = z.object({
  flightId: z
    .string()
    .regex(/^[A-Z0-9]{2}\d{1,4}@\d{4}-\d{2}-\d{2}$/, 'No such flight')
    .openapi({ example: '6E2134@2026-12-24', description: 'Flight number and local departure date, as in an itinerary leg' }),
});

const seatMapRoute = publicRoute({
  method: 'get',
  path: '/api/flights/{flightId}/seat-map',
  operationId: 'getSeatMap',
  tags: ['Bookings'],
  summary: "A flight's seat map for a cabin: every seat with its state and price",
  description:
    'Open to everyone. The cabin drawn from the aircraft type’s seat map (rows, blocks of letters between aisles, window/middle/aisle, exit, extra-legroom, bassinet and no-recline rows, wing and doors; `approximate` where the real layout is not verified) and each seat’s state: `free`, `taken` (another traveller), `held` (on a Safar hold), `safar` (a Safar passenger’s) or `blocked` (by the airline). Prices are in paise for an adult (0 = free: standard rear seats are always free). With `booking` (a booking of the signed-in traveller flying this flight: a hold choosing seats, or a confirmed booking at web check-in, where only seats priced 0 can be taken), the prices follow its fare family and `chosen` lists its passengers’ seats; another traveller’s booking answers 404. A remote supplier’s booking (Duffel) answers the airline’s seat map for the offer in the same shape: seats the airline sells to the booking’s passengers are `free`, others `taken` (`blocked` when restricted), prices are the airline’s converted to rupees and rounded up to the whole rupee per seat, with `supplier` naming the airline’s currency and the conversion; 404 `no-seat-map` when the airline has none (the traveller goes on without seats), 503 or 429 when the airline cannot answer.',
  request: { params: FlightIdParams, query: seatMapQuerySchema },
  responses: {
    200: json(seatMapAnswerSchema, 'The seat map with states and prices'),
    400: json(ErrorSchema, 'Unknown cabin'),
    404: json(ErrorSchema, 'No such flight, no such cabin on it, no such booking, or (a remote supplier’s booking) no seat map from the airline'),
    429: json(ErrorSchema, 'The airline is rate limiting Safar (a remote supplier’s booking)'),
    503: json(ErrorSchema, 'The airline cannot answer right now (a remote supplier’s booking)'),
  },
});

const SeatSelectionAnswerSchema = z.object({
  bookingId: z.string(),
  totalInr: z.number().int(),
  seatsPaise: z.number().int().nonnegative(),
  seats: z.array(z.object({ passengerPosition: z.number().int(), legIndex: z.number().int(), seat: z.string(), pricePaise: z.number().int().nonnegative() })),
});

const SeatTakenBodySchema = ErrorSchema.extend({ seatMap: seatMapAnswerSchema });

const chooseRoute = travellerRoute({ owns: 'booking' }, {
  method: 'put',
  path: '/api/bookings/{id}/seats',
  operationId: 'chooseSeats',
  tags: ['Bookings'],
  summary: 'Chooses (or drops) seats for passengers of a held booking (idempotent)',
  description:
    "Signed-in traveller only; requires an Idempotency-Key; another traveller's booking answers 404. Optional: a passenger without a chosen seat gets a free seat when the booking is confirmed. Each choice names the passenger by position and the leg by index; `seat: null` drops the choice. The seat price joins the booking's total and its fare breakdown as a `seat` line, paid with the booking; a hold that expires (or a payment that fails and is not retried before it does) gives the seats back with nothing charged. 400 with the reason in words for a seat the passenger may not take (exit rows: 15 or over, no infant on the lap, conditions accepted with `exitConditionsAccepted`); 409 `seat-taken` with the leg's seat map as it is now when someone else took the seat a moment ago. On a remote supplier's booking (Duffel) the seats come from the airline's seat map for the offer: each seat's rupee price joins the total, the seats are ordered as seat services with the airline's order after payment (if the airline refuses the order because a seat is gone, the payment is refunded), and skipping leaves the seat to the airline at check-in at no cost; 400 for a seat the airline does not sell to that passenger, 404 `no-seat-map` when the airline has no seat map, 503 or 429 when it cannot answer.",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: seatSelectionSchema, example: { choices: [{ passengerPosition: 0, legIndex: 0, seat: '20C' }] } } } },
  },
  responses: {
    200: json(SeatSelectionAnswerSchema, 'The seats and the new total'),
    400: json(ErrorSchema, 'A seat that does not exist or that the passenger may not take (the reason per field)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(z.union([SeatTakenBodySchema, ErrorSchema]), 'seat-taken (with the refreshed seat map), the booking is not an open hold, or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
    429: json(ErrorSchema, 'The airline is rate limiting Safar (a remote supplier’s booking)'),
    503: json(ErrorSchema, 'The airline cannot answer right now (a remote supplier’s booking)'),
  },
});

/** A remote supplier's booking of this traveller: its supplier setup, or null for the world's own (or another traveller's) booking. */
async function remoteSeats(db: Db, supplier: SupplierSetup, bookingId: string, userId: string | undefined): Promise<Extract<SupplierSetup, { id: 'duffel' }> | null> {
  // On the world (no remote supplier configured) the world's seat service answers every booking, as before.
  if (!userId || supplier.id === 'world') return null;
  const [row] = await db.select({ supplier: bookings.supplier }).from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
  if (!row || row.supplier === 'world') return null;
  if (supplier.id !== row.supplier) throw new AppError('not_found', NO_SUPPLIER_SEAT_MAP, undefined, 'no-seat-map');
  return supplier;
}

/** Seat maps and seat choices. */
export function registerSeats(app: OpenApiApp) {
  app.openapi(seatMapRoute, async (c) => {
    const { flightId } = c.req.valid('param');
    const { cabin, booking } = c.req.valid('query');
    const deps = c.get('deps');
    const remote = booking ? await remoteSeats(deps.database.db, deps.supplier, booking, c.get('user')?.id) : null;
    if (remote && booking) {
      const answer = await supplierSeatMap({ db: deps.database.db, clock: deps.clock, supplier: remote }, c.get('user')?.id ?? '', booking, flightId);
      c.header('Cache-Control', 'no-store');
      return c.json(answer, 200);
    }
    const answer = await deps.seats.seatMap(flightId, cabin, booking ? { userId: c.get('user')?.id, bookingId: booking } : undefined);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(chooseRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const remote = await remoteSeats(deps.database.db, deps.supplier, id, user.id);
    // The airline's seat maps are read before the transaction (a remote call never holds a row lock).
    const maps = remote ? await seatMapsForChoice({ db: deps.database.db, clock: deps.clock, supplier: remote }, user.id, id) : null;
    try {
      const answer = await withKeyInTransaction(
        deps.database.db,
        deps.clock,
        { userId: user.id, scope: 'choose-seats', key, hash: requestHash({ id, body }) },
        (result: z.infer<typeof SeatSelectionAnswerSchema>) => ({ status: 200, body: result }),
        (keyed) =>
          deps.database.db.transaction(async (tx) => {
            const result = maps ? await chooseSupplierSeats(tx, deps.clock.now(), user.id, id, maps, body.choices) : await deps.seats.choose(tx, user.id, id, body.choices);
            if ((await queryRows(tx, keyInsert(keyed, keyed.answer(result), deps.clock.now()))).length === 0) throw new KeyTakenError();
            return result;
          }),
      );
      return sendStored(c, chooseRoute, answer);
    } catch (error) {
      // Not stored: the traveller picks another seat from the refreshed map.
      if (!(error instanceof SeatGoneError)) throw error;
      return sendStored(c, chooseRoute, { status: 409, body: { error: { code: 'conflict', reason: 'seat-taken', message: error.message }, seatMap: error.seatMap } });
    }
  });
}
