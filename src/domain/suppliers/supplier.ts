import { AppError, type ErrorCode } from '../../core/errors';
import type { FareConditions } from '../../core/fares';

/**
 * The supplier seam: what Safar asks of whoever sells the seats (the embedded flight world, or a
 * remote supplier such as Duffel). Shaped by what real supplier APIs do:
 * - a search returns offers that expire; an offer is priced again before it is ordered and may
 *   have expired, sold out or changed price by then;
 * - an order is paid at once (instant) or held and paid later where the airline allows;
 * - a cancellation is quoted, then confirmed; a change is requested, offered, then confirmed;
 * - airlines change schedules on their own, and each such change lists what Safar may do about it.
 *
 * Money is the supplier's: integer minor units of the supplier's currency (paise for INR, pence for GBP).
 * Times of flights are local to their airport, with the airport's UTC offset beside them.
 */

export const CABIN_CLASSES = ['economy', 'premium_economy', 'business', 'first'] as const;
export type CabinClass = (typeof CABIN_CLASSES)[number];

/** An amount in integer minor units of an ISO 4217 currency. */
export interface Money {
  amountMinor: number;
  currency: string;
}

/** A signed amount: positive is owed by Safar, negative is paid back to Safar. */
export type SignedMoney = Money;

interface SearchSlice {
  origin: string;
  destination: string;
  /** YYYY-MM-DD, local to the origin. */
  departureDate: string;
}

/** An adult, or a younger traveller by age on the date of the last slice. */
type SearchPassenger = { type: 'adult' } | { age: number };

export interface SupplierSearch {
  slices: SearchSlice[];
  passengers: SearchPassenger[];
  cabin: CabinClass;
  /** Connections per slice at most (0: direct only). */
  maxConnections?: 0 | 1 | 2;
}

interface Carrier {
  /** IATA code; null for carriers without one. */
  code: string | null;
  name: string;
}

export interface SupplierAirport {
  code: string;
  name: string;
  cityName: string;
  countryCode: string;
  /** IANA time zone. */
  timeZone: string;
}

/** A time at an airport: the local wall-clock time, its UTC offset there, and the instant. */
export interface LocalTime {
  /** YYYY-MM-DDTHH:MM:SS, local to the airport. */
  local: string;
  /** +HH:MM / -HH:MM. */
  offset: string;
  /** ISO 8601 UTC. */
  utc: string;
}

interface SegmentPassenger {
  passengerId: string;
  cabin: CabinClass;
  cabinName: string | null;
  fareBasis: string | null;
  /** Included allowance for this passenger on this flight (pieces). */
  checkedBags: number;
  carryOnBags: number;
  /** The seat on an order; null on an offer or when none is chosen. */
  seat: string | null;
}

interface SupplierSegment {
  id: string;
  origin: SupplierAirport;
  destination: SupplierAirport;
  originTerminal: string | null;
  destinationTerminal: string | null;
  departing: LocalTime;
  arriving: LocalTime;
  durationMinutes: number;
  marketing: { carrier: Carrier; flightNumber: string };
  operating: { carrier: Carrier; flightNumber: string };
  aircraft: { code: string; name: string } | null;
  /** Technical stops inside this one flight. */
  stops: { airport: SupplierAirport; arriving: LocalTime; departing: LocalTime }[];
  passengers: SegmentPassenger[];
}

export interface SupplierSlice {
  id: string;
  origin: string;
  destination: string;
  durationMinutes: number | null;
  /** The airline's name for the fare ("Economy Basic"); null when it gives none. */
  fareBrand: string | null;
  segments: SupplierSegment[];
}

/**
 * Conditions of an offer or order. `penaltyPaise` in each condition holds minor units of
 * `penaltyCurrency` (the airline's currency, not necessarily the offer's); null conditions mean
 * the airline gave no information.
 */
export interface SupplierConditions {
  fare: FareConditions;
  penaltyCurrency: string | null;
}

