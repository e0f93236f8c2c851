import type { FareCondition } from '../../../core/fares';
import { CABIN_CLASSES } from '../supplier';
import type {
  AirlineChange,
  AvailableService,
  CabinClass,
  CancellationQuote,
  ChangeOffer,
  LocalTime,
  Money,
  OrderAction,
  SupplierAirport,
  SupplierConditions,
  SupplierOffer,
  SupplierOrder,
  SupplierSeat,
  SupplierSeatMap,
  SupplierSeatRow,
  SupplierSlice,
  SupplierTicket,
  SeatCharacteristic,
} from '../supplier';
import type { DuffelAirlineChange, DuffelCancellation, DuffelChangeOffer, DuffelOffer, DuffelOrder, DuffelSeatElement, DuffelSeatMap, DuffelSlice } from './schemas';

/** ISO 4217 currencies whose minor unit is not a hundredth. */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, XAF: 0, XOF: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, LYD: 3, IQD: 3 };

/**
 * A decimal string in a currency as integer minor units, exactly (no floating point):
 * - "221.78" GBP is 22178; "1000" JPY is 1000; "1.234" KWD is 1234; "-12.5" EUR is -1250;
 * - more decimals than the currency has are refused.
 */
export function toMinor(value: string, currency: string): number {
  const digits = MINOR_DIGITS[currency.toUpperCase()] ?? 2;
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) throw new Error(`Not an amount: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.replace(/0+$/, '').length > digits) throw new Error(`Too many decimals for ${currency}: ${value}`);
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  return sign === '-' && minor !== 0 ? -minor : minor;
}

/** Integer minor units as the decimal string Duffel expects ("245.78"). */
export function fromMinor(money: Money): string {
  const digits = MINOR_DIGITS[money.currency.toUpperCase()] ?? 2;
  const negative = money.amountMinor < 0;
  const abs = Math.abs(money.amountMinor);
  if (digits === 0) return `${negative ? '-' : ''}${abs}`;
  const whole = Math.floor(abs / 10 ** digits);
  const fraction = String(abs % 10 ** digits).padStart(digits, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

const money = (amount: string, currency: string): Money => ({ amountMinor: toMinor(amount, currency), currency });

/** The UTC offset of a time zone at an instant, as minutes east of UTC. */
function offsetMinutes(timeZone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

/**
 * A local wall-clock time at an airport with its offset and instant:
 * - the offset is the airport time zone's offset at that local time ("2027-01-15T06:00:00" in Asia/Kolkata is +05:30, 00:30Z);
 * - summer time is honoured (London in July is +01:00);
 * - the local string is kept as given, without seconds fractions.
 */
export function localTime(local: string, timeZone: string): LocalTime {
  const trimmed = local.replace(/\.\d+$/, '').replace(/Z$/, '');
  const full = /T\d{2}:\d{2}$/.test(trimmed) ? `${trimmed}:00` : trimmed;
  const asUtc = Date.parse(`${full}Z`);
  let offset = offsetMinutes(timeZone, asUtc);
  offset = offsetMinutes(timeZone, asUtc - offset * 60_000);
  const utc = new Date(asUtc - offset * 60_000).toISOString();
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return { local: full, offset: `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`, utc };
}

/** An ISO 8601 duration ("PT2H10M", "P1DT2H") in minutes; null when absent or unreadable. */
export function durationMinutes(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+S)?)?$/.exec(value);
  if (!match) return null;
  return Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

const airport = (a: DuffelSlice['segments'][number]['origin']): SupplierAirport => ({
  code: a.iata_code ?? '',
  name: a.name,
  cityName: a.city_name ?? a.name,
  countryCode: a.iata_country_code,
  timeZone: a.time_zone,
});

const cabin = (value: string | null): CabinClass => CABIN_CLASSES.find((c) => c === value) ?? 'economy';

function mapSlice(slice: DuffelSlice): SupplierSlice {
  return {
    id: slice.id,
    origin: slice.origin.iata_code ?? slice.origin.name,
    destination: slice.destination.iata_code ?? slice.destination.name,
    durationMinutes: durationMinutes(slice.duration),
    fareBrand: slice.fare_brand_name,
    segments: slice.segments.map((s) => {
      const departing = localTime(s.departing_at, s.origin.time_zone);
      const arriving = localTime(s.arriving_at, s.destination.time_zone);
      return {
        id: s.id,
        origin: airport(s.origin),
        destination: airport(s.destination),
        originTerminal: s.origin_terminal,
        destinationTerminal: s.destination_terminal,
        departing,
        arriving,
        durationMinutes: durationMinutes(s.duration) ?? Math.round((Date.parse(arriving.utc) - Date.parse(departing.utc)) / 60_000),
        marketing: { carrier: { code: s.marketing_carrier.iata_code, name: s.marketing_carrier.name }, flightNumber: s.marketing_carrier_flight_number },
        operating: { carrier: { code: s.operating_carrier.iata_code, name: s.operating_carrier.name }, flightNumber: s.operating_carrier_flight_number ?? s.marketing_carrier_flight_number },
        aircraft: s.aircraft ? { code: s.aircraft.iata_code, name: s.aircraft.name } : null,
        stops: s.stops.map((stop) => ({ airport: airport(stop.airport), arriving: localTime(stop.arriving_at, stop.airport.time_zone), departing: localTime(stop.departing_at, stop.airport.time_zone) })),
        passengers: s.passengers.map((p) => ({
          passengerId: p.passenger_id ?? '',
          cabin: cabin(p.cabin_class),
          cabinName: p.cabin_class_marketing_name,
          fareBasis: p.fare_basis_code ?? null,
          checkedBags: p.baggages.filter((b) => b.type === 'checked').reduce((sum, b) => sum + b.quantity, 0),
          carryOnBags: p.baggages.filter((b) => b.type === 'carry_on').reduce((sum, b) => sum + b.quantity, 0),
          seat: p.seat?.designator ?? null,
        })),
      };
    }),
  };
}

function mapConditions(c: DuffelOffer['conditions']): SupplierConditions {
  const one = (x: DuffelOffer['conditions']['change_before_departure']): FareCondition | null =>
    x === null ? null : { allowed: x.allowed, penaltyPaise: x.penalty_amount === null || x.penalty_currency === null ? null : Math.abs(toMinor(x.penalty_amount, x.penalty_currency)) };
  const currency = c.change_before_departure?.penalty_currency ?? c.refund_before_departure?.penalty_currency ?? null;
  return { fare: { changeBeforeDeparture: one(c.change_before_departure), refundBeforeDeparture: one(c.refund_before_departure) }, penaltyCurrency: currency };
}

const passengerType = (type: string | null | undefined): 'adult' | 'child' | 'infant' | null =>
  type === 'adult' ? 'adult' : type === 'child' ? 'child' : type === 'infant_without_seat' ? 'infant' : null;

export const mapPassenger = (p: { id: string; type?: string | null | undefined; age?: number | null | undefined }) => ({ id: p.id, type: passengerType(p.type), age: p.age ?? null });

export function mapOffer(offer: DuffelOffer): SupplierOffer {
  const services: AvailableService[] = (offer.available_services ?? []).flatMap((s): AvailableService[] => {
    if (s.type !== 'baggage' && s.type !== 'cancel_for_any_reason') return [];
    return [{
      id: s.id,
      kind: s.type === 'baggage' ? 'baggage' : 'cancelForAnyReason',
      maxQuantity: s.maximum_quantity,
      passengerIds: s.passenger_ids,
      segmentIds: s.segment_ids,
      price: money(s.total_amount, s.total_currency),
      baggage: s.type === 'baggage' ? { type: s.metadata?.type === 'carry_on' ? 'carryOn' : 'checked', maxWeightKg: s.metadata?.maximum_weight_kg ?? null } : null,
    }];
  });
  return {
    id: offer.id,
    expiresAt: offer.expires_at,
    total: money(offer.total_amount, offer.total_currency),
    base: money(offer.base_amount, offer.base_currency),
    tax: offer.tax_amount !== null && offer.tax_currency !== null ? money(offer.tax_amount, offer.tax_currency) : null,
    owner: { code: offer.owner.iata_code, name: offer.owner.name },
    passengers: offer.passengers.map(mapPassenger),
    slices: offer.slices.map(mapSlice),
    conditions: mapConditions(offer.conditions),
    instantPaymentRequired: offer.payment_requirements.requires_instant_payment,
    paymentRequiredBy: offer.payment_requirements.payment_required_by,
    priceGuaranteedUntil: offer.payment_requirements.price_guarantee_expires_at,
    identityDocumentsRequired: offer.passenger_identity_documents_required,
    services,
  };
}

const AIC_ACTIONS = new Set(['accept', 'cancel', 'change', 'update']);

export function mapAirlineChange(change: DuffelAirlineChange): AirlineChange {
  return {
    id: change.id,
    orderId: change.order_id,
    detectedAt: change.created_at,
    added: change.added.map(mapSlice),
    removed: change.removed.map(mapSlice),
    actionTaken: change.action_taken,
    availableActions: change.available_actions.filter((a): a is AirlineChange['availableActions'][number] => AIC_ACTIONS.has(a)),
  };
}

export function mapOrder(order: DuffelOrder): SupplierOrder {
  const actions = order.available_actions.filter((a): a is OrderAction => a === 'cancel' || a === 'change');
  return {
    id: order.id,
    bookingReference: order.booking_reference,
    type: order.type ?? (order.payment_status.awaiting_payment ? 'hold' : 'instant'),
    status: order.cancelled_at ? 'cancelled' : order.payment_status.awaiting_payment ? 'awaitingPayment' : 'confirmed',
    total: money(order.total_amount, order.total_currency),
    owner: { code: order.owner.iata_code, name: order.owner.name },
    passengers: order.passengers.map((p) => ({ id: p.id, givenName: p.given_name, familyName: p.family_name })),
    slices: order.slices.map(mapSlice),
    services: order.services.flatMap((s) =>
      s.type === 'baggage' || s.type === 'seat'
        ? [{ id: s.id, kind: s.type, quantity: s.quantity, passengerIds: s.passenger_ids, segmentIds: s.segment_ids, price: money(s.total_amount, s.total_currency), seat: s.type === 'seat' ? (s.metadata?.designator ?? null) : null }]
        : [],
    ),
    tickets: (order.documents ?? []).flatMap((d): SupplierTicket[] =>
      d.type === 'electronic_ticket' ? [{ kind: 'eticket', number: d.unique_identifier, passengerIds: d.passenger_ids }] : d.type.startsWith('electronic_miscellaneous') ? [{ kind: 'emd', number: d.unique_identifier, passengerIds: d.passenger_ids }] : [],
    ),
    conditions: mapConditions(order.conditions),
    paymentRequiredBy: order.payment_status.payment_required_by ?? null,
    priceGuaranteedUntil: order.payment_status.price_guarantee_expires_at ?? null,
    availableActions: actions,
    airlineChanges: (order.airline_initiated_changes ?? []).map(mapAirlineChange),
    reference: order.metadata?.safar_booking_id ?? null,
  };
}

const REFUND_TO: Record<string, CancellationQuote['refundTo']> = {
  balance: 'originalPayment',
  card: 'originalPayment',
  arc_bsp_cash: 'originalPayment',
  original_form_of_payment: 'originalPayment',
  voucher: 'voucher',
  airline_credits: 'airlineCredits',
  awaiting_payment: 'awaitingPayment',
};

export function mapCancellation(c: DuffelCancellation): CancellationQuote {
  return {
    id: c.id,
    orderId: c.order_id,
    refund: c.refund_amount !== null && c.refund_currency !== null ? money(c.refund_amount, c.refund_currency) : null,
    refundTo: REFUND_TO[c.refund_to] ?? 'originalPayment',
    expiresAt: c.expires_at,
    confirmedAt: c.confirmed_at,
    credits: c.airline_credits.map((credit) => ({ id: credit.id, code: credit.credit_code, name: credit.credit_name, amount: money(credit.credit_amount, credit.credit_currency), passengerId: credit.passenger_id })),
  };
}

export function mapChangeOffer(o: DuffelChangeOffer): ChangeOffer {
  const penaltyAmount = o.penalty_total_amount ?? o.penalty_amount ?? null;
  const penaltyCurrency = o.penalty_total_currency ?? o.penalty_currency ?? null;
  const refundTo = o.refund_to === null ? null : o.refund_to === 'voucher' ? 'voucher' : 'originalPayment';
  return {
    id: o.id,
    expiresAt: o.expires_at,
    changeTotal: money(o.change_total_amount, o.change_total_currency),
    penalty: penaltyAmount !== null && penaltyCurrency !== null ? money(penaltyAmount, penaltyCurrency) : null,
    newTotal: o.new_total_amount !== null && o.new_total_currency !== null ? money(o.new_total_amount, o.new_total_currency) : null,
    refundTo,
    add: o.slices.add.map(mapSlice),
    remove: o.slices.remove.map(mapSlice),
  };
}

const FACILITIES = new Set(['bassinet', 'exit_row', 'lavatory', 'galley', 'closet', 'stairs']);

/**
 * Duffel's seat map as rows of seats:
 * - a seat is available when it has at least one seat service (a price for some passenger);
 * - the first seat of the first section and the last of the last section are windows; seats next to an aisle are aisles; others middle;
 * - a seat is an exit seat when its row, or the row before it, has an `exit_row` element, or its name says "exit";
 * - rows inside the cabin's `wings` range are over the wing; `restricted_seat_general` seats are restricted;
 * - the row number is the designator's digits; the column its letters.
 */
export function mapSeatMap(map: DuffelSeatMap): SupplierSeatMap {
  return {
    segmentId: map.segment_id,
    sliceId: map.slice_id,
    cabins: map.cabins.map((c) => {
      const hasExit = c.rows.map((r) => r.sections.some((s) => s.elements.some((e) => e.type === 'exit_row')));
      const rows: SupplierSeatRow[] = [];
      c.rows.forEach((r, index) => {
        const seatElements = r.sections.flatMap((s) => s.elements).filter((e) => e.designator !== undefined);
        const first = seatElements[0]?.designator;
        const rowNumber = first ? Number(/^\d+/.exec(first)?.[0] ?? 0) : 0;
        const facilities = [...new Set(r.sections.flatMap((s) => s.elements.map((e) => e.type)).filter((t) => FACILITIES.has(t)))];
        if (seatElements.length === 0) {
          rows.push({ row: rowNumber, sections: [], facilities });
          return;
        }
        const exit = hasExit[index] === true || (index > 0 && hasExit[index - 1] === true && c.rows[index - 1]?.sections.every((s) => s.elements.every((e) => e.designator === undefined)) === true);
        const overWing = c.wings !== null && index >= c.wings.first_row_index && index <= c.wings.last_row_index;
        const sectionCount = r.sections.length;
        rows.push({
          row: rowNumber,
          facilities,
          sections: r.sections.map((section, si) => {
            const seats = section.elements;
            return seats.map((e, ei) => (e.designator === undefined ? null : seat(e, { window: (si === 0 && ei === 0) || (si === sectionCount - 1 && ei === seats.length - 1), aisle: (si > 0 && ei === 0) || (si < sectionCount - 1 && ei === seats.length - 1), exit, overWing })));
          }),
        });
      });
      return { cabin: c.cabin_class, deck: c.deck, aisles: c.aisles, rows };
    }),
  };
}

function seat(e: DuffelSeatElement, where: { window: boolean; aisle: boolean; exit: boolean; overWing: boolean }): SupplierSeat {
  const designator = e.designator ?? '';
  const characteristics: SeatCharacteristic[] = [];
  if (where.window) characteristics.push('window');
  if (where.aisle) characteristics.push('aisle');
  if (!where.window && !where.aisle) characteristics.push('middle');
  if (where.exit || /exit/i.test(e.name ?? '')) characteristics.push('exit');
  if (where.overWing) characteristics.push('overWing');
  if (e.type === 'restricted_seat_general') characteristics.push('restricted');
  return {
    designator,
    row: Number(/^\d+/.exec(designator)?.[0] ?? 0),
    column: designator.replace(/^\d+/, ''),
    available: e.available_services.length > 0,
    offers: e.available_services.map((s) => ({ serviceId: s.id, passengerId: s.passenger_id, price: money(s.total_amount, s.total_currency) })),
    characteristics,
    name: e.name ?? null,
    disclosures: e.disclosures,
  };
}
