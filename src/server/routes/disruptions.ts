import { z } from '@hono/zod-openapi';
import {
  DisruptionAcceptAnswerSchema,
  DisruptionAlternativesAnswerSchema,
  DisruptionAlternativesQuerySchema,
  DisruptionAnswerSchema,
  DisruptionBannersAnswerSchema,
  DisruptionBannersQuerySchema,
  DisruptionDecideRequestSchema,
  DisruptionRebookAnswerSchema,
  DisruptionRebookRequestSchema,
  DisruptionRefundAnswerSchema,
  DisruptionSoldOutBodySchema,
  DisruptionSummaryAnswerSchema,
} from '../../core/disruptions';
import { disruptionBanners } from '../../domain/disruptions/banners';
import { SoldOutError } from '../../domain/disruptions/centre';
import { indiaToday } from '../../domain/world/time';
import { currentUser } from '../auth/require-user';
import { disruptionCentre } from '../disruption-centre';
import { requestHash, sendStored, withIdempotency } from '../idempotency';
import { type OpenApiApp, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { publicRoute, travellerRoute } from '../route-guard';

/**
 * The disruption centre: a booking's trip changes with the traveller's rights, the free
 * alternatives, and rebook / refund / keep. Every decision is the disruption service's
 * (src/domain/disruptions/centre.ts); these handlers only translate HTTP.
 */

const viewRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/disruption',
  operationId: 'getBookingDisruption',
  tags: ['Bookings'],
  summary: "A booking's trip changes: what changed and why, the rights, the protected flight, the state and the deadline",
  description:
    "Signed-in traveller only; another traveller's booking answers 404. Computed at the server's now from the flight world's disruptions (the same figures as the tracker), merged with the decisions stored: one case per disrupted leg and kind (a delay's steps are one case at its latest figure), newest first; an empty list when nothing changed. `actions` lists what the traveller can do now; `refundPaise` is the full refund (fare, taxes, Safar's fee, seats and add-ons); `compensationPaise` is what the airline owes.",
  request: { params: BookingIdParams },
  responses: { 200: json(DisruptionAnswerSchema, 'The trip changes'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

const alternativesRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/disruption/alternatives',
  operationId: 'listDisruptionAlternatives',
  tags: ['Bookings'],
  summary: 'Flights a disrupted booking can move to free: the protected flight first',
  description:
    "Signed-in traveller only; another traveller's booking answers 404. Same city pair as the leg a rebooking replaces, inside the window the entitlements give (24 h either side for short notice, 2 h for 24 h–14 days), leaving at least 45 min from now, connecting to the booking's other legs, not cancelled, with seats in the cabin for everyone still travelling. The protected flight (the next one of the same airline or its partner) first, then by departure. `disruptionId` names the case (default: the first one waiting for an answer).",
  request: { params: BookingIdParams, query: DisruptionAlternativesQuerySchema },
  responses: {
    200: json(DisruptionAlternativesAnswerSchema, 'The alternatives'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking, or no such change on it'),
    409: json(ErrorSchema, 'Nothing waits for an answer, the change is settled, or rebooking is not offered for it'),
  },
});

const rebookRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/disruption/rebook',
  operationId: 'rebookDisruption',
  tags: ['Bookings'],
  summary: 'Moves a disrupted booking to one of its free alternatives: new tickets and boarding passes, nothing to pay',
  description:
    "Signed-in traveller only; requires an Idempotency-Key (a retry answers the first result). The travellers still flying move to `flightId` on the changed leg in one transaction: seats taken on the new flight, a new booking (`changedFrom` names the old one) confirmed with new tickets and boarding passes, the old booking `changed`, its seats released and passes void, one mail; the case is settled `rebooked` in the same transaction, so a racing refund, keep or automatic default gets 409 already-decided. 409 sold-out when the flight has just sold out, with `next`, the next alternative with seats (null when none is left).",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: DisruptionRebookRequestSchema, example: { flightId: '6E2136@2027-01-15' } } } },
  },
  responses: {
    201: json(DisruptionRebookAnswerSchema, 'The new booking and the settled case'),
    400: json(ErrorSchema, 'The flight is not one of the alternatives (tied to flightId)'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking, or no such change on it'),
    409: json(z.union([DisruptionSoldOutBodySchema, ErrorSchema]), 'sold-out (with the next option), already-decided, not-offered, nothing waiting for an answer, or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

const refundRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/disruption/refund',
  operationId: 'refundDisruption',
  tags: ['Bookings'],
  summary: 'Cancels a disrupted booking and refunds everything paid to the original payment method',
  description:
    "Signed-in traveller only; requires an Idempotency-Key. Cancels every passenger still travelling under the airline-cancelled rule: fare, taxes, Safar's fee, seats and add-ons all come back, to the original payment method, through the cancellation path (follow it at GET /api/bookings/{id}/refunds). The case is settled `refunded` in the same transaction. 409 already-decided, not-offered, or nothing waiting for an answer.",
  request: {
    params: BookingIdParams,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: DisruptionDecideRequestSchema, example: {} } } },
  },
  responses: {
    201: json(DisruptionRefundAnswerSchema, 'The cancelled booking, the settled case and the refunds'),
    400: json(ErrorSchema, 'Invalid request'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking, or no such change on it'),
    409: json(ErrorSchema, 'already-decided, not-offered, nothing waiting for an answer, or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

const acceptRoute = travellerRoute({ owns: 'booking' }, {
  method: 'post',
  path: '/api/bookings/{id}/disruption/accept',
  operationId: 'acceptDisruption',
  tags: ['Bookings'],
  summary: 'Keeps a disrupted booking as the airline changed it (the new time, the protected flight as offered)',
  description:
    "Signed-in traveller only. Settles the case `kept`; asking again answers the same. 409 already-decided when it was settled otherwise, not-offered, or nothing waiting for an answer.",
  request: { params: BookingIdParams, body: { required: true, content: { 'application/json': { schema: DisruptionDecideRequestSchema, example: {} } } } },
  responses: {
    200: json(DisruptionAcceptAnswerSchema, 'The settled case'),
    400: json(ErrorSchema, 'Invalid request'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'No such booking, or no such change on it'),
    409: json(ErrorSchema, 'already-decided, not-offered, or nothing waiting for an answer'),
  },
});

const summaryRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/disruptions',
  operationId: 'listMyDisruptions',
  tags: ['Bookings'],
  summary: "The signed-in traveller's bookings with trip changes, with how many wait for an answer (for badges)",
  description:
    'Signed-in traveller only; only their own bookings. Each booking (of the latest 200) with at least one case: bookings flying from yesterday on, and older ones with a stored case; `open` counts the cases with actions now. The cases themselves: GET /api/bookings/{id}/disruption.',
  responses: { 200: json(DisruptionSummaryAnswerSchema, 'Bookings with trip changes'), 401: json(ErrorSchema, 'Not signed in') },
});

const bannersRoute = publicRoute({
  method: 'get',
  path: '/api/disruptions/banners',
  operationId: 'listDisruptionBanners',
  tags: ['Search'],
  summary: 'Airport and airline disruption banners for a date: fog nights in north India, mass cancellations',
  description:
    'Public. `date` (IST, default today) and `airports` ("DEL,BOM"; omitted: all). A fog banner for each fog airport asked about on a dense-fog night, from 18:00 IST the evening before; a cancellations banner for an airline with at least 5 cancellations known, and 3 % of its flights, that day. Only dates from yesterday to tomorrow have banners.',
  request: { query: DisruptionBannersQuerySchema },
  responses: { 200: json(DisruptionBannersAnswerSchema, 'The banners (often none)'), 400: json(ErrorSchema, 'Bad date or airports') },
});

/** The disruption centre's routes. */
export function registerDisruptions(app: OpenApiApp) {
  app.openapi(viewRoute, async (c) => {
    const user = currentUser(c);
    const answer = await disruptionCentre(c.get('deps')).view(user.id, c.req.valid('param').id);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(alternativesRoute, async (c) => {
    const user = currentUser(c);
    const answer = await disruptionCentre(c.get('deps')).alternatives(user.id, c.req.valid('param').id, c.req.valid('query').disruptionId);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(rebookRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const bookingId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    try {
      const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'disruption-rebook', key, hash: requestHash({ bookingId, body }) }, async () => ({
        status: 201 as const,
        body: await disruptionCentre(deps).rebook({ userId: user.id, email: user.email, bookingId, disruptionId: body.disruptionId, flightId: body.flightId }),
      }));
      return sendStored(c, rebookRoute, answer);
    } catch (error) {
      // Not stored (a 409): the traveller may take the next option with the same key.
      if (!(error instanceof SoldOutError)) throw error;
      return sendStored(c, rebookRoute, { status: 409, body: { error: { code: 'conflict', reason: 'sold-out', message: error.message }, next: error.next } });
    }
  });

  app.openapi(refundRoute, async (c) => {
    const deps = c.get('deps');
    const user = currentUser(c);
    const bookingId = c.req.valid('param').id;
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    const answer = await withIdempotency(deps.database.db, deps.clock, { userId: user.id, scope: 'disruption-refund', key, hash: requestHash({ bookingId, body }) }, async () => ({
      status: 201 as const,
      body: await disruptionCentre(deps).refund({ userId: user.id, bookingId, disruptionId: body.disruptionId }),
    }));
    return sendStored(c, refundRoute, answer);
  });

  app.openapi(acceptRoute, async (c) => {
    const user = currentUser(c);
    const answer = await disruptionCentre(c.get('deps')).accept({ userId: user.id, bookingId: c.req.valid('param').id, disruptionId: c.req.valid('json').disruptionId });
    return c.json(answer, 200);
  });

  app.openapi(summaryRoute, async (c) => {
    const user = currentUser(c);
    const answer = await disruptionCentre(c.get('deps')).summary(user.id);
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(bannersRoute, (c) => {
    const deps = c.get('deps');
    const query = c.req.valid('query');
    const now = deps.clock.now();
    const date = query.date ?? indiaToday(now);
    const answer = disruptionBanners(deps.world, date, query.airports ? query.airports.split(',') : [], now);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(answer, 200);
  });
}
