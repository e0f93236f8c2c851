import { z } from '../../../core/zod';
import {
  SupplierError,
  type AirlineChange,
  type CancellationQuote,
  type ChangeRequestInput,
  type ChangeRequestResult,
  type ConfirmedChange,
  type CreateOrderInput,
  type FlightSupplier,
  type Money,
  type PriceCheck,
  type SeatMapTarget,
  type SeenOffer,
  type SignedMoney,
  type SupplierOrder,
  type SupplierSearch,
  type SupplierSearchResult,
  type SupplierSeatMap,
} from '../supplier';
import { DuffelHttp, type DuffelHttpOptions } from './http';
import { fromMinor, mapAirlineChange, mapCancellation, mapChangeOffer, mapOffer, mapOrder, mapPassenger, mapSeatMap } from './map';
import {
  DuffelAirlineChangeSchema,
  DuffelCancellationSchema,
  DuffelChangeOfferSchema,
  DuffelChangeRequestSchema,
  DuffelListMetaSchema,
  DuffelOfferRequestSchema,
  DuffelOfferSchema,
  DuffelOrderChangeSchema,
  DuffelOrderSchema,
  DuffelPaymentSchema,
  DuffelSeatMapSchema,
} from './schemas';

export interface DuffelSupplierOptions extends DuffelHttpOptions {
  /** How long one search waits for each airline (Duffel's `supplier_timeout`, 2000–60000 ms). */
  searchSupplierTimeoutMs?: number;
  /** Most offers read per search (pages of 200). */
  maxOffers?: number;
}

/** The test-mode token form Duffel documents; live tokens are `duffel_live_…`. */
const TOKEN = /^duffel_(test|live)_[A-Za-z0-9_-]+$/;

/**
 * Duffel's Flights API behind the supplier seam:
 * - a search creates an offer request without offers, then reads its offers cheapest first, page by page;
 * - pricing an offer reads it again with its extras; `offer_no_longer_available` is `expired` when its expiry has passed, else `soldOut`;
 * - an order's payment is the offer total plus the services' prices in the offer's currency (from Safar's Duffel balance);
 *   a hold order sends no payment; Safar's booking id goes into the order's metadata;
 * - a change is confirmed by creating the pending change and confirming it, paying only a positive change total; an offer
 *   past its expiry is `offerExpired` and one now costing another total `priceChanged`, before anything is created;
 * - every answer is checked against the schemas of what Safar reads; a test-mode token refuses live objects and vice versa.
 */
export class DuffelSupplier implements FlightSupplier {
  readonly name = 'duffel';
  readonly #http: DuffelHttp;
  readonly #liveMode: boolean;
  readonly #supplierTimeoutMs: number;
  readonly #maxOffers: number;
  readonly #now: () => number;

  constructor(options: DuffelSupplierOptions) {
    const mode = TOKEN.exec(options.token);
    if (!mode) throw new SupplierError('misconfigured', 'DUFFEL_ACCESS_TOKEN must look like duffel_test_…');
    this.#liveMode = mode[1] === 'live';
    this.#http = new DuffelHttp(options);
    this.#supplierTimeoutMs = Math.min(60_000, Math.max(2_000, options.searchSupplierTimeoutMs ?? 15_000));
    this.#maxOffers = options.maxOffers ?? 200;
    this.#now = options.now ?? Date.now;
  }

