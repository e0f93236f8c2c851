import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, confirmBooking, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { type DuffelApp, duffelAppPerTest, duffelSearch } from '../../../tests/support/duffel-app';
import type { BookingFare } from '../../core/fares';
import type { CancellationQuoteAnswer } from '../../core/trip-changes';
import type { BookingView } from '../../core/booking';
import { toInr } from '../../core/fx';
import type { SeatMapAnswer } from '../../core/seats';
import { bookings, payments } from '../../db/schema';
import { NO_SUPPLIER_SEAT_MAP } from '../../domain/suppliers/seats';

const start = duffelAppPerTest();

/** A held Duffel booking for one adult on the Flex fare of a route. */
async function hold(app: DuffelApp['app'], cookie: string, from = 'DEL', to = 'BOM') {
  const { itineraries } = await duffelSearch(app, from, to);
  const it = itineraries.find((i) => i.supplier?.fareBrand === 'Flex') ?? itineraries[0];
  if (!it) throw new Error(`no offers ${from}-${to}`);
  const held = await postBooking(app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total, acceptPriceChange: true });
  if (held.status !== 201) throw new Error(JSON.stringify(held.body));
  return (held.body as { booking: BookingView }).booking;
}

const seatMap = async (app: DuffelApp['app'], cookie: string, booking: BookingView, legIndex = 0) => {
  const res = await app.request(`/api/flights/${encodeURIComponent(booking.itinerary.legs[legIndex]?.flightId ?? '')}/seat-map?booking=${booking.id}`, { headers: authed(cookie) });
  return { status: res.status, body: (await res.json()) as SeatMapAnswer & { error?: { message: string; reason?: string } } };
};
const choose = async (app: DuffelApp['app'], cookie: string, bookingId: string, choices: unknown[]) => {
  const res = await app.request(`/api/bookings/${bookingId}/seats`, { method: 'PUT', headers: authed(cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ choices }) });
  return { status: res.status, body: (await res.json()) as { totalInr: number; seatsPaise: number; seats: { seat: string; pricePaise: number }[]; error?: { message: string; fields?: Record<string, string> } } };
};
const readBooking = async (app: DuffelApp['app'], cookie: string, id: string) => ((await (await app.request(`/api/bookings/${id}`, { headers: authed(cookie) })).json()) as { booking: BookingView }).booking;

