/// <reference types="@duffel/api" />
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type {
  AirlineInitiatedChange,
  CabinClass,
  Offer,
  OfferRequest,
  Order,
  OrderCancellation,
  OrderChange,
  OrderChangeOffer,
  OrderSlice,
  Payment,
  SeatMap,
} from '@duffel/api/types';
import { AIRPORTS, BRANDS, buildOffer, buildSeatMaps, buildSlice, decimal, idMaker, minorOf, seeded, shiftSlice, toOrderSlice, type SeatService, type SliceRequest } from './data';

/**
 * A contract fake of Duffel's Flights API (v2) as a real HTTP server on loopback, written from
 * Duffel's documented shapes (shared/design/supplier-duffel.md). Deterministic for a seed and a clock.
 *
 * Every request: `Duffel-Version: v2` (else 400 `missing_version_header`), `Authorization: Bearer <token>`
 * (else 401), JSON answers always with `x-request-id` and `ratelimit-limit/remaining/reset` headers,
 * errors as `{ errors: [{ type, code, title, message, documentation_url, source? }], meta: { status, request_id } }`.
 *
 * Duffel Airways' test routes behave as documented: PVD→RAI no offers; JFK→EWR every offer holdable;
 * LHR→DXB connects; BTS→MRU no baggage; STN→LHR search times out (504); DXB→AMS has a technical stop;
 * BTS→ABV no extras; LGW→LHR offers are gone when read (422); LHR→STN prices rise 10.00 on every read;
 * LHR→LGW order creation fails (502 `airline_unknown`); LGW→STN orders are refused (422 `insufficient_balance`);
 * LHR→LTN orders receive an airline-initiated change; LTN→SYD cancellations refund to airline credits.
 *
 * Codes the documentation does not name are the fake's own and marked "fake:" where used.
 */

/** The Order the fake sends: the client's `Order` with the fields its types get wrong (§10.5) as the API sends them. */
export type FakeOrder = Omit<Order, 'payment_status' | 'cancellation'> & {
  type: 'instant' | 'hold';
  payment_status: { awaiting_payment: boolean; payment_required_by: string | null; price_guarantee_expires_at: string | null; paid_at: string | null };
  cancellation: FakeCancellation | null;
  changes: FakeOrderChange[];
};
/** The client types `confirmed_at`/`expires_at` as always set; before confirmation the API sends null. */
export type FakeCancellation = Omit<OrderCancellation, 'confirmed_at'> & { confirmed_at: string | null };
/** The API sends `penalty_total_*` (the client's types say `penalty_*`) and full order slices. */
export type FakeChangeOffer = Omit<OrderChangeOffer, 'penalty_amount' | 'penalty_currency' | 'slices' | 'order_change_id' | 'change_total_amount' | 'change_total_currency'> & {
  order_change_id: string | null;
  change_total_amount: string;
  change_total_currency: string;
  penalty_total_amount: string;
  penalty_total_currency: string;
  slices: { add: OrderSlice[]; remove: OrderSlice[] };
};
type FakeOrderChange = Omit<OrderChange, 'slices' | 'refund_to'> & { refund_to: 'voucher' | 'original_form_of_payment' | null; slices: { add: OrderSlice[]; remove: OrderSlice[] } };
/** The API returns the payment's `status`, which the client's type leaves out. */
export type FakePayment = Payment & { live_mode: boolean; status: 'succeeded' };
interface FakeWebhookEvent {
  id: string;
  type: string;
  api_version: 'v2';
  live_mode: boolean;
  created_at: string;
  idempotency_key: string;
  identity_organisation_id: string;
  data: { object: Record<string, unknown> };
}

interface OfferState {
  json: Offer;
  route: string;
  soldOut: boolean;
  /** Raised by the LHR→STN route on every read. */
  repriced: boolean;
  requestId: string;
}

interface OrderState {
  json: FakeOrder;
  route: string;
  offer: OfferState;
  latestCancellation: string | null;
  repricedTo: number | null;
}

interface FakeFailure {
  status: number;
  type: string;
  code: string;
  headers?: Record<string, string>;
}

export interface DuffelFakeOptions {
  token?: string;
  seed?: number;
  /** The fake's clock start (ms); it moves only when told (`advance`). */
  now?: number;
  currency?: string;
  rateLimit?: number;
  /** Loopback port to listen on; 0 (the default) takes a free one. */
  port?: number;
  /**
   * Requests under `/_fake/` are answered here instead of by the API (no version, token or rate-limit
   * rules, not recorded): the loopback controls of `scripts/duffel-fake.ts`. Unset, they are unknown paths.
   */
  control?: (request: { method: string; path: string; query: URLSearchParams; body: unknown }) => Promise<{ status: number; body: unknown }>;
}

export interface DuffelFake {
  url: string;
  token: string;
  /** Every request the fake received (method, path with query, headers). */
  requests: { method: string; path: string; headers: Record<string, string | string[] | undefined>; body: unknown }[];
  now(): number;
  advance(ms: number): void;
  /** The next `count` requests answer 429 with `ratelimit-remaining: 0` and a reset `resetSeconds` away. */
  rateLimitNext(count?: number, resetSeconds?: number): void;
  /** The next request's answer says `ratelimit-remaining: 0` (a reset `resetSeconds` away), then the count restarts. */
  exhaustRateLimit(resetSeconds: number): void;
  /** The next `count` requests answer this error. */
  failNext(failure: FakeFailure, count?: number): void;
  /** The next request answers only after `ms` of real time. */
  delayNext(ms: number): void;
  /** The next order creation fails this way; `internal_server_error` still creates the order (the outcome a 500 leaves unknown). */
  failNextOrder(code: 'order_not_created' | 'internal_server_error'): void;
  /** The next cancellation confirmation fails this way: its quote expired (nothing cancelled), or a 500 after the order was cancelled. */
  failNextCancellation(code: 'order_cancellation_expired' | 'internal_server_error'): void;
  sellOut(offerId: string): void;
  /** Change offers to a cheaper flight pay the difference back: as a voucher (the default) or to the original form of payment. */
  payBackChanges(to: 'voucher' | 'original_form_of_payment'): void;
  /** The price of a held order moves (before payment). */
  repriceOrder(orderId: string, totalMinor: number): void;
  /** The airline moves an order's flights by `minutes`; returns the change and the webhook event Duffel sends. */
  airlineChange(orderId: string, minutes: number): { change: AirlineInitiatedChange; event: FakeWebhookEvent };
  order(orderId: string): FakeOrder | undefined;
  event(type: string, object: Record<string, unknown>): FakeWebhookEvent;
  /** The body and `X-Duffel-Signature` header Duffel would send; `tamper` signs with another secret, `timestamp` overrides `t`. */
  sign(event: FakeWebhookEvent, secret: string, options?: { timestamp?: number; tamper?: boolean }): { body: string; signature: string };
  /** POSTs a signed event to a receiver. */
  deliver(url: string, event: FakeWebhookEvent, secret: string, options?: { timestamp?: number; tamper?: boolean }): Promise<number>;
  close(): Promise<void>;
}

