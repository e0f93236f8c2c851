import { randomUUID } from 'node:crypto';
import type { BoardingPassView, BookingView, PassengerInput } from '../../src/core/booking';
import type { CompactSearchResponse, Itinerary } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import { jsonHeaders } from './test-app';

/** Anything with Hono's in-process `request`. */
interface RequestableApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

export const ADULT: PassengerInput = { title: 'Mr', firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24', type: 'Adult', mobileNo: '9876543210', aadharCard: '234123412346' };
export const CHILD: PassengerInput = { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '2018-03-02', type: 'Child' };
export const INFANT: PassengerInput = { title: 'Ms', firstName: 'Mira', lastName: 'Sharma', dob: '2026-01-15', type: 'Infant' };

/**
 * The first direct itinerary a search returns (real world, real fares).
 * @example const it = await findItinerary(app, { from: 'DEL', to: 'BOM', date: '2026-12-24' })
 */
export async function findItinerary(app: RequestableApp, query: { from: string; to: string; date: string; adults?: number; children?: number; infants?: number; stops?: number }): Promise<Itinerary> {
  const params = new URLSearchParams({ from: query.from, to: query.to, date: query.date, adults: String(query.adults ?? 1), children: String(query.children ?? 0), infants: String(query.infants ?? 0) });
  const res = await app.request(`/api/search?${params.toString()}`);
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${await res.text()}`);
  const body = expandSearchResponse((await res.json()) as CompactSearchResponse);
  const found = body.itineraries.find((i) => i.stops === (query.stops ?? 0));
  if (!found) throw new Error(`no itinerary with ${query.stops ?? 0} stops for ${params.toString()}`);
  return found;
}

/**
 * Every direct itinerary a search returns (real world, real fares), cheapest first as the answer orders them.
 * @example const all = await directItineraries(app, { from: 'DEL', to: 'BOM', date: '2026-12-24' })
 */
export async function directItineraries(app: RequestableApp, query: { from: string; to: string; date: string }): Promise<Itinerary[]> {
  const params = new URLSearchParams({ from: query.from, to: query.to, date: query.date, adults: '1', children: '0', infants: '0' });
  const res = await app.request(`/api/search?${params.toString()}`);
  if (res.status !== 200) throw new Error(`search failed: ${res.status} ${await res.text()}`);
  return expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.filter((i) => i.stops === 0);
}

export function authed(cookie: string, extra: Record<string, string> = {}) {
  return jsonHeaders({ Cookie: cookie, ...extra });
}

/** POST /api/bookings with a fresh Idempotency-Key unless one is given. */
export async function postBooking(app: RequestableApp, cookie: string, body: unknown, key: string = randomUUID()) {
  const res = await app.request('/api/bookings', { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { booking: BookingView } & { error?: { code: string; reason?: string; message: string; fields?: Record<string, string> }; oldTotal?: number; newTotal?: number } };
}

/**
 * Hold → order → sandbox card payment → confirm, through the HTTP API. Returns each step's answer.
 * @example const { confirm } = await bookAndPay(app, cookie, itinerary, [ADULT])
 */
export async function bookAndPay(app: RequestableApp, cookie: string, itinerary: Itinerary, passengers: PassengerInput[], options: { method?: 'card' | 'upi'; upiId?: string } = {}) {
  const hold = await postBooking(app, cookie, { itineraryId: itinerary.id, passengers, quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
  if (hold.status !== 201) throw new Error(`hold failed: ${hold.status} ${JSON.stringify(hold.body)}`);
  const bookingId = hold.body.booking.id;
  const order = await payOrder(app, cookie, bookingId, options);
  const pay = await sandboxPay(app, order.orderId, options.method === 'upi' ? { method: 'upi', upiId: options.upiId ?? 'success@sandbox' } : undefined);
  if (pay.status !== 200) throw new Error(`sandbox pay failed: ${pay.status} ${JSON.stringify(pay.body)}`);
  const confirm = await confirmBooking(app, cookie, bookingId, pay.body);
  return { hold: hold.body.booking, order, pay: pay.body, confirm };
}

export async function payOrder(app: RequestableApp, cookie: string, bookingId: string, options: { method?: 'card' | 'upi'; upiId?: string } = {}) {
  const res = await app.request(`/api/bookings/${bookingId}/payments`, {
    method: 'POST',
    headers: authed(cookie),
    body: JSON.stringify(options.method === 'upi' ? { method: 'upi', upiId: options.upiId ?? 'success@sandbox' } : { method: 'card' }),
  });
  if (res.status !== 201) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { payment: { orderId: string; amountPaise: number; description: string; prefill: { email: string; contact: string } } }).payment;
}

export const GOOD_CARD = { number: '4111 1111 1111 1111', expiry: '12/30', cvv: '123', name: 'Rahul Sharma' };

export async function sandboxPay(app: RequestableApp, orderId: string, body: Record<string, unknown> = { method: 'card', card: GOOD_CARD }) {
  const res = await app.request('/api/payments/sandbox/pay', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ orderId, ...body }) });
  return { status: res.status, body: (await res.json()) as { paymentId: string; orderId: string; signature: string } & { error?: { code: string; reason?: string; message: string } } };
}

export async function confirmBooking(app: RequestableApp, cookie: string, bookingId: string, payment: { orderId: string; paymentId: string; signature: string }, key: string = randomUUID()) {
  const res = await app.request(`/api/bookings/${bookingId}/confirm`, {
    method: 'POST',
    headers: authed(cookie, { 'Idempotency-Key': key }),
    body: JSON.stringify({ orderId: payment.orderId, paymentId: payment.paymentId, signature: payment.signature }),
  });
  return { status: res.status, body: (await res.json()) as { booking: BookingView } & { error?: { code: string; reason?: string; message: string } } };
}

/** POST /api/bookings/{id}/check-in (one leg, the positions given) with a fresh Idempotency-Key unless one is given. */
export async function checkIn(app: RequestableApp, cookie: string, bookingId: string, body: { legIndex: number; passengers: { position: number; documents?: { passportNumber: string; nationality: string; expiresOn: string }; seat?: string }[] } = { legIndex: 0, passengers: [{ position: 0 }] }, key: string = randomUUID()) {
  const res = await app.request(`/api/bookings/${bookingId}/check-in`, { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { legIndex: number; passes: BoardingPassView[] } & { error?: { code: string; reason?: string; message: string; fields?: Record<string, string> } } };
}