  toJSON(): Record<string, unknown> {
    return { name: this.name, http: this.#http.toJSON() };
  }

  async search(request: SupplierSearch): Promise<SupplierSearchResult> {
    const created = await this.#read(DuffelOfferRequestSchema, {
      method: 'POST',
      path: 'air/offer_requests',
      query: { return_offers: false, supplier_timeout: this.#supplierTimeoutMs },
      body: {
        slices: request.slices.map((s) => ({ origin: s.origin, destination: s.destination, departure_date: s.departureDate })),
        passengers: request.passengers,
        cabin_class: request.cabin,
        ...(request.maxConnections === undefined ? {} : { max_connections: request.maxConnections }),
      },
      safe: true,
    });
    const offers = [];
    let after: string | null = null;
    do {
      const page = await this.#http.request({
        method: 'GET',
        path: 'air/offers',
        query: { offer_request_id: created.id, sort: 'total_amount', limit: 200, after: after ?? undefined },
        safe: true,
      });
      const list = z.array(DuffelOfferSchema).safeParse(page.data);
      if (!list.success) throw new SupplierError('unavailable', 'Duffel offers answer did not match the documented shape');
      for (const offer of list.data) {
        this.#checkMode(offer.live_mode);
        offers.push(mapOffer(offer));
      }
      after = DuffelListMetaSchema.safeParse(page.meta).data?.after ?? null;
    } while (after !== null && offers.length < this.#maxOffers);
    return { searchId: created.id, passengers: created.passengers.map(mapPassenger), offers: offers.slice(0, this.#maxOffers) };
  }

  async priceOffer(seen: SeenOffer): Promise<PriceCheck> {
    try {
      const offer = mapOffer(await this.#read(DuffelOfferSchema, { method: 'GET', path: `air/offers/${encodeURIComponent(seen.id)}`, query: { return_available_services: true }, safe: true }));
      if (offer.total.amountMinor === seen.total.amountMinor && offer.total.currency === seen.total.currency) return { outcome: 'unchanged', offer };
      return { outcome: 'changed', offer, previous: seen.total };
    } catch (error) {
      if (error instanceof SupplierError && (error.kind === 'soldOut' || error.kind === 'notFound')) {
        return { outcome: this.#expired(seen) ? 'expired' : 'soldOut' };
      }
      throw error;
    }
  }

  async seatMaps(target: SeatMapTarget): Promise<SupplierSeatMap[]> {
    if (!('offerId' in target)) {
      throw new SupplierError('unsupported', 'Duffel sells seats only with a new order (no seat maps for existing orders)');
    }
    const maps = await this.#read(z.array(DuffelSeatMapSchema), { method: 'GET', path: 'air/seat_maps', query: { offer_id: target.offerId }, safe: true });
    return maps.map(mapSeatMap);
  }

  async createOrder(input: CreateOrderInput): Promise<SupplierOrder> {
    const currency = input.offer.total.currency;
    const servicesMinor = input.services.reduce((sum, s) => {
      if (s.unitPrice.currency !== currency) throw new SupplierError('invalidRequest', 'A service is priced in another currency than the offer', { field: 'services' });
      return sum + s.unitPrice.amountMinor * s.quantity;
    }, 0);
    const payment = { type: 'balance', amount: fromMinor({ amountMinor: input.offer.total.amountMinor + servicesMinor, currency }), currency };
    try {
      const order = await this.#read(DuffelOrderSchema, {
        method: 'POST',
        path: 'air/orders',
        body: {
          type: input.payment,
          selected_offers: [input.offer.id],
          passengers: input.passengers.map((p) => ({
            id: p.id,
            title: p.title,
            gender: p.gender,
            given_name: p.givenName,
            family_name: p.familyName,
            born_on: p.bornOn,
            email: p.email,
            phone_number: p.phone,
            ...(p.document ? { identity_documents: [{ type: p.document.type, unique_identifier: p.document.number, issuing_country_code: p.document.issuingCountry, expires_on: p.document.expiresOn }] } : {}),
            ...(p.infantPassengerId ? { infant_passenger_id: p.infantPassengerId } : {}),
          })),
          ...(input.payment === 'instant' ? { payments: [payment] } : {}),
          ...(input.services.length > 0 ? { services: input.services.map((s) => ({ id: s.id, quantity: s.quantity })) } : {}),
          metadata: { safar_booking_id: input.reference },
        },
        safe: false,
      });
      return mapOrder(order);
    } catch (error) {
      if (error instanceof SupplierError && error.kind === 'soldOut' && this.#expired(input.offer)) {
        throw new SupplierError('offerExpired', error.message, { supplierCode: error.supplierCode, requestId: error.requestId });
      }
      throw error;
    }
  }

  async getOrder(orderId: string): Promise<SupplierOrder> {
    return mapOrder(await this.#read(DuffelOrderSchema, { method: 'GET', path: `air/orders/${encodeURIComponent(orderId)}`, safe: true }));
  }

  async findOrder(offerId: string, reference: string): Promise<SupplierOrder | null> {
    const orders = await this.#read(z.array(DuffelOrderSchema), { method: 'GET', path: 'air/orders', query: { offer_id: offerId, limit: 50 }, safe: true });
    const order = orders.find((o) => o.metadata?.safar_booking_id === reference);
    return order ? mapOrder(order) : null;
  }

  async payHeldOrder(orderId: string, amount: Money): Promise<SupplierOrder> {
    await this.#read(DuffelPaymentSchema, {
      method: 'POST',
      path: 'air/payments',
      body: { order_id: orderId, payment: { type: 'balance', amount: fromMinor(amount), currency: amount.currency } },
      safe: false,
    });
    return this.getOrder(orderId);
  }

  async quoteCancellation(orderId: string): Promise<CancellationQuote> {
    return mapCancellation(await this.#read(DuffelCancellationSchema, { method: 'POST', path: 'air/order_cancellations', body: { order_id: orderId }, safe: false }));
  }

  async confirmCancellation(quoteId: string): Promise<CancellationQuote> {
    return mapCancellation(await this.#read(DuffelCancellationSchema, { method: 'POST', path: `air/order_cancellations/${encodeURIComponent(quoteId)}/actions/confirm`, safe: false }));
  }

  async requestChange(input: ChangeRequestInput): Promise<ChangeRequestResult> {
    const request = await this.#read(DuffelChangeRequestSchema, {
      method: 'POST',
      path: 'air/order_change_requests',
      body: {
        order_id: input.orderId,
        slices: {
          remove: input.removeSliceIds.map((id) => ({ slice_id: id })),
          add: input.add.map((a) => ({ origin: a.origin, destination: a.destination, departure_date: a.departureDate, cabin_class: a.cabin })),
        },
      },
      safe: false,
    });
    return { requestId: request.id, offers: request.order_change_offers.map(mapChangeOffer) };
  }

  async confirmChange(changeOfferId: string, expected: SignedMoney): Promise<ConfirmedChange> {
    const offer = mapChangeOffer(await this.#read(DuffelChangeOfferSchema, { method: 'GET', path: `air/order_change_offers/${encodeURIComponent(changeOfferId)}`, safe: true }));
    if (Date.parse(offer.expiresAt) <= this.#now()) throw new SupplierError('offerExpired', 'The change offer has expired');
    if (offer.changeTotal.amountMinor !== expected.amountMinor || offer.changeTotal.currency !== expected.currency) {
      throw new SupplierError('priceChanged', 'The change offer now costs a different amount');
    }
    const pending = await this.#read(DuffelOrderChangeSchema, { method: 'POST', path: 'air/order_changes', body: { selected_order_change_offer: changeOfferId }, safe: false });
    const confirmed = await this.#read(DuffelOrderChangeSchema, {
      method: 'POST',
      path: `air/order_changes/${encodeURIComponent(pending.id)}/actions/confirm`,
      body: expected.amountMinor > 0 ? { payment: { type: 'balance', amount: fromMinor(expected), currency: expected.currency } } : {},
      safe: false,
    });
    return { id: confirmed.id, orderId: confirmed.order_id, confirmedAt: confirmed.confirmed_at ?? new Date(this.#now()).toISOString(), changeTotal: expected };
  }

  async airlineChanges(orderId: string): Promise<AirlineChange[]> {
    const list = await this.#read(z.array(DuffelAirlineChangeSchema), { method: 'GET', path: 'air/airline_initiated_changes', query: { order_id: orderId }, safe: true });
    return list.map(mapAirlineChange);
  }

  async acceptAirlineChange(changeId: string): Promise<AirlineChange> {
    return mapAirlineChange(await this.#read(DuffelAirlineChangeSchema, { method: 'POST', path: `air/airline_initiated_changes/${encodeURIComponent(changeId)}/actions/accept`, safe: false }));
  }

  async recordAirlineChangeAction(changeId: string, action: 'accepted' | 'cancelled' | 'changed'): Promise<AirlineChange> {
    return mapAirlineChange(await this.#read(DuffelAirlineChangeSchema, { method: 'PATCH', path: `air/airline_initiated_changes/${encodeURIComponent(changeId)}`, body: { action_taken: action }, safe: false }));
  }

  #expired(seen: SeenOffer): boolean {
    return Date.parse(seen.expiresAt) <= this.#now();
  }

  #checkMode(liveMode: boolean): void {
    if (liveMode !== this.#liveMode) throw new SupplierError('misconfigured', `Duffel answered with a ${liveMode ? 'live' : 'test'}-mode object to a ${this.#liveMode ? 'live' : 'test'} token`);
  }

  async #read<T>(schema: z.ZodType<T>, call: Parameters<DuffelHttp['request']>[0]): Promise<T> {
    const answer = await this.#http.request(call);
    const parsed = schema.safeParse(answer.data);
    if (!parsed.success) {
      throw new SupplierError(call.safe ? 'unavailable' : 'outcomeUnknown', `Duffel ${call.method} ${call.path} answered a shape Safar does not understand`, { requestId: answer.requestId });
    }
    const live = z.object({ live_mode: z.boolean() }).safeParse(answer.data);
    if (live.success) this.#checkMode(live.data.live_mode);
    return parsed.data;
  }
}