class Failure extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const NAME = /^[A-Za-z\u00C0-\u017F '-]{1,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const CABINS: CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function invalid(code: 'validation_required' | 'validation_format' | 'validation_inclusion', field: string): Failure {
  return new Failure(422, 'validation_error', code, `Field '${field}' is ${code === 'validation_required' ? 'required' : 'invalid'}`, field);
}

export async function startDuffelFake(options: DuffelFakeOptions = {}): Promise<DuffelFake> {
  const token = options.token ?? 'duffel_test_contractfake0000000000';
  const currency = options.currency ?? 'GBP';
  const limit = options.rateLimit ?? 4000;
  const random = seeded(options.seed ?? 20261126);
  const id = idMaker(random);
  let clock = options.now ?? Date.parse('2027-01-10T08:00:00Z');
  const iso = (ms = clock) => new Date(ms).toISOString();

  const offerRequests = new Map<string, { json: OfferRequest; offers: string[] }>();
  const offers = new Map<string, OfferState>();
  const seatServices = new Map<string, SeatService>();
  const takenSeats = new Set<string>();
  const orders = new Map<string, OrderState>();
  const cancellations = new Map<string, FakeCancellation>();
  let payBackTo: 'voucher' | 'original_form_of_payment' = 'voucher';
  const changeRequests = new Map<string, { id: string; order_id: string; live_mode: boolean; slices: unknown; order_change_offers: FakeChangeOffer[]; created_at: string; updated_at: string }>();
  const changeOffers = new Map<string, FakeChangeOffer & { order_id: string }>();
  const orderChanges = new Map<string, FakeOrderChange>();
  const aics = new Map<string, AirlineInitiatedChange>();
  const requests: DuffelFake['requests'] = [];
  const failures: FakeFailure[] = [];
  let rateLimited = 0;
  let rateResetSeconds = 30;
  let exhaustIn: number | null = null;
  let delayMs = 0;
  let orderFailure: 'order_not_created' | 'internal_server_error' | null = null;
  let cancellationFailure: 'order_cancellation_expired' | 'internal_server_error' | null = null;
  let used = 0;
  let window = Math.floor(clock / 60_000);

  function rateHeaders(): Record<string, string> {
    const minute = Math.floor(clock / 60_000);
    if (minute !== window) {
      window = minute;
      used = 0;
    }
    used++;
    if (exhaustIn !== null) {
      const reset = iso(clock + exhaustIn * 1000);
      exhaustIn = null;
      return { 'ratelimit-limit': String(limit), 'ratelimit-remaining': '0', 'ratelimit-reset': new Date(reset).toUTCString() };
    }
    return { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(Math.max(0, limit - used)), 'ratelimit-reset': new Date((minute + 1) * 60_000).toUTCString() };
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const requestId = id('req').slice(4);
    const payload = body === null ? '' : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': requestId, ...headers });
    res.end(payload);
  }

  function sendError(res: ServerResponse, status: number, type: string, code: string, message: string, headers: Record<string, string> = {}, field?: string): void {
    send(
      res,
      status,
      {
        errors: [{ type, code, title: code.replace(/_/g, ' '), message, documentation_url: `https://duffel.com/docs/api/overview/errors#${code}`, ...(field ? { source: { field, pointer: `/${field.replace(/[[\].]+/g, '/')}` } } : {}) }],
        meta: { status, request_id: id('req').slice(4) },
      },
      headers,
    );
  }

  // ---- search ----------------------------------------------------------------------------------

  function createOfferRequest(body: Record<string, unknown>): OfferRequest {
    const slices = list(body.slices);
    if (slices.length === 0) throw invalid('validation_required', 'slices');
    const parsedSlices: SliceRequest[] = slices.map((s, i) => {
      if (!isRecord(s)) throw invalid('validation_format', `slices[${i}]`);
      const origin = text(s.origin);
      const destination = text(s.destination);
      const date = text(s.departure_date);
      if (!origin) throw invalid('validation_required', `slices[${i}].origin`);
      if (!destination) throw invalid('validation_required', `slices[${i}].destination`);
      if (!date) throw invalid('validation_required', `slices[${i}].departure_date`);
      // fake: the fake knows only its own airports.
      if (!AIRPORTS.has(origin)) throw invalid('validation_format', `slices[${i}].origin`);
      if (!AIRPORTS.has(destination)) throw invalid('validation_format', `slices[${i}].destination`);
      if (!DATE.test(date)) throw invalid('validation_format', `slices[${i}].departure_date`);
      return { origin, destination, departure_date: date };
    });
    const passengersIn = list(body.passengers);
    if (passengersIn.length === 0) throw invalid('validation_required', 'passengers');
    const passengers: OfferRequest['passengers'] = passengersIn.map((p, i) => {
      if (!isRecord(p)) throw invalid('validation_format', `passengers[${i}]`);
      if (p.type !== undefined && p.age !== undefined) throw invalid('validation_format', `passengers[${i}]`);
      if (p.type === 'adult') return { id: id('pas'), type: 'adult' };
      if (typeof p.age === 'number' && Number.isInteger(p.age) && p.age >= 0 && p.age < 18) return { id: id('pas'), age: p.age, type: p.age < 2 ? 'infant_without_seat' : 'child' };
      throw invalid('validation_inclusion', `passengers[${i}].type`);
    });
    const cabin = body.cabin_class === undefined ? 'economy' : CABINS.find((c) => c === body.cabin_class);
    if (!cabin) throw invalid('validation_inclusion', 'cabin_class');
    const route = parsedSlices.map((s) => `${s.origin}-${s.destination}`).join(',');
    if (route === 'STN-LHR') throw new Failure(504, 'api_error', 'gateway_timeout_error', 'The search timed out');

    const requestId = id('orq');
    const made: string[] = [];
    if (route !== 'PVD-RAI') {
      const payers = passengers.filter((p) => p.type !== 'infant_without_seat').length;
      for (const [index, brand] of BRANDS.entries()) {
        for (const hour of [7, 13]) {
          const holdable = route === 'JFK-EWR' ? { ...brand, instantOnly: false } : brand;
          const ctx = { id, random, passengerIds: passengers.map((p) => p.id), cabin, brand: holdable, hour, noBaggage: route === 'BTS-MRU' };
          const perPassenger = 9000 + index * 3500 + (hour === 7 ? 0 : 1200) + Math.floor(random() * 10) * 100;
          const offer = buildOffer({
            ctx,
            slices: parsedSlices,
            passengers: passengers.map((p) => ({ id: p.id, type: p.type ?? null, age: p.age ?? null, fare_type: null })),
            currency,
            now: clock,
            baseMinor: perPassenger * payers * parsedSlices.length,
            taxMinor: 2178 * payers * parsedSlices.length,
            withServices: route !== 'BTS-ABV' && route !== 'BTS-MRU',
          });
          offers.set(offer.id, { json: offer, route, soldOut: false, repriced: false, requestId });
          made.push(offer.id);
        }
      }
    }
    const json: OfferRequest = {
      id: requestId,
      live_mode: false,
      created_at: iso(),
      cabin_class: cabin,
      slices: parsedSlices.map((s) => {
        const origin = AIRPORTS.get(s.origin);
        const destination = AIRPORTS.get(s.destination);
        if (!origin || !destination) throw invalid('validation_format', 'slices');
        return { origin, destination, origin_type: 'airport', destination_type: 'airport', departure_date: s.departure_date };
      }),
      passengers,
      offers: made.flatMap((offerId) => {
        const offer = offers.get(offerId)?.json;
        if (!offer) return [];
        const { available_services: _services, ...rest } = offer;
        return [rest];
      }),
    };
    offerRequests.set(requestId, { json, offers: made });
    return json;
  }

  /** An offer that can still be booked (not expired, not sold out, not on the vanishing route). */
  function liveOffer(offerId: string): OfferState {
    const offer = offers.get(offerId);
    if (!offer) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    if (offer.soldOut || offer.route === 'LGW-LHR' || Date.parse(offer.json.expires_at) <= clock) {
      throw new Failure(422, 'invalid_state_error', 'offer_no_longer_available', 'The offer is no longer available; search again');
    }
    return offer;
  }

  function readOffer(offerId: string, withServices: boolean): Offer {
    const offer = liveOffer(offerId);
    if (offer.route === 'LHR-STN') {
      const total = minorOf(offer.json.total_amount) + 1000;
      offer.json = { ...offer.json, total_amount: decimal(total), base_amount: decimal(minorOf(offer.json.base_amount) + 1000) };
      offer.repriced = true;
    }
    return withServices ? offer.json : { ...offer.json, available_services: [] };
  }

  // ---- orders ----------------------------------------------------------------------------------

  function documentsFor(order: FakeOrder): FakeOrder['documents'] {
    return order.passengers.map((p, i) => ({ type: 'electronic_ticket', unique_identifier: `125${String(2100000000 + Math.floor(random() * 99999999) + i)}`, passenger_ids: [p.id] }));
  }

  function actionsFor(offer: OfferState, paid: boolean): FakeOrder['available_actions'] {
    const changeable = paid && offer.json.conditions.change_before_departure?.allowed === true;
    return changeable ? ['cancel', 'change', 'update'] : ['cancel', 'update'];
  }

  function createOrder(body: Record<string, unknown>): FakeOrder {
    const type = body.type;
    if (type !== 'instant' && type !== 'hold') throw invalid('validation_inclusion', 'type');
    const selected = list(body.selected_offers);
    const offerId = text(selected[0]);
    if (selected.length !== 1 || !offerId) throw invalid('validation_format', 'selected_offers');
    const offer = liveOffer(offerId);
    if (offer.route === 'LHR-LGW') throw new Failure(502, 'airline_error', 'airline_unknown', 'The airline responded with an unexpected error');
    if (offer.route === 'LGW-STN') throw new Failure(422, 'invalid_state_error', 'insufficient_balance', 'Your balance is too low for this order');
    if (type === 'hold' && offer.json.payment_requirements.requires_instant_payment) throw new Failure(422, 'invalid_state_error', 'invalid_order_create_type', 'This offer requires instant payment');

    const passengersIn = list(body.passengers);
    const expected = new Set(offer.json.passengers.map((p) => p.id));
    if (passengersIn.length !== expected.size) throw invalid('validation_format', 'passengers');
    const passengers: FakeOrder['passengers'] = passengersIn.map((p, i) => {
      if (!isRecord(p)) throw invalid('validation_format', `passengers[${i}]`);
      const pid = text(p.id);
      if (!pid || !expected.has(pid)) throw invalid('validation_format', `passengers[${i}].id`);
      for (const field of ['given_name', 'family_name', 'born_on', 'email', 'phone_number', 'title', 'gender']) {
        if (!text(p[field])) throw invalid('validation_required', `passengers[${i}].${field}`);
      }
      const given = text(p.given_name) ?? '';
      const family = text(p.family_name) ?? '';
      if (!NAME.test(given)) throw invalid('validation_format', `passengers[${i}].given_name`);
      if (!NAME.test(family)) throw invalid('validation_format', `passengers[${i}].family_name`);
      if (!DATE.test(text(p.born_on) ?? '')) throw invalid('validation_format', `passengers[${i}].born_on`);
      if (!/^\+[1-9]\d{6,14}$/.test(text(p.phone_number) ?? '')) throw invalid('validation_format', `passengers[${i}].phone_number`);
      const title = p.title === 'mr' || p.title === 'ms' || p.title === 'mrs' || p.title === 'miss' || p.title === 'dr' ? p.title : null;
      if (!title) throw invalid('validation_inclusion', `passengers[${i}].title`);
      const gender = p.gender === 'm' || p.gender === 'f' ? p.gender : null;
      if (!gender) throw invalid('validation_inclusion', `passengers[${i}].gender`);
      const offered = offer.json.passengers.find((o) => o.id === pid);
      return { id: pid, title, gender, given_name: given, family_name: family, born_on: text(p.born_on) ?? '', email: text(p.email) ?? '', phone_number: text(p.phone_number) ?? '', type: offered?.type ?? 'adult', infant_passenger_id: text(p.infant_passenger_id) ?? null };
    });

    const seats = new Map<string, string>();
    const services: FakeOrder['services'] = [];
    let servicesMinor = 0;
    for (const [i, s] of list(body.services).entries()) {
      if (!isRecord(s)) throw invalid('validation_format', `services[${i}]`);
      const sid = text(s.id) ?? '';
      const quantity = typeof s.quantity === 'number' ? s.quantity : 0;
      const bag = offer.json.available_services.find((a) => a.id === sid);
      const seat = seatServices.get(sid);
      if (bag) {
        if (quantity < 1 || quantity > bag.maximum_quantity) throw invalid('validation_format', `services[${i}].quantity`);
        servicesMinor += minorOf(bag.total_amount) * quantity;
        services.push({ id: id('ser'), type: 'baggage', quantity, passenger_ids: bag.passenger_ids, segment_ids: bag.segment_ids, total_amount: decimal(minorOf(bag.total_amount) * quantity), total_currency: currency, metadata: bag.type === 'baggage' ? bag.metadata : undefined });
      } else if (seat) {
        // fake: a seat sold since the seat map was read.
        if (quantity !== 1 || takenSeats.has(`${seat.segmentId}:${seat.designator}`)) throw new Failure(422, 'invalid_state_error', 'seat_not_available', `Seat ${seat.designator} is no longer available`, `services[${i}].id`);
        servicesMinor += seat.minor;
        seats.set(`${seat.segmentId}:${seat.passengerId}`, seat.designator);
        services.push({ id: id('ser'), type: 'seat', quantity: 1, passenger_ids: [seat.passengerId], segment_ids: [seat.segmentId], total_amount: decimal(seat.minor), total_currency: currency, metadata: { designator: seat.designator, name: null, disclosures: [] } });
      } else {
        throw invalid('validation_format', `services[${i}].id`);
      }
    }

    const totalMinor = minorOf(offer.json.total_amount) + servicesMinor;
    const payments = list(body.payments);
    if (type === 'instant') {
      const payment = payments[0];
      if (!isRecord(payment)) throw invalid('validation_required', 'payments');
      if (payment.type !== 'balance') throw invalid('validation_inclusion', 'payments[0].type');
      if (payment.currency !== currency || minorOf(text(payment.amount) ?? '0') !== totalMinor) {
        if (offer.repriced) throw new Failure(422, 'validation_error', 'price_changed', 'The price of this offer has changed; get the offer again', 'payments[0].amount');
        throw new Failure(422, 'validation_error', 'payment_amount_does_not_match_order_amount', 'The payment amount does not match the order amount', 'payments[0].amount');
      }
    } else if (payments.length > 0) {
      throw new Failure(422, 'validation_error', 'pay_later_order_no_payment_for_ancillaries', 'A hold order takes no payment at creation', 'payments');
    }

    const failure = orderFailure;
    orderFailure = null;
    if (failure === 'order_not_created') throw new Failure(502, 'airline_error', 'order_not_created', 'The airline could not create the order; nothing was booked');

    const metadata: Record<string, string> = {};
    if (isRecord(body.metadata)) for (const [k, v] of Object.entries(body.metadata)) if (typeof v === 'string') metadata[k] = v;
    const paid = type === 'instant';
    const order: FakeOrder = {
      id: id('ord'),
      type,
      live_mode: false,
      created_at: iso(),
      synced_at: iso(),
      content: 'managed',
      booking_reference: Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(random() * 32)]).join(''),
      owner: offer.json.owner,
      total_amount: decimal(totalMinor),
      total_currency: currency,
      base_amount: offer.json.base_amount,
      base_currency: currency,
      tax_amount: offer.json.tax_amount ?? '0.00',
      tax_currency: currency,
      passengers,
      slices: offer.json.slices.map((s) => toOrderSlice(s, seats)),
      services,
      documents: [],
      conditions: offer.json.conditions,
      payment_status: paid
        ? { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: iso() }
        : { awaiting_payment: true, payment_required_by: offer.json.payment_requirements.payment_required_by, price_guarantee_expires_at: offer.json.payment_requirements.price_guarantee_expires_at, paid_at: null },
      available_actions: actionsFor(offer, paid),
      metadata,
      airline_initiated_changes: [],
      cancelled_at: null,
      cancellation: null,
      changes: [],
    };
    if (paid) order.documents = documentsFor(order);
    for (const [key, designator] of seats) takenSeats.add(`${key.split(':')[0]}:${designator}`);
    offer.soldOut = true;
    orders.set(order.id, { json: order, route: offer.route, offer, latestCancellation: null, repricedTo: null });
    if (offer.route === 'LHR-LTN') makeAirlineChange(order.id, 60);
    if (failure === 'internal_server_error') throw new Failure(500, 'api_error', 'internal_server_error', 'Something went wrong; the order may still have been created');
    return order;
  }

  function orderState(orderId: string | undefined): OrderState {
    const state = orderId ? orders.get(orderId) : undefined;
    if (!state) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    return state;
  }

  function pay(body: Record<string, unknown>): FakePayment {
    const orderId = text(body.order_id);
    if (!orderId) throw invalid('validation_required', 'order_id');
    const state = orderState(orderId);
    const payment = isRecord(body.payment) ? body.payment : null;
    if (!payment) throw invalid('validation_required', 'payment');
    if (state.json.type !== 'hold' || !state.json.payment_status.awaiting_payment) throw new Failure(422, 'validation_error', 'order_type_not_eligible_for_payment', 'This order does not take payments', 'order_id');
    if (state.json.cancelled_at) throw new Failure(422, 'invalid_state_error', 'already_cancelled', 'The order is cancelled');
    const amount = minorOf(text(payment.amount) ?? '0');
    const total = minorOf(state.json.total_amount);
    if (amount !== total || payment.currency !== state.json.total_currency) {
      if (state.repricedTo !== null) throw new Failure(422, 'validation_error', 'price_changed', 'The price of this order has changed', 'amount');
      throw new Failure(422, 'validation_error', 'payment_amount_does_not_match_order_amount', 'The payment amount does not match the order amount', 'amount');
    }
    state.json.payment_status = { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: iso() };
    state.json.documents = documentsFor(state.json);
    state.json.available_actions = actionsFor(state.offer, true);
    return { id: id('pay'), amount: state.json.total_amount, currency: state.json.total_currency, type: 'balance', created_at: iso(), live_mode: false, status: 'succeeded' };
  }

  // ---- cancellations ---------------------------------------------------------------------------

  function quoteCancellation(body: Record<string, unknown>): FakeCancellation {
    const state = orderState(text(body.order_id));
    const order = state.json;
    if (order.cancelled_at) throw new Failure(422, 'invalid_state_error', 'already_cancelled', 'The order is already cancelled');
    const awaiting = order.payment_status.awaiting_payment;
    const refundable = order.conditions.refund_before_departure;
    const total = minorOf(order.total_amount);
    const taxes = minorOf(order.tax_amount ?? '0');
    const refundMinor = awaiting ? 0 : refundable?.allowed === true ? total - minorOf(refundable.penalty_amount ?? '0') : taxes;
    const credits = state.route === 'LTN-SYD' && !awaiting;
    const quote: FakeCancellation = {
      id: id('ore'),
      order_id: order.id,
      live_mode: false,
      created_at: iso(),
      expires_at: iso(clock + 15 * 60_000),
      confirmed_at: null,
      refund_amount: decimal(refundMinor),
      refund_currency: order.total_currency,
      refund_to: awaiting ? 'awaiting_payment' : credits ? 'airline_credits' : 'balance',
      airline_credits: credits
        ? order.passengers.map((p) => ({ id: id('acd'), credit_name: 'Duffel Airways credit', credit_code: `ZZ${Math.floor(random() * 1e8)}`, credit_amount: decimal(Math.floor(refundMinor / order.passengers.length)), credit_currency: order.total_currency, issued_on: iso().slice(0, 10), passenger_id: p.id }))
        : [],
    };
    cancellations.set(quote.id, quote);
    state.latestCancellation = quote.id;
    return quote;
  }

  function confirmCancellation(quoteId: string): FakeCancellation {
    const quote = cancellations.get(quoteId);
    if (!quote) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    const state = orderState(quote.order_id);
    if (state.json.cancelled_at) throw new Failure(422, 'invalid_state_error', 'already_cancelled', 'The order is already cancelled');
    // fake: Duffel says only the most recent quote can be confirmed, without naming the error.
    if (state.latestCancellation !== quote.id) throw new Failure(422, 'invalid_state_error', 'cancellation_not_latest', 'Only the most recent cancellation quote can be confirmed');
    const failure = cancellationFailure;
    cancellationFailure = null;
    // fake: an expired quote.
    if (Date.parse(quote.expires_at) <= clock || failure === 'order_cancellation_expired') {
      throw new Failure(422, 'invalid_state_error', 'order_cancellation_expired', 'This cancellation quote has expired');
    }
    quote.confirmed_at = iso();
    state.json.cancelled_at = quote.confirmed_at;
    state.json.cancellation = quote;
    state.json.available_actions = ['update'];
    // A 500 after the airline cancelled: the outcome is unknown to the caller.
    if (failure === 'internal_server_error') throw new Failure(500, 'api_error', 'internal_server_error', 'The cancellation may still have been confirmed');
    return quote;
  }

  // ---- changes ---------------------------------------------------------------------------------

  function requestChange(body: Record<string, unknown>) {
    const state = orderState(text(body.order_id));
    const order = state.json;
    if (order.cancelled_at || !order.available_actions.includes('change') || order.changes.some((c) => c.confirmed_at !== null)) {
      throw new Failure(422, 'invalid_state_error', 'order_not_changeable', 'This order can no longer be changed');
    }
    const slices = isRecord(body.slices) ? body.slices : null;
    if (!slices) throw invalid('validation_required', 'slices');
    const removeIds = list(slices.remove).map((r, i) => {
      const sliceId = isRecord(r) ? text(r.slice_id) : undefined;
      if (!sliceId || !order.slices.some((s) => s.id === sliceId)) throw invalid('validation_format', `slices.remove[${i}].slice_id`);
      return sliceId;
    });
    const adds = list(slices.add).map((a, i): SliceRequest & { cabin: CabinClass } => {
      if (!isRecord(a)) throw invalid('validation_format', `slices.add[${i}]`);
      const origin = text(a.origin);
      const destination = text(a.destination);
      const date = text(a.departure_date);
      if (!origin || !AIRPORTS.has(origin)) throw invalid('validation_format', `slices.add[${i}].origin`);
      if (!destination || !AIRPORTS.has(destination)) throw invalid('validation_format', `slices.add[${i}].destination`);
      if (!date || !DATE.test(date)) throw invalid('validation_format', `slices.add[${i}].departure_date`);
      const cabin = CABINS.find((c) => c === (a.cabin_class ?? 'economy'));
      if (!cabin) throw invalid('validation_inclusion', `slices.add[${i}].cabin_class`);
      return { origin, destination, departure_date: date, cabin };
    });
    if (removeIds.length === 0 && adds.length === 0) throw invalid('validation_required', 'slices');
    const brand = BRANDS.find((b) => b.name === order.slices[0]?.fare_brand_name) ?? BRANDS[1];
    if (!brand) throw invalid('validation_format', 'order_id');
    const penalty = minorOf(order.conditions.change_before_departure?.penalty_amount ?? '0');
    const removed = order.slices.filter((s) => removeIds.includes(s.id));
    const requestId = id('ocr');
    // Three offers: an earlier and a later flight costing more, and a cheaper one paid back as a voucher (or, told so, to the original payment).
    const made = [
      { hour: 6, change: 12500 },
      { hour: 15, change: 14000 },
      { hour: 21, change: -1500 },
    ].map(({ hour, change }) => {
      const ctx = { id, random, passengerIds: order.passengers.map((p) => p.id), cabin: adds[0]?.cabin ?? 'economy', brand, hour, noBaggage: false };
      const add = adds.map((a, i) => toOrderSlice(buildSlice(ctx, a, i), new Map()));
      const offer: FakeChangeOffer & { order_id: string } = {
        id: id('oco'),
        order_id: order.id,
        order_change_id: null,
        created_at: iso(),
        updated_at: iso(),
        expires_at: iso(clock + 30 * 60_000),
        change_total_amount: decimal(change + penalty),
        change_total_currency: order.total_currency,
        penalty_total_amount: decimal(penalty),
        penalty_total_currency: order.total_currency,
        new_total_amount: decimal(minorOf(order.total_amount) + change),
        new_total_currency: order.total_currency,
        refund_to: change + penalty < 0 ? payBackTo : 'original_form_of_payment',
        slices: { add, remove: removed },
      };
      changeOffers.set(offer.id, offer);
      return offer;
    });
    const publicOffers = made.map(({ order_id: _order, ...o }) => o);
    const json = {
      id: requestId,
      order_id: order.id,
      live_mode: false,
      slices: { remove: removeIds.map((slice_id) => ({ slice_id })), add: adds.map((a) => ({ origin: AIRPORTS.get(a.origin), destination: AIRPORTS.get(a.destination), departure_date: a.departure_date, cabin_class: a.cabin })) },
      order_change_offers: publicOffers,
      created_at: iso(),
      updated_at: iso(),
    };
    changeRequests.set(requestId, json);
    return json;
  }

  function changeOffer(offerId: string | undefined): FakeChangeOffer & { order_id: string } {
    const offer = offerId ? changeOffers.get(offerId) : undefined;
    if (!offer) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    return offer;
  }

  function createChange(body: Record<string, unknown>): FakeOrderChange {
    const offer = changeOffer(text(body.selected_order_change_offer));
    if (Date.parse(offer.expires_at) <= clock) throw new Failure(422, 'invalid_state_error', 'offer_no_longer_available', 'The change offer has expired');
    const state = orderState(offer.order_id);
    if (state.json.changes.some((c) => c.confirmed_at !== null)) throw new Failure(422, 'invalid_state_error', 'order_not_changeable', 'This order can no longer be changed');
    const change: FakeOrderChange = {
      id: id('oce'),
      order_id: offer.order_id,
      live_mode: false,
      created_at: iso(),
      expires_at: offer.expires_at,
      confirmed_at: null,
      change_total_amount: offer.change_total_amount,
      change_total_currency: offer.change_total_currency,
      penalty_total_amount: offer.penalty_total_amount,
      penalty_total_currency: offer.penalty_total_currency,
      new_total_amount: offer.new_total_amount ?? '0.00',
      new_total_currency: offer.new_total_currency,
      refund_to: offer.refund_to === 'voucher' ? 'voucher' : 'original_form_of_payment',
      slices: offer.slices,
      available_payment_types: ['balance'],
    };
    offer.order_change_id = change.id;
    orderChanges.set(change.id, change);
    state.json.changes.push(change);
    return change;
  }

  function confirmChange(changeId: string, body: Record<string, unknown>): FakeOrderChange {
    const change = orderChanges.get(changeId);
    if (!change) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    const state = orderState(change.order_id);
    if (change.confirmed_at !== null || state.json.changes.some((c) => c.confirmed_at !== null)) throw new Failure(422, 'invalid_state_error', 'order_not_changeable', 'This order can no longer be changed');
    const owed = minorOf(change.change_total_amount);
    if (owed > 0) {
      const payment = isRecord(body.payment) ? body.payment : null;
      if (!payment) throw invalid('validation_required', 'payment');
      if (minorOf(text(payment.amount) ?? '0') !== owed || payment.currency !== change.change_total_currency) {
        throw new Failure(422, 'validation_error', 'payment_amount_does_not_match_order_amount', 'The payment amount does not match the change amount', 'payment.amount');
      }
    }
    change.confirmed_at = iso();
    const removeIds = new Set(change.slices.remove.map((s) => s.id));
    state.json.slices = [...state.json.slices.filter((s) => !removeIds.has(s.id)), ...change.slices.add];
    state.json.total_amount = decimal(minorOf(state.json.total_amount) + owed);
    state.json.services = state.json.services.filter((s) => !s.segment_ids.some((segId) => change.slices.remove.some((r) => r.segments.some((seg) => seg.id === segId))));
    state.json.available_actions = ['cancel', 'update'];
    return change;
  }

  // ---- airline-initiated changes ---------------------------------------------------------------

  function makeAirlineChange(orderId: string, minutes: number): AirlineInitiatedChange {
    const state = orderState(orderId);
    const removed = state.json.slices;
    const change: AirlineInitiatedChange = {
      id: id('aic'),
      order_id: orderId,
      created_at: iso(),
      updated_at: iso(),
      added: removed.map((s) => shiftSlice(s, minutes, id)),
      removed,
      action_taken: null,
      action_taken_at: null,
      available_actions: ['accept', 'cancel', 'change', 'update'],
      travel_agent_ticket: null,
    };
    aics.set(change.id, change);
    state.json.airline_initiated_changes.push(change);
    return change;
  }

  function aic(changeId: string | undefined): AirlineInitiatedChange {
    const change = changeId ? aics.get(changeId) : undefined;
    if (!change) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
    return change;
  }

  function acceptAic(changeId: string): AirlineInitiatedChange {
    const change = aic(changeId);
    const state = orderState(change.order_id);
    const latest = state.json.airline_initiated_changes.at(-1);
    if (latest?.id !== change.id || change.action_taken !== null) throw new Failure(422, 'invalid_state_error', 'stale_airline_initiated_change_accept', 'Only the latest airline-initiated change can be accepted');
    change.action_taken = 'accepted';
    change.action_taken_at = iso();
    change.updated_at = iso();
    change.available_actions = [];
    state.json.slices = change.added;
    return change;
  }

  function updateAic(changeId: string, body: Record<string, unknown>): AirlineInitiatedChange {
    const change = aic(changeId);
    const action = body.action_taken;
    if (action !== 'accepted' && action !== 'cancelled' && action !== 'changed') throw invalid('validation_inclusion', 'action_taken');
    if (!change.available_actions.includes('update')) throw new Failure(422, 'airline_error', 'unsupported_action', 'This change cannot be updated');
    change.action_taken = action;
    change.action_taken_at = iso();
    change.updated_at = iso();
    change.available_actions = [];
    return change;
  }

  // ---- routing ---------------------------------------------------------------------------------

  function paginate<T>(items: T[], query: URLSearchParams): { data: T[]; meta: { limit: number; before: null; after: string | null } } {
    const limit = Math.min(200, Math.max(1, Number(query.get('limit') ?? 50)));
    const start = query.get('after') ? Number(Buffer.from(query.get('after') ?? '', 'base64url').toString()) : 0;
    const page = items.slice(start, start + limit);
    const next = start + limit < items.length ? Buffer.from(String(start + limit)).toString('base64url') : null;
    return { data: page, meta: { limit, before: null, after: next } };
  }

  function route(method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): { status: number; body: unknown } {
    const parts = path.replace(/^\/+|\/+$/g, '').split('/');
    const [air, resource, rid, sub, action] = parts;
    if (air !== 'air') throw new Failure(404, 'invalid_request_error', 'not_found', 'No such endpoint');
    const one = (data: unknown, status = 200) => ({ status, body: { data } });
    switch (`${method} ${resource}${rid ? '/:id' : ''}${sub ? `/${sub}` : ''}${action ? `/${action}` : ''}`) {
      case 'POST offer_requests': {
        const json = createOfferRequest(body);
        return one(query.get('return_offers') === 'false' ? { ...json, offers: [] } : json, 201);
      }
      case 'GET offer_requests/:id': {
        const request = rid ? offerRequests.get(rid) : undefined;
        if (!request) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
        return one(request.json);
      }
      case 'GET offers': {
        const request = offerRequests.get(query.get('offer_request_id') ?? '');
        if (!request) throw invalid('validation_required', 'offer_request_id');
        let items = request.offers.flatMap((o) => {
          const state = offers.get(o);
          return state && !state.soldOut ? [{ ...state.json, available_services: [] }] : [];
        });
        const sort = query.get('sort');
        if (sort === 'total_amount' || sort === '-total_amount') items = [...items].sort((a, b) => (minorOf(a.total_amount) - minorOf(b.total_amount)) * (sort.startsWith('-') ? -1 : 1));
        return { status: 200, body: paginate(items, query) };
      }
      case 'GET offers/:id':
        return one(readOffer(rid ?? '', query.get('return_available_services') === 'true'));
      case 'GET seat_maps': {
        const offer = liveOffer(query.get('offer_id') ?? '');
        const maps: SeatMap[] = buildSeatMaps({ id, random, passengerIds: offer.json.passengers.map((p) => p.id) }, offer.json, takenSeats, currency, (sid, service) => seatServices.set(sid, service));
        return one(maps);
      }
      case 'POST orders': {
        const order = createOrder(body);
        return one(order, 201);
      }
      case 'GET orders': {
        const reference = query.get('booking_reference');
        const awaiting = query.get('awaiting_payment');
        const offerId = query.get('offer_id');
        const items = [...orders.values()]
          .filter((s) => !offerId || s.offer.json.id === offerId)
          .map((s) => s.json)
          .filter((o) => (!reference || o.booking_reference === reference) && (awaiting === null || String(o.payment_status.awaiting_payment) === awaiting));
        return { status: 200, body: paginate(items, query) };
      }
      case 'GET orders/:id':
        return one(orderState(rid).json);
      case 'POST payments':
        return one(pay(body), 201);
      case 'POST order_cancellations':
        return one(quoteCancellation(body), 201);
      case 'GET order_cancellations':
        return { status: 200, body: paginate([...cancellations.values()].filter((c) => !query.get('order_id') || c.order_id === query.get('order_id')), query) };
      case 'GET order_cancellations/:id': {
        const quote = rid ? cancellations.get(rid) : undefined;
        if (!quote) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
        return one(quote);
      }
      case 'POST order_cancellations/:id/actions/confirm':
        return one(confirmCancellation(rid ?? ''));
      case 'POST order_change_requests':
        return one(requestChange(body), 201);
      case 'GET order_change_requests/:id': {
        const request = rid ? changeRequests.get(rid) : undefined;
        if (!request) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
        return one(request);
      }
      case 'GET order_change_offers': {
        const requestId = query.get('order_change_request_id');
        const items = requestId ? (changeRequests.get(requestId)?.order_change_offers ?? []) : [...changeOffers.values()].map(({ order_id: _order, ...o }) => o);
        return { status: 200, body: paginate(items, query) };
      }
      case 'GET order_change_offers/:id': {
        const { order_id: _order, ...offer } = changeOffer(rid);
        return one(offer);
      }
      case 'POST order_changes':
        return one(createChange(body), 201);
      case 'GET order_changes/:id': {
        const change = rid ? orderChanges.get(rid) : undefined;
        if (!change) throw new Failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist');
        return one(change);
      }
      case 'POST order_changes/:id/actions/confirm':
        return one(confirmChange(rid ?? '', body));
      case 'GET airline_initiated_changes': {
        const orderId = query.get('order_id');
        if (!orderId) throw invalid('validation_required', 'order_id');
        return { status: 200, body: { data: orderState(orderId).json.airline_initiated_changes } };
      }
      case 'POST airline_initiated_changes/:id/actions/accept':
        return one(acceptAic(rid ?? ''));
      case 'PATCH airline_initiated_changes/:id':
        return one(updateAic(rid ?? '', body));
      default:
        throw new Failure(404, 'invalid_request_error', 'not_found', 'No such endpoint');
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    let parsed: unknown = undefined;
    if (raw.length > 0) {
      try {
        parsed = JSON.parse(raw);
      } catch {
        parsed = Symbol.for('malformed');
      }
    }
    if (options.control && url.pathname.startsWith('/_fake/')) {
      const answer = await options.control({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body: typeof parsed === 'symbol' ? undefined : parsed });
      return send(res, answer.status, answer.body);
    }
    requests.push({ method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, headers: { ...req.headers }, body: typeof parsed === 'symbol' ? raw : parsed });

    if (delayMs > 0) {
      const wait = delayMs;
      delayMs = 0;
      await new Promise((resolve) => setTimeout(resolve, wait));
      if (res.destroyed || req.destroyed) return;
    }
    const limits = rateHeaders();
    const version = req.headers['duffel-version'];
    if (!version) return sendError(res, 400, 'invalid_request_error', 'missing_version_header', 'The Duffel-Version header is required', limits);
    // fake: the code for a version Duffel does not know.
    if (version !== 'v2') return sendError(res, 400, 'invalid_request_error', 'unsupported_version', `Duffel-Version ${String(version)} is not supported`, limits);
    const auth = req.headers.authorization;
    if (!auth) return sendError(res, 401, 'authentication_error', 'missing_authorization_header', 'The Authorization header is required', limits);
    // fake: the code for a token Duffel does not know.
    if (auth !== `Bearer ${token}`) return sendError(res, 401, 'authentication_error', 'invalid_authorization_header', 'The access token is not valid', limits);
    const accept = req.headers.accept;
    if (accept && !/application\/json|\*\/\*/.test(accept)) return sendError(res, 406, 'invalid_request_error', 'unsupported_format', 'Only application/json is served', limits);
    if (rateLimited > 0) {
      rateLimited--;
      return sendError(res, 429, 'rate_limit_error', 'rate_limit_exceeded', 'Rate limit exceeded; retry after the time in ratelimit-reset', {
        ...limits,
        'ratelimit-remaining': '0',
        'ratelimit-reset': new Date(clock + rateResetSeconds * 1000).toUTCString(),
      });
    }
    const failure = failures.shift();
    if (failure) return sendError(res, failure.status, failure.type, failure.code, `Injected ${failure.code}`, { ...limits, ...failure.headers });
    if (typeof parsed === 'symbol') return sendError(res, 400, 'invalid_request_error', 'malformed_json', 'The body is not valid JSON', limits);
    const method = req.method ?? 'GET';
    if ((method === 'POST' || method === 'PATCH') && raw.length > 0 && !(isRecord(parsed) && 'data' in parsed)) {
      return sendError(res, 422, 'validation_error', 'validation_required', 'The body must be wrapped in data', limits, 'data');
    }
    const data = isRecord(parsed) && isRecord(parsed.data) ? parsed.data : {};
    try {
      const answer = route(method, url.pathname, url.searchParams, data);
      send(res, answer.status, answer.body, limits);
    } catch (error) {
      if (error instanceof Failure) return sendError(res, error.status, error.type, error.code, error.message, limits, error.field);
      sendError(res, 500, 'api_error', 'internal_server_error', error instanceof Error ? error.message : 'fake failure', limits);
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'api_error', 'internal_server_error', String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;

  const event = (type: string, object: Record<string, unknown>): FakeWebhookEvent => ({
    id: id('wev'),
    type,
    api_version: 'v2',
    live_mode: false,
    created_at: iso(),
    idempotency_key: typeof object.id === 'string' ? object.id : id('idk'),
    identity_organisation_id: 'org_0000contractfake',
    data: { object },
  });
  const sign: DuffelFake['sign'] = (ev, secret, opts = {}) => {
    const body = JSON.stringify(ev);
    const t = opts.timestamp ?? Math.floor(clock / 1000);
    const v1 = createHmac('sha256', opts.tamper ? `${secret}-wrong` : secret).update(`${t}.${body}`).digest('hex');
    return { body, signature: `t=${t},v1=${v1}` };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    requests,
    now: () => clock,
    advance: (ms) => {
      clock += ms;
    },
    rateLimitNext: (count = 1, resetSeconds = 1) => {
      rateLimited = count;
      rateResetSeconds = resetSeconds;
    },
    exhaustRateLimit: (resetSeconds) => {
      exhaustIn = resetSeconds;
    },
    failNext: (failure, count = 1) => {
      for (let i = 0; i < count; i++) failures.push(failure);
    },
    delayNext: (ms) => {
      delayMs = ms;
    },
    failNextOrder: (code) => {
      orderFailure = code;
    },
    failNextCancellation: (code) => {
      cancellationFailure = code;
    },
    payBackChanges: (to) => {
      payBackTo = to;
    },
    sellOut: (offerId) => {
      const offer = offers.get(offerId);
      if (offer) offer.soldOut = true;
    },
    repriceOrder: (orderId, totalMinor) => {
      const state = orderState(orderId);
      state.json.total_amount = decimal(totalMinor);
      state.repricedTo = totalMinor;
    },
    airlineChange: (orderId, minutes) => {
      const change = makeAirlineChange(orderId, minutes);
      return { change, event: event('order.airline_initiated_change_detected', { id: orderId, aic_id: change.id }) };
    },
    order: (orderId) => orders.get(orderId)?.json,
    event,
    sign,
    deliver: async (url, ev, secret, opts) => {
      const { body, signature } = sign(ev, secret, opts);
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-duffel-signature': signature }, body });
      return response.status;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
