import { z } from '@hono/zod-openapi';
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { BookingListSchema, BookingResponseSchema, CreateBookingBodySchema, PASSENGER_MESSAGES, PriceChangedBodySchema } from '../../core/booking';
import { AppError } from '../../core/errors';
import { BookingFareSchema } from '../../core/fares';
import { boardingPasses } from '../../db/schema';
import { PriceChangedError, notBookable } from '../../domain/booking/holds';
import { createSupplierHold } from '../../domain/suppliers/bookings';
import { supplierBookingDeps } from '../deps';
import { listBookings, loadBooking } from '../../domain/booking/views';
import { ticketPdfDataFromBooking } from '../../domain/documents/from-booking';
import { renderTicketPdf } from '../../domain/documents/ticket-pdf';
import { bookingFare } from '../../domain/fares/stored';
import { currentUser } from '../auth/require-user';
import { requestHash, sendStored, withKeyInTransaction } from '../idempotency';
import { type OpenApiApp, binary, BookingIdParams, ErrorSchema, IdempotencyHeaders, json } from '../openapi';
import { travellerRoute } from '../route-guard';

const createBookingRoute = travellerRoute({}, {
  method: 'post',
  path: '/api/bookings',
  operationId: 'createHold',
  tags: ['Bookings'],
  summary: 'Hold seats for 10 minutes: re-prices from the database and takes seats atomically',
  description:
    'Signed-in traveller only; requires an Idempotency-Key. Re-prices the itinerary from the database and takes the seats in one transaction. A changed fare answers 409 with the old and new totals unless `acceptPriceChange` is set. Replays with the same key answer the first result. A whole trip (a round trip, or every leg of a Multi-City plan) is sent as `journeys` instead of `itineraryId`: two or more in travel order, each with its own fare family, the passengers once and `quotedTotal` the whole trip\'s; every seat of every journey is held or none is, and a journey without the seats answers 409 sold-out naming it.',
  request: { headers: IdempotencyHeaders, body: { required: true, content: { 'application/json': { schema: CreateBookingBodySchema } } } },
  responses: {
    201: json(BookingResponseSchema, 'Booking held'),
    400: json(ErrorSchema, 'Invalid passengers or request'),
    401: json(ErrorSchema, 'Not signed in'),
    404: json(ErrorSchema, 'The itinerary no longer exists'),
    409: json(z.union([PriceChangedBodySchema, ErrorSchema]), 'price-changed (with oldTotal, newTotal, itinerary), sold-out (for a trip, naming the journey; nothing held), or idempotency_in_progress'),
    422: json(ErrorSchema, 'idempotency_mismatch'),
  },
});

const listRoute = travellerRoute({}, {
  method: 'get',
  path: '/api/bookings',
  operationId: 'listBookings',
  tags: ['Bookings'],
  summary: "The signed-in traveller's bookings, newest first",
  description: 'Signed-in traveller only. Every booking of the traveller (held, confirmed, cancelled, expired), newest first. Each carries `checkIn`: what the booking offers for web check-in now (`open` until `closesAt`, `not-open` until `opensAt`, `checked-in`, with the words in `message`), or null when nothing is left to check in on the web.',
  responses: { 200: json(BookingListSchema, 'Bookings'), 401: json(ErrorSchema, 'Not signed in') },
});

const getRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}',
  operationId: 'getBooking',
  tags: ['Bookings'],
  summary: 'One booking (404 for anyone but its traveller)',
  description: "Signed-in traveller only. Another traveller's booking id answers 404, exactly like an id that does not exist.",
  request: { params: BookingIdParams },
  responses: { 200: json(BookingResponseSchema, 'Booking'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

const ticketRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/ticket.pdf',
  operationId: 'downloadTicket',
  tags: ['Bookings'],
  summary: 'The e-ticket PDF: every passenger and leg, PNR, fare, ticket numbers',
  description: "Signed-in traveller only. Available once the booking is confirmed (409 before; a partly cancelled booking's ticket lists the passengers still travelling); another traveller's booking id answers 404.",
  request: { params: BookingIdParams },
  responses: { 200: binary('application/pdf', 'The e-ticket'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking'), 409: json(ErrorSchema, 'Not paid yet') },
});

const fareRoute = travellerRoute({ owns: 'booking' }, {
  method: 'get',
  path: '/api/bookings/{id}/fare',
  operationId: 'getBookingFare',
  tags: ['Bookings'],
  summary: 'The fare family as booked and the fare of every passenger and leg, line by line',
  description:
    "Signed-in traveller only; another traveller's booking id answers 404. `option` is the fare family option as booked (the families' data valid at the booking date; conditions for now), `fares` one row per passenger and leg (base, YQ, each tax, GST, Safar's fee if any; paise). A booking made before fare families gets rows derived from its price snapshot with the airline's first family.",
  request: { params: BookingIdParams },
  responses: { 200: json(BookingFareSchema, 'The booked fare family and fare lines'), 401: json(ErrorSchema, 'Not signed in'), 404: json(ErrorSchema, 'No such booking') },
});

/** A plain object whose values are strings, numbers, booleans or null (no nesting). */
function isFlatObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.values(value).every((v) => v === null || v === undefined || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean');
}

/** Itinerary ids of a remote supplier's offers start so (core/supplier-ids.ts). */
const SUPPLIER_PREFIX = 'duffel-';

/** Bookings: hold, list, read, e-ticket. */
export function registerBookings(app: OpenApiApp) {

  app.openapi(createBookingRoute, async (c) => {
    const { database, clock, checkout } = c.get('deps');
    const user = currentUser(c);
    const body = c.req.valid('json');
    const key = c.req.valid('header')['idempotency-key'];
    // Each passenger is one flat object of plain values; anything deeper is refused before it is hashed or stored.
    if (!body.passengers.every(isFlatObject)) {
      throw new AppError('validation_failed', PASSENGER_MESSAGES.formToast, { passengers: 'Each passenger must be an object of text fields' });
    }
    try {
      const answer = await withKeyInTransaction(
        database.db,
        clock,
        { userId: user.id, scope: 'create-booking', key, hash: requestHash(body) },
        (booking) => ({ status: 201, body: { booking } }),
        (idempotency) => {
          const common = { userId: user.id, passengers: body.passengers, quotedTotal: body.quotedTotal, acceptPriceChange: body.acceptPriceChange, idempotency };
          // The schema lets exactly one of the two through: one itinerary, or a whole trip.
          if (body.journeys) return checkout.holdTrip({ ...common, journeys: body.journeys });
          // A remote supplier's offer is held on Safar's side after pricing it again (decision 0064).
          if (body.itineraryId?.startsWith(SUPPLIER_PREFIX)) {
            const deps = c.get('deps');
            if (deps.supplier.id === 'world') throw notBookable();
            return createSupplierHold(supplierBookingDeps(deps, deps.supplier), { ...common, itineraryId: body.itineraryId, holdMs: checkout.holdMs });
          }
          return checkout.hold({ ...common, itineraryId: body.itineraryId ?? '', fareFamily: body.fareFamily });
        },
      );
      return sendStored(c, createBookingRoute, answer);
    } catch (error) {
      // Not stored: the next try with this key may find the fare unchanged.
      if (!(error instanceof PriceChangedError)) throw error;
      return sendStored(c, createBookingRoute, {
        status: 409,
        body: { error: { code: error.code, reason: error.reason, message: error.message }, oldTotal: error.oldTotal, newTotal: error.newTotal, itinerary: error.itinerary },
      });
    }
  });

  app.openapi(listRoute, async (c) => {
    const user = currentUser(c);
    c.header('Cache-Control', 'no-store');
    const deps = c.get('deps');
    const bookings = await listBookings(deps.database.db, user.id);
    const checkIn = await deps.checkIn.summaries(bookings);
    return c.json({ bookings: bookings.map((booking) => ({ ...booking, checkIn: checkIn.get(booking.id) ?? null })) }, 200);
  });

  app.openapi(getRoute, async (c) => {
    const user = currentUser(c);
    const booking = await loadBooking(c.get('deps').database.db, c.req.valid('param').id, user.id);
    if (!booking) throw new AppError('not_found', 'Booking not found');
    c.header('Cache-Control', 'no-store');
    return c.json({ booking }, 200);
  });

  app.openapi(fareRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const user = currentUser(c);
    const booking = await loadBooking(database.db, c.req.valid('param').id, user.id);
    if (!booking) throw new AppError('not_found', 'Booking not found');
    c.header('Cache-Control', 'no-store');
    return c.json(await bookingFare(database.db, booking, clock.now()), 200);
  });

  app.openapi(ticketRoute, async (c) => {
    const { database, clock } = c.get('deps');
    const user = currentUser(c);
    const booking = await loadBooking(database.db, c.req.valid('param').id, user.id);
    if (!booking) throw new AppError('not_found', 'Booking not found');
    if (booking.status !== 'confirmed' && booking.status !== 'partly_cancelled') throw new AppError('conflict', 'The e-ticket is ready once payment is confirmed.');
    const [firstPass] = await database.db
      .select({ bcbp: boardingPasses.bcbp })
      .from(boardingPasses)
      .where(and(eq(boardingPasses.bookingId, booking.id), isNull(boardingPasses.voidedAt), isNotNull(boardingPasses.checkedInAt)))
      .orderBy(asc(boardingPasses.legIndex), asc(boardingPasses.createdAt))
      .limit(1);
    const pdf = await renderTicketPdf(ticketPdfDataFromBooking(booking, await bookingFare(database.db, booking, clock.now()), { contactEmail: user.email, bcbp: firstPass?.bcbp ?? null }));
    return c.body(pdf.slice().buffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="safar-ticket-${booking.pnr}.pdf"`,
      'Cache-Control': 'private, no-store',
    });
  });
}