export interface AvailableService {
  id: string;
  kind: 'baggage' | 'cancelForAnyReason';
  maxQuantity: number;
  passengerIds: string[];
  segmentIds: string[];
  /** Price of one unit. */
  price: Money;
  baggage: { type: 'checked' | 'carryOn'; maxWeightKg: number | null } | null;
}

export interface SupplierOffer {
  id: string;
  expiresAt: string;
  total: Money;
  base: Money;
  tax: Money | null;
  /** The selling airline. */
  owner: Carrier;
  passengers: { id: string; type: 'adult' | 'child' | 'infant' | null; age: number | null }[];
  slices: SupplierSlice[];
  conditions: SupplierConditions;
  /** False: the offer can be held and paid later, until `paymentRequiredBy`. */
  instantPaymentRequired: boolean;
  paymentRequiredBy: string | null;
  priceGuaranteedUntil: string | null;
  identityDocumentsRequired: boolean;
  /** Extras for sale (bags, cancel for any reason); empty when none or not asked for. Seats are in the seat map. */
  services: AvailableService[];
}

export interface SupplierSearchResult {
  searchId: string;
  passengers: { id: string; type: 'adult' | 'child' | 'infant' | null; age: number | null }[];
  offers: SupplierOffer[];
}

/** An offer as the traveller saw it: what a price check and an order compare against. */
export interface SeenOffer {
  id: string;
  total: Money;
  expiresAt: string;
}

/** The answer of pricing an offer again; expiry and sell-outs are answers here, not errors. */
export type PriceCheck =
  | { outcome: 'unchanged'; offer: SupplierOffer }
  | { outcome: 'changed'; offer: SupplierOffer; previous: Money }
  | { outcome: 'expired' }
  | { outcome: 'soldOut' };

export type SeatCharacteristic = 'window' | 'aisle' | 'middle' | 'exit' | 'overWing' | 'restricted';

export interface SupplierSeat {
  designator: string;
  row: number;
  column: string;
  /** False when nobody may choose it. */
  available: boolean;
  /** What choosing it costs, per passenger who may choose it (a service id to order it by). */
  offers: { serviceId: string; passengerId: string; price: Money }[];
  characteristics: SeatCharacteristic[];
  name: string | null;
  disclosures: string[];
}

export interface SupplierSeatRow {
  row: number;
  /** Seat groups between aisles, left to right; null marks a spot without a seat (galley, lavatory, gap). */
  sections: (SupplierSeat | null)[][];
  /** Facilities in this row (galley, lavatory, bassinet, exit…). */
  facilities: string[];
}

export interface SupplierSeatMap {
  segmentId: string;
  sliceId: string;
  cabins: { cabin: string; deck: number; aisles: number; rows: SupplierSeatRow[] }[];
}

export type SeatMapTarget = { offerId: string } | { orderId: string };

export interface OrderPassengerInput {
  /** The supplier's passenger id from the offer. */
  id: string;
  title: 'mr' | 'ms' | 'mrs' | 'miss' | 'dr';
  gender: 'm' | 'f';
  givenName: string;
  familyName: string;
  bornOn: string;
  email: string;
  phone: string;
  document?: { type: 'passport'; number: string; issuingCountry: string; expiresOn: string };
  /** On the adult carrying an infant: the infant's passenger id. */
  infantPassengerId?: string;
}

export interface CreateOrderInput {
  offer: SeenOffer;
  passengers: OrderPassengerInput[];
  /** Bags, seats and other extras: the service id and how many, with the unit price seen. */
  services: { id: string; quantity: number; unitPrice: Money }[];
  /** `instant` pays now from Safar's supplier balance; `hold` keeps the seats until paymentRequiredBy. */
  payment: 'instant' | 'hold';
  /** Safar's own booking id, stored with the supplier order to find it again after an unknown outcome. */
  reference: string;
}

export type OrderAction = 'cancel' | 'change';

