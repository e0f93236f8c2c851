import { z } from '@hono/zod-openapi';
import {
  CancellationAnswerSchema,
  CancellationQuoteAnswerSchema,
  CancellationQuoteQuerySchema,
  CancellationRequestSchema,
  RefundChangedBodySchema,
  RefundsAnswerSchema,
} from '../../core/trip-changes';
import { RefundChangedError } from '../../domain/cancellations/cancel';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withKeyInTransaction } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { travellerRoute } from '../route-guard';

/**
 * Cancelling passengers of a confirmed booking and tracking the refund. Every decision (the
 * refund rule, seats, money) is the cancellation service's; these handlers only translate HTTP.
 */

const quoteRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/cancellation-quote',
  operationId: 'getCancellationQuote',
  tags: ['Bookings'],
  summary: 'What cancelling passengers of a confirmed booking refunds now, per passenger and leg',
  description:
    "Signed-in traveller only; another traveller's booking id answers 404, exactly like an id that does not exist. `passengers` lists positions (\"0,2\"); omitted, every passenger still travelling. Taxes and airport charges always come back; base fare and fuel charge less the airline's fee for the time band, nothing of them inside the cutoff or after departure (each line's `rule` and `explanation` say which applied). A booking a disruption move made (rebooked or kept on the protected flight by the disruption centre) is refunded in full until its flight leaves (rule `airlineCancelled`). `creditOffered` says whether the refund may go to Safar credit instead of the original payment method (always, for a traveller's own booking; never the default). `journey` (0-based) quotes cancelling one journey of a whole-trip booking alone, for every passenger still travelling, by that journey's fare rules (409 when a special return fare allows cancelling only the whole trip). A booking sold by a remote supplier (Duffel) is quoted by the supplier: `quote.supplier` carries its quote (id, expiry, its total and refund in its currency, where it refunds to), the refund in paise with the conversion named (rate, date, source), and what Safar covers; Safar's fee is refunded when the airline cancelled or inside Safar's free window, else kept within the fare. The supplier cancels whole bookings only: naming some passengers or a journey answers 400 on that field. A rate-limited supplier answers 429; a slow or unavailable one 503.",
  request: { params: BookingIdParams, query: CancellationQuoteQuerySchema },
  responses: {
    200: json(CancellationQuoteAnswerSchema, 'The refund quote'),
    400: json(ErrorSchema, 'Unknown or already cancelled passengers or journey, an infant left without an adult, or some passengers or one journey of a supplier booking (whole bookings only)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'The booking is not confirmed (held, expired, cancelled or changed), its special return fare allows cancelling only the whole trip, or its airline gives no refund amount before cancelling'),
    429: json(ErrorSchema, "The booking's supplier is rate-limited; try again after Retry-After"),
    503: json(ErrorSchema, "The booking's supplier is slow or unavailable; try again shortly"),
  },
});

const cancelRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/cancellations',
  operationId: 'cancelPassengers',
  tags: ['Bookings'],
  summary: 'Cancels passengers of a confirmed booking and refunds them (idempotent)',
  description:
    "Signed-in traveller only; requires an Idempotency-Key. In one transaction: the refund is computed again and must equal `quotedRefundPaise` (else 409 refund-changed with the new quote, nothing cancelled), the passengers' seats go back to sale, their boarding passes stop being valid, the refund is recorded (split over the booking's payments: Safar credit spent on it first, then largest first) and the cancellation mail queued. `destination` is `original` unless the traveller chose `credit`: then the whole refund is added to their Safar credit at once (completed, one ledger entry per refund; see GET /api/account/credit). What was paid with Safar credit always goes back to it. A refund to the original payment method is then sent through the provider; follow it at `/api/bookings/{id}/refunds`. Replays with the same key answer the first result. With `journey` (0-based), one journey of a whole-trip booking is cancelled alone for every passenger still travelling (`passengers` must list them all): only its legs' fares are refunded, its seats given back and its boarding passes voided; the passengers travel on on the other journeys (409 when a special return fare allows cancelling only the whole trip). A booking sold by a remote supplier (Duffel) is cancelled whole with the supplier first: a fresh supplier quote must give the refund quoted (else 409 refund-changed), the supplier confirms it outside the transaction, then the cancellation and refunds are recorded as above. A supplier quote that expired meanwhile answers 409 quote-expired with a fresh quote; a cancel while another of the same booking is with the supplier answers 409; a lost supplier answer is checked against the order (503 while it cannot be, and settled by a job).",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: CancellationRequestSchema, example: { passengers: [1], destination: 'original', quotedRefundPaise: 412300 } } } },
  },
  responses: {
    201: json(CancellationAnswerSchema, 'Cancelled; the refund is on its way'),
    400: json(ErrorSchema, 'No, unknown or already cancelled passengers or journey, an infant left without an adult, or an unknown destination'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(
      z.union([RefundChangedBodySchema, ErrorSchema]),
      "refund-changed or quote-expired (with the new quote), the booking is not confirmed, a special return cancelled one journey at a time, the booking already being cancelled with its supplier, or idempotency_in_progress",
    ),
    422: json(ErrorSchema, 'idempotency_mismatch'),
    429: json(ErrorSchema, "The booking's supplier is rate-limited (nothing cancelled); try again after Retry-After"),
    503: json(ErrorSchema, "The booking's supplier is slow or unavailable (nothing cancelled), or its answer was lost (we check the order and finish the cancellation)"),
  },
});

const refundsRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/refunds',
  operationId: 'listRefunds',
  tags: ['Bookings'],
  summary: "A booking's cancellations and the refund tracker: requested → sent → completed, with the legal deadline",
  description: "Signed-in traveller only; another traveller's booking id answers 404, exactly like an id that does not exist. Empty lists for a booking never cancelled.",
  request: { params: BookingIdParams },
  responses: { 200: json(RefundsAnswerSchema, 'Cancellations and refunds'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

/** "0,2" → [0, 2]; undefined stays undefined. */
const positionsOf = (list: string | undefined) => (list === undefined ? undefined : list.split(',').map(Number));

/** Cancellations: quote, cancel, refund tracker. */
export function registerCancellations(app: OpenApiApp) {
  app.openapi(quoteRoute, async (c) => {
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const query = c.req.valid('query');
    const answer = await c.get('deps').cancellations.quote(user.id, id, positionsOf(query.passengers), { journey: query.journey === undefined ? undefined : Number(query.journey) });
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(cancelRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    try {
      const answer = await withKeyInTransaction(
        deps.database.db,
        deps.clock,
        { userId: user.id, scope: 'cancel-passengers', key, hash: requestHash({ id, body }) },
        (result: z.infer<typeof CancellationAnswerSchema>) => ({ status: 201, body: result }),
        (idempotency) => deps.cancellations.cancel({ ...body, userId: user.id, bookingId: id, idempotency }),
      );
      return sendStored(c, cancelRoute, answer);
    } catch (error) {
      // Not stored: the traveller reviews the new amount and confirms again.
      if (!(error instanceof RefundChangedError)) throw error;
      return sendStored(c, cancelRoute, { status: 409, body: { ...error.quote, error: { code: 'conflict', reason: error.reason, message: error.message } } });
    }
  });

  app.openapi(refundsRoute, async (c) => {
    const user = currentUser(c);
    const answer = await c.get('deps').cancellations.refunds(user.id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });
}