describe('Duffel mode: seats from the airline’s seat map (contract fake)', () => {
  it('the seat map in the world’s shape with rupee prices and the conversion named; a paid seat joins the total and the breakdown, is ordered as a service and confirmed on the ticket', async () => {
    const { app, cookie, fake, database } = await start();
    const booking = await hold(app, cookie);
    const { status, body: map } = await seatMap(app, cookie, booking);
    expect(status).toBe(200);
    expect(map.supplier).toMatchObject({ currency: 'GBP', conversion: { from: 'GBP', source: expect.any(String), asOf: expect.any(String) } });
    expect(map.map.blocks).toEqual([['A', 'B', 'C'], ['D', 'E', 'F']]);
    expect(map.map.rows.find((r) => r.row === 12)?.seats[0]).toMatchObject({ letter: 'A', kind: 'window', tags: ['exit'] });
    expect(map.free).toBe(map.seats.filter((s) => s.state === 'free').length);
    // The fake prices rows 1–19 at £20 (row 12 £30) and rows 20+ free.
    for (const s of map.seats.filter((x) => x.state === 'free')) {
      const row = Number(/^\d+/.exec(s.seat)?.[0]);
      const pounds = row === 12 ? 3000 : row >= 20 ? 0 : 2000;
      expect(s.pricePaise).toBe(Math.ceil(toInr({ amountMinor: pounds, currency: 'GBP' }).paise / 100) * 100);
    }
    const paid = map.seats.find((s) => s.state === 'free' && s.pricePaise > 0 && !s.seat.startsWith('12'));
    if (!paid) throw new Error('no paid seat for sale');
    // The map is the one kept for the offer: asking again does not ask the airline again.
    const asked = fake.requests.filter((r) => r.path.startsWith('/air/seat_maps')).length;
    const chosen = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: paid.seat }]);
    expect(chosen.status).toBe(200);
    expect(fake.requests.filter((r) => r.path.startsWith('/air/seat_maps')).length).toBe(asked);
    expect(chosen.body).toMatchObject({ totalInr: booking.totalInr + paid.pricePaise / 100, seatsPaise: paid.pricePaise, seats: [{ seat: paid.seat, pricePaise: paid.pricePaise }] });
    const after = await seatMap(app, cookie, booking);
    expect(after.body.seats.find((s) => s.seat === paid.seat)?.state).toBe('held');
    expect(Object.values(after.body.chosen)).toEqual([paid.seat]);
    // The breakdown has the seat as its own line and adds up to the new total.
    const fare = (await (await app.request(`/api/bookings/${booking.id}/fare`, { headers: authed(cookie) })).json()) as BookingFare;
    expect(fare.fares.flatMap((f) => f.lines).find((l) => l.code === 'seat')).toMatchObject({ label: `Seat ${paid.seat}`, paise: paid.pricePaise });
    expect(fare.fares.reduce((n, f) => n + f.totalPaise, 0)).toBe(chosen.body.totalInr * 100);

    const order = await payOrder(app, cookie, booking.id);
    expect(order.amountPaise).toBe(chosen.body.totalInr * 100);
    const confirmed = await confirmBooking(app, cookie, booking.id, (await sandboxPay(app, order.orderId)).body);
    expect(confirmed.status).toBe(200);
    const orderId = confirmed.body.booking.supplier?.orderId ?? '';
    const placed = fake.requests.find((r) => r.method === 'POST' && r.path === '/air/orders');
    expect(placed?.body).toMatchObject({ data: { services: [{ id: expect.stringMatching(/^ase_/), quantity: 1 }] } });
    const duffelOrder = fake.order(orderId);
    expect(duffelOrder?.services).toEqual([expect.objectContaining({ type: 'seat', metadata: expect.objectContaining({ designator: paid.seat }) })]);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    const offerMinor = booking.itinerary.supplier?.totalMinor ?? 0;
    // What Safar owes the airline: the offer and its seat service.
    expect(row?.supplierTotalMinor).toBe(offerMinor + 2000);
    const ticket = await readBooking(app, cookie, booking.id);
    expect(ticket.supplier?.seats).toEqual([{ passengerId: ticket.passengers[0]?.id, legIndex: 0, seat: paid.seat, pricePaise: paid.pricePaise, confirmed: true }]);
    // Cancelling counts the seat in what was paid: every rupee is refunded or kept, none left out.
    const quoted = await app.request(`/api/bookings/${booking.id}/cancellation-quote`, { headers: authed(cookie) });
    expect(quoted.status).toBe(200);
    const { quote } = (await quoted.json()) as CancellationQuoteAnswer;
    expect(quote.paidPaise).toBe(chosen.body.totalInr * 100);
    expect(quote.refundPaise + quote.retainedPaise).toBe(chosen.body.totalInr * 100);
  });

  it('skipping costs nothing and orders no services; seats can be dropped again; a seat the airline does not sell or an exit seat without its conditions is 400', async () => {
    const { app, cookie, fake } = await start();
    const booking = await hold(app, cookie, 'DEL', 'BLR');
    const { body: map } = await seatMap(app, cookie, booking);
    const taken = map.seats.find((s) => s.state === 'taken');
    const exit = map.seats.find((s) => s.state === 'free' && s.seat.startsWith('12'));
    const free = map.seats.find((s) => s.state === 'free' && s.pricePaise === 0);
    if (!taken || !free) throw new Error('the fake map has no taken or free seat');
    const refused = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: taken.seat }]);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.fields?.['choices.0.seat']).toBe(`Seat ${taken.seat} is not available on this flight. Please pick another seat.`);
    if (exit) {
      const noConditions = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: exit.seat }]);
      expect(noConditions.status).toBe(400);
      expect(noConditions.body.error?.fields?.['choices.0.seat']).toMatch(/exit-row conditions/);
    }
    expect((await choose(app, cookie, booking.id, [{ passengerPosition: 1, legIndex: 0, seat: free.seat }])).status).toBe(400);
    const freeChoice = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: free.seat }]);
    expect(freeChoice.body).toMatchObject({ totalInr: booking.totalInr, seatsPaise: 0 });
    const dropped = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: null }]);
    expect(dropped.body).toMatchObject({ totalInr: booking.totalInr, seatsPaise: 0, seats: [] });

    const order = await payOrder(app, cookie, booking.id);
    expect(order.amountPaise).toBe(booking.totalInr * 100);
    const confirmed = await confirmBooking(app, cookie, booking.id, (await sandboxPay(app, order.orderId)).body);
    expect(confirmed.status).toBe(200);
    const placed = fake.requests.find((r) => r.method === 'POST' && r.path === '/air/orders');
    expect(placed?.body).not.toMatchObject({ data: { services: expect.anything() } });
    expect(confirmed.body.booking.supplier?.seats).toEqual([]);
  });

  it('a seat gone before ordering: the airline refuses the order, the booking fails and the payment is refunded', async () => {
    const { app, cookie, database } = await start();
    const first = await hold(app, cookie, 'BOM', 'DEL');
    const { body: map } = await seatMap(app, cookie, first);
    const seat = map.seats.find((s) => s.state === 'free' && !s.seat.startsWith('12'));
    if (!seat) throw new Error('no free seat');
    // The same offer's seat chosen on two bookings of the same traveller: the first order takes it, the second is refused.
    const other = await hold(app, cookie, 'BOM', 'DEL');
    expect((await choose(app, cookie, first.id, [{ passengerPosition: 0, legIndex: 0, seat: seat.seat }])).status).toBe(200);
    expect((await choose(app, cookie, other.id, [{ passengerPosition: 0, legIndex: 0, seat: seat.seat }])).status).toBe(200);
    for (const [booking, outcome] of [[first, 200], [other, 409]] as const) {
      const order = await payOrder(app, cookie, booking.id);
      const answer = await confirmBooking(app, cookie, booking.id, (await sandboxPay(app, order.orderId)).body);
      expect(answer.status).toBe(outcome);
    }
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, other.id));
    expect(row).toMatchObject({ status: 'cancelled', supplierOrderState: 'failed' });
    const [payment] = await database.db.select().from(payments).where(eq(payments.bookingId, other.id));
    expect(['refunding', 'refunded']).toContain(payment?.status);
  });

  it('no seat map from the airline is 404 with words to go on without seats; an airline outage is 503; never 500', async () => {
    const { app, cookie, fake, deps } = await start();
    const booking = await hold(app, cookie, 'BLR', 'DEL');
    fake.failNext({ status: 500, type: 'api_error', code: 'internal_server_error' }, 2);
    const down = await seatMap(app, cookie, booking);
    expect(down.status).toBe(503);
    const downChoice = await choose(app, cookie, booking.id, [{ passengerPosition: 0, legIndex: 0, seat: '20A' }]);
    expect(downChoice.status).toBe(503);
    if (deps.supplier.id === 'world') throw new Error('not duffel');
    vi.spyOn(deps.supplier.api, 'seatMaps').mockResolvedValueOnce([]);
    const none = await seatMap(app, cookie, booking);
    expect(none.status).toBe(404);
    expect(none.body.error).toMatchObject({ message: NO_SUPPLIER_SEAT_MAP, reason: 'no-seat-map' });
    // Another traveller's booking is not found.
    const stranger = await signUpAndLogin(app);
    expect((await seatMap(app, stranger.cookie, booking)).status).toBe(404);
  });
});