export interface SupplierTicket {
  kind: 'eticket' | 'emd';
  number: string;
  passengerIds: string[];
}

export interface AirlineChange {
  id: string;
  orderId: string;
  detectedAt: string;
  added: SupplierSlice[];
  removed: SupplierSlice[];
  actionTaken: 'accepted' | 'cancelled' | 'changed' | null;
  availableActions: ('accept' | 'cancel' | 'change' | 'update')[];
}

export interface SupplierOrder {
  id: string;
  /** The airline's booking reference (PNR). */
  bookingReference: string;
  type: 'instant' | 'hold';
  status: 'confirmed' | 'awaitingPayment' | 'cancelled';
  total: Money;
  owner: Carrier;
  passengers: { id: string; givenName: string; familyName: string }[];
  slices: SupplierSlice[];
  services: { id: string; kind: 'baggage' | 'seat'; quantity: number; passengerIds: string[]; segmentIds: string[]; price: Money; seat: string | null }[];
  tickets: SupplierTicket[];
  conditions: SupplierConditions;
  paymentRequiredBy: string | null;
  priceGuaranteedUntil: string | null;
  availableActions: OrderAction[];
  airlineChanges: AirlineChange[];
  reference: string | null;
}

export interface CancellationQuote {
  id: string;
  orderId: string;
  /** Null: the airline gave no amount before confirming. */
  refund: Money | null;
  refundTo: 'originalPayment' | 'airlineCredits' | 'voucher' | 'awaitingPayment';
  expiresAt: string | null;
  confirmedAt: string | null;
  credits: { id: string; code: string; name: string; amount: Money; passengerId: string }[];
}

export interface ChangeRequestInput {
  orderId: string;
  removeSliceIds: string[];
  add: { origin: string; destination: string; departureDate: string; cabin: CabinClass }[];
}

export interface ChangeOffer {
  id: string;
  expiresAt: string;
  /** What the change costs (positive) or pays back (negative), penalty included. */
  changeTotal: SignedMoney;
  penalty: Money | null;
  /** What the new flights would cost bought new. */
  newTotal: Money | null;
  refundTo: 'originalPayment' | 'voucher' | null;
  add: SupplierSlice[];
  remove: SupplierSlice[];
}

export interface ChangeRequestResult {
  requestId: string;
  offers: ChangeOffer[];
}

export interface ConfirmedChange {
  id: string;
  orderId: string;
  confirmedAt: string;
  changeTotal: SignedMoney;
}

export interface FlightSupplier {
  /** A short stable name recorded with every booking ("world", "duffel"). */
  readonly name: string;
  search(request: SupplierSearch): Promise<SupplierSearchResult>;
  /** Prices one offer again, with its extras for sale. */
  priceOffer(seen: SeenOffer): Promise<PriceCheck>;
  seatMaps(target: SeatMapTarget): Promise<SupplierSeatMap[]>;
  createOrder(input: CreateOrderInput): Promise<SupplierOrder>;
  getOrder(orderId: string): Promise<SupplierOrder>;
  /** After an unknown outcome: the order made from this offer for Safar's booking `reference`, or null when none was made. */
  findOrder(offerId: string, reference: string): Promise<SupplierOrder | null>;
  /** Pays a held order; `amount` is the total the traveller agreed to. */
  payHeldOrder(orderId: string, amount: Money): Promise<SupplierOrder>;
  quoteCancellation(orderId: string): Promise<CancellationQuote>;
  confirmCancellation(quoteId: string): Promise<CancellationQuote>;
  requestChange(input: ChangeRequestInput): Promise<ChangeRequestResult>;
  /** Confirms a change offer; `expected` is the change total the traveller agreed to. */
  confirmChange(changeOfferId: string, expected: SignedMoney): Promise<ConfirmedChange>;
  airlineChanges(orderId: string): Promise<AirlineChange[]>;
  acceptAirlineChange(changeId: string): Promise<AirlineChange>;
  /** Records what was done about a change outside the supplier (only where it lists `update`). */
  recordAirlineChangeAction(changeId: string, action: 'accepted' | 'cancelled' | 'changed'): Promise<AirlineChange>;
}

