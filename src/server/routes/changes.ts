import { z } from '@hono/zod-openapi';
import { ChangeQuoteSchema } from '../../core/fares';
import { ChangeAnswerSchema, ChangeOptionsAnswerSchema, ChangeOptionsQuerySchema, ChangeRequestSchema, TRIP_CHANGE_REASONS } from '../../core/trip-changes';
import { DueChangedError, changeOptions } from '../../domain/changes/changes';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { travellerRoute } from '../route-guard';
import { supplierTripChanges } from '../supplier-trip-changes';

/** 409 body when what is due moved since the traveller looked (or a remote supplier's change offer expired): the error and the new quote. */
const DueChangedBodySchema = z
  .object({
    error: z.object({ code: z.literal('conflict'), reason: z.enum([TRIP_CHANGE_REASONS.dueChanged, TRIP_CHANGE_REASONS.quoteExpired]), message: z.string() }),
    quote: ChangeQuoteSchema,
  })
  .meta({ id: 'DueChanged' });

const optionsRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/change-options',
  operationId: 'listChangeOptions',
  tags: ['Bookings'],
  summary: 'Flights a confirmed booking can change to on a date, each with what the change costs now',
  description:
    "Signed-in traveller only; another traveller's booking answers 404. Every flight the search finds on the booking's route on `date` in its cabin and fare family tier (sold-out and departed flights left out), each with a change quote for the passengers still travelling: the change fee by time band plus the fare difference (a lower fare is paid back only when the family says so). A booking a disruption move made (rebooked or kept on the protected flight by the disruption centre) changes free until its flight leaves: no fee whatever the family, no fare difference (the fares paid are carried over), and `disruptionFree` says why. 400 for a bad date (tied to `date`); 409 when the booking cannot be changed (not confirmed, departed, inside the cutoff, or its family allows no changes). A booking of one journey sold by a remote supplier (Duffel) is changed whole through the airline (`journey` other than 0 is a 400 on the field); a Duffel round trip (one order of two slices) changes one journey named by `journey` (0 the outbound, 1 the return; 400 on the field when missing or unknown): only that journey's slice is asked again, each option's itinerary is the whole trip as it will be (the new journey and the one kept, `supplier.journeyLegCounts` saying which legs are which), a date out of travel order with the journey kept is a 400 on `date`, and flights out of travel order are left out. Its options are the airline's change offers for the booking's route on `date` in its cabin, each quoted from the airline's change total (its change fee plus the fare difference) in INR with the conversion named in `quote.supplier`, Safar adding no fee; a lower fare comes back only as the airline's offer says (a voucher is not money; an offer paying money back to the original payment is not offered online), and each offer must be confirmed by `quote.supplier.expiresAt`; 409 when the airline no longer allows a change of the order. A whole-trip booking of several journeys names the journey to change with `journey` (0-based; 400 on the field when missing, unknown or cancelled): the flights on that journey's route in travel order with the other journeys, quoted by that journey's fare rules; 409 when a special return fare forbids changing one journey (the message names the airline).",
  request: { params: BookingIdParams, query: ChangeOptionsQuerySchema.extend({ date: ChangeOptionsQuerySchema.shape.date.meta({ example: '2026-12-26' }) }) },
  responses: {
    200: json(ChangeOptionsAnswerSchema, 'Flights to change to, each with its quote'),
    400: json(ErrorSchema, 'Bad date (or, for a round trip, one out of travel order with the journey kept), or a missing, unknown or cancelled journey'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking'),
    409: json(ErrorSchema, 'The booking cannot be changed (or a special return forbids changing one journey)'),
  },
});

const changeRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/changes',
  operationId: 'createChange',
  tags: ['Bookings'],
  summary: 'Change a confirmed booking to another flight: holds it as a new booking, swapped in once paid',
  description:
    "Signed-in traveller only; requires an Idempotency-Key (a retry answers the first result: one change). Re-quotes the change; a due other than `quotedDuePaise`, or money back other than `quotedRefundPaise` (when sent), answers 409 due-changed with the new quote. Holds the new flight as a new booking (`changedFrom` names the old one, `creditPaise` the value carried over) for the passengers still travelling. When nothing is due it is confirmed at once (old booking `changed`, its seats released, its boarding passes void, one mail); otherwise pay `totalInr × 100 − creditPaise` through POST /api/bookings/{id}/payments and confirm as usual, which swaps the bookings. Until then the old booking is untouched; a hold that expires or a payment that fails leaves it as it was. One change at a time: 409 while another is waiting for payment. A booking sold by a remote supplier (Duffel): `itineraryId` is an option's id from change-options; the airline's offers are asked again and the chosen one re-quoted (409 due-changed with the new quote when it moved; 409 when the airline no longer offers that flight); the new booking keeps the same airline order and booking reference (a Duffel round trip changes the journey named by `journey`, required, and keeps both journeys in travel order). Nothing due: the change is confirmed with the airline at once (an offer that expired meanwhile answers 409 quote-expired with a fresh quote, nothing changed); when the airline pays money back to the original payment (`quote.refundPaise` > 0), that amount is refunded to the booking's captured payments, most recent first, on the new booking's refund tracker. Something due: pay it as above; the payment confirms the change with the airline, and a change the airline refuses after payment is refunded automatically (an unknown outcome is settled by the supplier-order job). One change at a time: 409 while another is waiting for payment or being confirmed with the airline. A whole-trip booking of several journeys changes one journey, named by `journey` (0-based, required; 400 on the field when missing, unknown or cancelled; 409 when a special return fare forbids changing one journey): that journey's legs move to the new flight, priced by its own fare rules (fee and fare difference against its legs' fares, the new flight priced as a one-way), in travel order with the other journeys; the new booking carries the other journeys over as they are (legs, fares, seats, PNRs) and holds only the new flight's seats.",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: ChangeRequestSchema, example: { itineraryId: '6E1036@2026-12-26:economy', quotedDuePaise: 299900 } } } },
  },
  responses: {
    201: json(ChangeAnswerSchema, 'The new booking (confirmed when nothing was due, else held for payment) and the quote'),
    400: json(ErrorSchema, 'Invalid request (another route or cabin, the same flight, out of travel order with the trip, a missing, unknown or cancelled journey)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking, or the flight can no longer be booked'),
    409: json(z.union([DueChangedBodySchema, ErrorSchema]), 'due-changed or quote-expired (with the new quote), sold-out, a change already waiting for payment, not changeable, or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

/** Changing a confirmed booking to another flight: the options and the change itself. */
export function registerChanges(app: OpenApiApp) {
  app.openapi(optionsRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const { date, journey } = c.req.valid('query');
    const bookingId = c.req.valid('param').id;
    const journeyIndex = journey === undefined ? undefined : Number(journey);
    // A remote supplier's booking is changed through the seam; the world's (and unknown ids) by the world's rules.
    const remote = await supplierTripChanges(deps)?.options(user.id, bookingId, date, journeyIndex);
    const answer = remote ?? (await changeOptions({ db: deps.database.db, clock: deps.clock, world: deps.world, inventory: deps.inventory }, user.id, bookingId, date, journeyIndex));
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(changeRoute, async (c) => {
    const deps = c.get('deps');
    const { database, clock, checkout } = deps;
    const user = currentUser(c);
    const bookingId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const request = { userId: user.id, email: user.email, bookingId, itineraryId: body.itineraryId, quotedDuePaise: body.quotedDuePaise, quotedRefundPaise: body.quotedRefundPaise, journey: body.journey };
    try {
      const answer = await withIdempotency(database.db, clock, { userId: user.id, scope: 'create-change', key, hash: requestHash({ bookingId, body }) }, async () => ({
        status: 201 as const,
        // A remote supplier's booking is changed through the seam; the world's (and unknown ids) by the world's rules.
        body: (await supplierTripChanges(deps)?.request(request)) ?? (await checkout.requestChange(request)),
      }));
      return sendStored(c, changeRoute, answer);
    } catch (error) {
      // Not stored: the next try with this key may find the same amount due.
      if (!(error instanceof DueChangedError)) throw error;
      const reason = error.reason === TRIP_CHANGE_REASONS.quoteExpired ? TRIP_CHANGE_REASONS.quoteExpired : TRIP_CHANGE_REASONS.dueChanged;
      return sendStored(c, changeRoute, { status: 409, body: { error: { code: 'conflict', reason, message: error.message }, quote: error.quote } });
    }
  });
}
