import { type CheckInAnswer, CheckInAnswerSchema, CheckInRequestSchema, CheckInStatusSchema } from '../../core/check-in';
import { z } from '@hono/zod-openapi';
import { seatMapAnswerSchema } from '../../core/seats';
import { SeatGoneError } from '../../domain/seats/service';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withKeyInTransaction } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { travellerRoute } from '../route-guard';

/**
 * Web check-in of a booking's passengers. Every decision (the window, documents, seats, sequence
 * numbers, the pass) is the check-in service's; these handlers only translate HTTP.
 */

const statusRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/check-in',
  operationId: 'getCheckIn',
  tags: ['Bookings'],
  summary: 'Where each passenger stands for web check-in, per leg',
  description:
    "Signed-in traveller only; another traveller's booking id answers 404, exactly like an id that does not exist. Per leg and passenger still travelling: `checked-in` (with seat, sequence number and pass id), `open` (until `closesAt`), `not-open` (opens at `opensAt`), `closed`, or `counter` (infants on a lap and the adult carrying them, unaccompanied minors, special assistance, groups of 10 or more: the reason in `message`). `documentsNeeded` says the leg needs passport details. A booking sold through a remote supplier (Duffel) answers 409 check-in-with-airline: the airline checks it in.",
  request: { params: BookingIdParams },
  responses: {
    200: json(CheckInStatusSchema, 'Check-in state'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'check-in-with-airline: a booking sold through a remote supplier is checked in with the airline'),
  },
});

const SeatTakenBodySchema = ErrorSchema.extend({ seatMap: seatMapAnswerSchema });

const checkInRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/check-in',
  operationId: 'checkIn',
  tags: ['Bookings'],
  summary: 'Checks passengers in for one leg and issues their boarding passes (idempotent)',
  description:
    "Signed-in traveller only; requires an Idempotency-Key. Inside the airline's window, for the chosen passengers of one leg: passport details are checked (international legs: number, nationality, expiry after the travel date) and stored sealed, each passenger keeps the seat the booking holds or moves to the free seat in `seat` (free for them under the fare family: paid seats are chosen at booking, a paid seat asked for here answers 400 with the reason; exit rows need `exitConditionsAccepted`), gets the flight's next check-in sequence number and a boarding pass (BCBP with seat, sequence, status checked in, source of check-in W, baggage allowance). A passenger already checked in keeps their pass and number. Replays with the same key answer the first result.",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: CheckInRequestSchema, example: { legIndex: 0, passengers: [{ position: 0 }] } } } },
  },
  responses: {
    201: json(CheckInAnswerSchema, 'Checked in; the boarding passes'),
    400: json(ErrorSchema, 'Unknown or cancelled passengers, missing or invalid passport details (field errors)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(z.union([SeatTakenBodySchema, ErrorSchema]), 'seat-taken (with the leg\'s seat map as it is now; nothing is checked in), the booking is not confirmed, the window is not open or has closed, the passenger must check in at the counter, check-in-with-airline (a booking sold through a remote supplier such as Duffel: the airline checks it in), or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

/** Web check-in: state and check-in. */
export function registerCheckIn(app: OpenApiApp) {
  app.openapi(statusRoute, async (c) => {
    const answer = await c.get('deps').checkIn.status(currentUser(c).id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(checkInRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    try {
      const answer = await withKeyInTransaction(
        deps.database.db,
        deps.clock,
        { userId: user.id, scope: 'check-in', key, hash: requestHash({ id, body }) },
        (result: CheckInAnswer) => ({ status: 201, body: result }),
        (idempotency) => deps.checkIn.checkIn({ userId: user.id, bookingId: id, request: body, idempotency }),
      );
      return sendStored(c, checkInRoute, answer);
    } catch (error) {
      // Not stored: the traveller picks another seat from the refreshed map and checks in again.
      if (!(error instanceof SeatGoneError)) throw error;
      return sendStored(c, checkInRoute, { status: 409, body: { error: { code: 'conflict', reason: 'seat-taken', message: error.message }, seatMap: error.seatMap } });
    }
  });
}