export const SUPPLIER_ERROR_KINDS = [
  'offerExpired',
  'soldOut',
  'priceChanged',
  'rateLimited',
  'timeout',
  'unavailable',
  'invalidRequest',
  'notFound',
  'notAllowed',
  'unsupported',
  'outcomeUnknown',
  'misconfigured',
] as const;
export type SupplierErrorKind = (typeof SUPPLIER_ERROR_KINDS)[number];

/**
 * What each failure tells the traveller and which API error it becomes:
 * - an expired or sold-out offer, a changed price: search again or accept the new price (409);
 * - rate limited: try again after the wait named (429 with Retry-After);
 * - timed out, unavailable or misconfigured: try again shortly (503, never 500);
 * - an invalid request: the field named (400); unknown ids: 404;
 * - an action the order no longer allows or the airline does not support: 409;
 * - an unknown outcome (the supplier may have booked): we check before anything else happens (503).
 */
const TRAVELLER: Record<SupplierErrorKind, { code: ErrorCode; message: string }> = {
  offerExpired: { code: 'conflict', message: 'This fare has expired. Search again to see current fares.' },
  soldOut: { code: 'conflict', message: 'This fare has just sold out. Search again to see what is still available.' },
  priceChanged: { code: 'conflict', message: 'The airline has changed the price of this fare. Check the new price before you continue.' },
  rateLimited: { code: 'rate_limited', message: 'The airline is busy right now. Please try again in a moment.' },
  timeout: { code: 'unavailable', message: 'The airline took too long to answer. Please try again.' },
  unavailable: { code: 'unavailable', message: 'The airline cannot be reached right now. Please try again shortly.' },
  invalidRequest: { code: 'validation_failed', message: 'The airline could not accept these details. Check them and try again.' },
  notFound: { code: 'not_found', message: 'The airline no longer has this booking or fare.' },
  notAllowed: { code: 'conflict', message: 'The airline no longer allows this on this booking.' },
  unsupported: { code: 'conflict', message: 'This airline does not offer this online.' },
  outcomeUnknown: { code: 'unavailable', message: 'We could not confirm this with the airline yet. We are checking and will update your booking; you will not be charged twice.' },
  misconfigured: { code: 'unavailable', message: 'Booking with this airline is unavailable right now. Please try again later.' },
};

export class SupplierError extends Error {
  override name = 'SupplierError';
  readonly kind: SupplierErrorKind;
  /** Seconds to wait before asking again (rate limits). */
  readonly retryAfterSeconds: number | null;
  /** The supplier's own error code and request id, for support. */
  readonly supplierCode: string | null;
  readonly requestId: string | null;
  /** Field the supplier rejected (invalid requests). */
  readonly field: string | null;

  constructor(kind: SupplierErrorKind, detail: string, options: { retryAfterSeconds?: number | null; supplierCode?: string | null; requestId?: string | null; field?: string | null } = {}) {
    super(detail);
    this.kind = kind;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.supplierCode = options.supplierCode ?? null;
    this.requestId = options.requestId ?? null;
    this.field = options.field ?? null;
  }

  /** The sentence shown to the traveller. */
  get travellerMessage(): string {
    return TRAVELLER[this.kind].message;
  }

  /** The API error the traveller receives (never a 500). */
  toAppError(): AppError {
    const { code, message } = TRAVELLER[this.kind];
    const fields = this.kind === 'invalidRequest' && this.field ? { [this.field]: message } : undefined;
    const error = new AppError(code, message, fields, this.kind);
    // The API's error handler answers Retry-After from this (seconds).
    return this.retryAfterSeconds === null ? error : Object.assign(error, { retryAfterSeconds: this.retryAfterSeconds });
  }
}
