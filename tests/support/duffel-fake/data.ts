/// <reference types="@duffel/api" />
import type {
  Aircraft,
  Airline,
  Airport,
  CabinClass,
  FlightsConditions,
  Offer,
  OfferAvailableService,
  OfferSlice,
  OfferSliceSegment,
  OrderSlice,
  SeatMap,
  SeatMapCabinRow,
  SeatMapCabinRowSectionElement,
} from '@duffel/api/types';

/**
 * The contract fake's world: airports, Duffel Airways, and builders of Duffel-shaped resources.
 * Builders are typed with `@duffel/api`'s own types, so the compiler checks that what the fake
 * sends is what the official client expects (where its types are right; see FakeOrder).
 */

/** A seeded generator (mulberry32): the same seed gives the same ids, prices and seat maps. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const idMaker = (random: () => number) => (prefix: string) => `${prefix}_0000${Array.from({ length: 18 }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('')}`;

type AirportRow = [iata: string, icao: string, name: string, city: string, country: string, tz: string, lat: number, lon: number];
const AIRPORT_ROWS: AirportRow[] = [
  ['DEL', 'VIDP', 'Indira Gandhi International Airport', 'New Delhi', 'IN', 'Asia/Kolkata', 28.5562, 77.1],
  ['BOM', 'VABB', 'Chhatrapati Shivaji Maharaj International Airport', 'Mumbai', 'IN', 'Asia/Kolkata', 19.0896, 72.8656],
  ['BLR', 'VOBL', 'Kempegowda International Airport', 'Bengaluru', 'IN', 'Asia/Kolkata', 13.1986, 77.7066],
  ['LHR', 'EGLL', 'Heathrow Airport', 'London', 'GB', 'Europe/London', 51.47, -0.4543],
  ['LGW', 'EGKK', 'Gatwick Airport', 'London', 'GB', 'Europe/London', 51.1537, -0.1821],
  ['STN', 'EGSS', 'Stansted Airport', 'London', 'GB', 'Europe/London', 51.885, 0.235],
  ['LTN', 'EGGW', 'Luton Airport', 'London', 'GB', 'Europe/London', 51.8747, -0.3683],
  ['JFK', 'KJFK', 'John F. Kennedy International Airport', 'New York', 'US', 'America/New_York', 40.6413, -73.7781],
  ['EWR', 'KEWR', 'Newark Liberty International Airport', 'Newark', 'US', 'America/New_York', 40.6895, -74.1745],
  ['PVD', 'KPVD', 'Rhode Island T. F. Green International Airport', 'Providence', 'US', 'America/New_York', 41.724, -71.4283],
  ['RAI', 'GVNP', 'Nelson Mandela International Airport', 'Praia', 'CV', 'Atlantic/Cape_Verde', 14.9245, -23.4935],
  ['DXB', 'OMDB', 'Dubai International Airport', 'Dubai', 'AE', 'Asia/Dubai', 25.2532, 55.3657],
  ['AMS', 'EHAM', 'Amsterdam Airport Schiphol', 'Amsterdam', 'NL', 'Europe/Amsterdam', 52.3105, 4.7683],
  ['MCT', 'OOMS', 'Muscat International Airport', 'Muscat', 'OM', 'Asia/Muscat', 23.5933, 58.2844],
  ['BTS', 'LZIB', 'M. R. Štefánik Airport', 'Bratislava', 'SK', 'Europe/Bratislava', 48.1702, 17.2127],
  ['MRU', 'FIMP', 'Sir Seewoosagur Ramgoolam International Airport', 'Mauritius', 'MU', 'Indian/Mauritius', -20.43, 57.6836],
  ['ABV', 'DNAA', 'Nnamdi Azikiwe International Airport', 'Abuja', 'NG', 'Africa/Lagos', 9.0068, 7.2632],
  ['SYD', 'YSSY', 'Sydney Kingsford Smith Airport', 'Sydney', 'AU', 'Australia/Sydney', -33.9399, 151.1753],
];

export const AIRPORTS = new Map<string, Airport>(
  AIRPORT_ROWS.map(([iata, icao, name, city, country, tz, lat, lon]) => [
    iata,
    { id: `arp_${iata.toLowerCase()}_${country.toLowerCase()}`, type: 'airport', iata_code: iata, icao_code: icao, name, city_name: city, iata_city_code: iata, iata_country_code: country, latitude: lat, longitude: lon, time_zone: tz, city: null },
  ]),
);

const DUFFEL_AIRWAYS: Airline = {
  id: 'arl_00009VME7DAGiJjwomhv32',
  name: 'Duffel Airways',
  iata_code: 'ZZ',
  logo_symbol_url: 'https://assets.duffel.com/img/airlines/for-light-background/full-color-logo/ZZ.svg',
  logo_lockup_url: 'https://assets.duffel.com/img/airlines/for-light-background/full-color-lockup/ZZ.svg',
  conditions_of_carriage_url: 'https://duffel.com/conditions-of-carriage',
};

/** The operating carrier of the afternoon flights, codeshares (Duffel Airways markets, this airline flies). */
const OPERATOR: Airline = { id: 'arl_00009VME7D6ivUu8dn35WK', name: 'Safar Test Regional', iata_code: 'XR', logo_symbol_url: null, logo_lockup_url: null, conditions_of_carriage_url: null };

const AIRBUS: Aircraft = { id: 'arc_00009UhD4ongolulWd91Ky', name: 'Airbus Industries A320', iata_code: '320' };
const BOEING: Aircraft = { id: 'arc_00009VMF8AhXSSRnQDI6Hi', name: 'Boeing 787-9', iata_code: '789' };

function offsetMinutes(timeZone: string, instant: number): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** Local wall-clock time (no offset, the way Duffel sends it) of an instant at an airport. */
function localAt(instant: number, timeZone: string): string {
  return new Date(instant + offsetMinutes(timeZone, instant) * 60_000).toISOString().slice(0, 19);
}

/** The instant of a local wall-clock time at an airport. */
function instantOf(local: string, timeZone: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const first = offsetMinutes(timeZone, asUtc);
  return asUtc - offsetMinutes(timeZone, asUtc - first * 60_000) * 60_000;
}

const iso = (minutes: number) => `PT${Math.floor(minutes / 60)}H${minutes % 60}M`;

/** Block times between the fake's airports (minutes); other pairs get 2 h 10 min. */
const BLOCK: Record<string, number> = { 'DEL-BOM': 130, 'BOM-DEL': 135, 'DEL-BLR': 165, 'LHR-JFK': 480, 'JFK-LHR': 415, 'LHR-AMS': 75, 'AMS-DXB': 390, 'DXB-MCT': 70, 'MCT-AMS': 420, 'LTN-SYD': 1320, 'LHR-LTN': 45 };
const blockMinutes = (from: string, to: string) => BLOCK[`${from}-${to}`] ?? 130;

export interface FareBrand {
  name: string;
  conditions: (currency: string) => FlightsConditions;
  instantOnly: boolean;
  checked: number;
}

/**
 * Three fare brands per search, cheapest first:
 * - Basic: no change, no refund, instant payment only, cabin bag only;
 * - Standard: change with a 40.00 penalty, no refund, holdable, one checked bag;
 * - Flex: change and refund free, holdable, two checked bags.
 */
export const BRANDS: FareBrand[] = [
  { name: 'Basic', instantOnly: true, checked: 0, conditions: () => ({ change_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null }, refund_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null } }) },
  { name: 'Standard', instantOnly: false, checked: 1, conditions: (c) => ({ change_before_departure: { allowed: true, penalty_amount: '40.00', penalty_currency: c }, refund_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null } }) },
  { name: 'Flex', instantOnly: false, checked: 2, conditions: (c) => ({ change_before_departure: { allowed: true, penalty_amount: '0.00', penalty_currency: c }, refund_before_departure: { allowed: true, penalty_amount: '0.00', penalty_currency: c } }) },
];

export interface SliceRequest {
  origin: string;
  destination: string;
  departure_date: string;
}

export interface BuildContext {
  id: (prefix: string) => string;
  random: () => number;
  /** Passenger ids of the offer request. */
  passengerIds: string[];
  cabin: CabinClass;
  brand: FareBrand;
  /** Departure hour (local) of this offer's flights. */
  hour: number;
  noBaggage: boolean;
}

function segment(ctx: BuildContext, from: string, to: string, departLocal: string, flightNumber: string): OfferSliceSegment {
  const origin = AIRPORTS.get(from);
  const destination = AIRPORTS.get(to);
  if (!origin || !destination) throw new Error(`Unknown airport in the fake: ${from}-${to}`);
  const minutes = blockMinutes(from, to);
  const departs = instantOf(departLocal, origin.time_zone);
  const arrives = departs + minutes * 60_000;
  const longHaul = minutes > 300;
  const stop = from === 'DXB' && to === 'AMS';
  const stopAirport = AIRPORTS.get('MCT');
  return {
    id: ctx.id('seg'),
    origin,
    destination,
    origin_terminal: from === 'DEL' ? '3' : from === 'LHR' ? '5' : '1',
    destination_terminal: to === 'BOM' ? '2' : to === 'JFK' ? '4' : '1',
    departing_at: localAt(departs, origin.time_zone),
    arriving_at: localAt(arrives, destination.time_zone),
    duration: iso(minutes),
    distance: String(Math.round(minutes * 12.5)),
    marketing_carrier: DUFFEL_AIRWAYS,
    marketing_carrier_flight_number: flightNumber,
    operating_carrier: ctx.hour === 13 ? OPERATOR : DUFFEL_AIRWAYS,
    operating_carrier_flight_number: ctx.hour === 13 ? `9${flightNumber}` : flightNumber,
    aircraft: longHaul ? BOEING : AIRBUS,
    stops:
      stop && stopAirport
        ? [{ id: ctx.id('sto'), airport: stopAirport, arriving_at: localAt(departs + 70 * 60_000, stopAirport.time_zone), departing_at: localAt(departs + 130 * 60_000, stopAirport.time_zone), duration: 'PT1H0M' }]
        : [],
    passengers: ctx.passengerIds.map((passenger_id) => ({
      passenger_id,
      cabin_class: ctx.cabin,
      cabin_class_marketing_name: ctx.cabin === 'economy' ? 'Economy' : ctx.cabin === 'premium_economy' ? 'Premium Economy' : ctx.cabin === 'business' ? 'Business' : 'First',
      fare_basis_code: `${ctx.brand.name.slice(0, 1)}${ctx.cabin.slice(0, 1).toUpperCase()}ZZ`,
      baggages: [
        { type: 'checked', quantity: ctx.noBaggage ? 0 : ctx.brand.checked },
        { type: 'carry_on', quantity: ctx.noBaggage ? 0 : 1 },
      ],
      cabin: { name: ctx.cabin, marketing_name: 'Economy', amenities: { wifi: { available: true, cost: 'paid' }, seat: { pitch: 'standard', type: 'standard' }, power: { available: longHaul } } },
    })),
  };
}

/** One slice: direct, except LHR→DXB which connects in Amsterdam. */
export function buildSlice(ctx: BuildContext, request: SliceRequest, index: number): OfferSlice {
  const hh = String(ctx.hour).padStart(2, '0');
  const first = `${request.departure_date}T${hh}:${index === 0 ? '05' : '35'}:00`;
  const flightNumber = (n: number) => String(100 + ctx.hour * 10 + n);
  let segments: OfferSliceSegment[];
  if (request.origin === 'LHR' && request.destination === 'DXB') {
    const leg1 = segment(ctx, 'LHR', 'AMS', first, flightNumber(1));
    const leg2Depart = localAt(instantOf(leg1.arriving_at, 'Europe/Amsterdam') + 95 * 60_000, 'Europe/Amsterdam');
    segments = [leg1, segment(ctx, 'AMS', 'DXB', leg2Depart, flightNumber(2))];
  } else {
    segments = [segment(ctx, request.origin, request.destination, first, flightNumber(index))];
  }
  const origin = segments[0]?.origin;
  const destination = segments.at(-1)?.destination;
  if (!origin || !destination) throw new Error('A slice needs a segment');
  const start = instantOf(segments[0]?.departing_at ?? '', origin.time_zone);
  const end = instantOf(segments.at(-1)?.arriving_at ?? '', destination.time_zone);
  const conditions = ctx.brand.conditions('GBP');
  return {
    id: ctx.id('sli'),
    origin,
    origin_type: 'airport',
    destination,
    destination_type: 'airport',
    duration: iso(Math.round((end - start) / 60_000)),
    fare_brand_name: ctx.brand.name,
    segments,
    conditions: { change_before_departure: conditions.change_before_departure, refund_before_departure: conditions.refund_before_departure, advance_seat_selection: ctx.brand.name !== 'Basic', priority_boarding: ctx.brand.name === 'Flex', priority_check_in: ctx.brand.name === 'Flex' },
    ngs_shelf: BRANDS.indexOf(ctx.brand) + 1,
    comparison_key: `${request.origin}${request.destination}${ctx.hour}`,
  };
}

/** A decimal string of minor units ("221.78"). */
export const decimal = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
export const minorOf = (value: string) => Math.round(Number(value) * 100);

export interface OfferBuild {
  ctx: BuildContext;
  slices: SliceRequest[];
  passengers: Offer['passengers'];
  currency: string;
  now: number;
  /** Whole offer, all passengers: base fare in minor units. */
  baseMinor: number;
  taxMinor: number;
  withServices: boolean;
}

export function buildOffer(build: OfferBuild): Offer {
  const { ctx } = build;
  const slices = build.slices.map((s, i) => buildSlice(ctx, s, i));
  const conditions = ctx.brand.conditions(build.currency);
  const services: OfferAvailableService[] = build.withServices
    ? slices.flatMap((slice) =>
        ctx.passengerIds.map((passengerId) => ({
          id: ctx.id('ase'),
          type: 'baggage' as const,
          maximum_quantity: 1,
          passenger_ids: [passengerId],
          segment_ids: slice.segments.map((s) => s.id),
          total_amount: '20.00',
          total_currency: build.currency,
          metadata: { type: 'checked' as const, maximum_weight_kg: 23, maximum_height_cm: null, maximum_length_cm: null, maximum_depth_cm: null },
        })),
      )
    : [];
  const created = new Date(build.now).toISOString();
  return {
    id: ctx.id('off'),
    live_mode: false,
    created_at: created,
    updated_at: created,
    expires_at: new Date(build.now + 30 * 60_000).toISOString(),
    total_amount: decimal(build.baseMinor + build.taxMinor),
    total_currency: build.currency,
    base_amount: decimal(build.baseMinor),
    base_currency: build.currency,
    tax_amount: decimal(build.taxMinor),
    tax_currency: build.currency,
    total_emissions_kg: String(90 * slices.length * ctx.passengerIds.length),
    owner: DUFFEL_AIRWAYS,
    passengers: build.passengers,
    slices,
    conditions,
    payment_requirements: {
      requires_instant_payment: ctx.brand.instantOnly,
      payment_required_by: ctx.brand.instantOnly ? null : new Date(build.now + 72 * 3_600_000).toISOString(),
      price_guarantee_expires_at: ctx.brand.instantOnly ? null : new Date(build.now + 48 * 3_600_000).toISOString(),
    },
    available_services: services,
    passenger_identity_documents_required: false,
    supported_passenger_identity_document_types: ['passport'],
    supported_loyalty_programmes: ['ZZ'],
    private_fares: [],
    partial: false,
  };
}

export interface SeatService {
  designator: string;
  segmentId: string;
  passengerId: string;
  minor: number;
}

/**
 * A seat map per segment: a galley/lavatory row, rows 1–24 of six seats (ABC DEF, one aisle), an exit row
 * element before row 12, wings over rows 10–16. About half the seats are for sale (20.00; exit row 30.00;
 * rows 20+ free), the rest taken; 24F is a restricted seat; seats already ordered are taken.
 */
export function buildSeatMaps(ctx: Pick<BuildContext, 'id' | 'random' | 'passengerIds'>, offer: Offer, taken: Set<string>, currency: string, register: (serviceId: string, service: SeatService) => void): SeatMap[] {
  return offer.slices.flatMap((slice) =>
    slice.segments.map((seg): SeatMap => {
      const rows: SeatMapCabinRow[] = [{ sections: [{ elements: [{ type: 'lavatory' }] }, { elements: [{ type: 'galley' }] }] }];
      for (let row = 1; row <= 24; row++) {
        if (row === 12) rows.push({ sections: [{ elements: [{ type: 'exit_row' }] }, { elements: [{ type: 'exit_row' }] }] });
        const sections = [['A', 'B', 'C'], ['D', 'E', 'F']].map((letters) => ({
          elements: letters.map((letter): SeatMapCabinRowSectionElement => {
            const designator = `${row}${letter}`;
            const restricted = designator === '24F';
            const forSale = !restricted && !taken.has(`${seg.id}:${designator}`) && ctx.random() < 0.5;
            const minor = row === 12 ? 3000 : row >= 20 ? 0 : 2000;
            return {
              type: restricted ? 'restricted_seat_general' : 'seat',
              designator,
              ...(row === 12 ? { name: 'Exit row seat' } : {}),
              disclosures: row === 12 ? ['Must be able to assist in an evacuation'] : [],
              available_services: forSale
                ? ctx.passengerIds.map((passengerId) => {
                    const id = ctx.id('ase');
                    register(id, { designator, segmentId: seg.id, passengerId, minor });
                    return { id, passenger_id: passengerId, total_amount: decimal(minor), total_currency: currency };
                  })
                : [],
            };
          }),
        }));
        rows.push({ sections });
      }
      return { id: ctx.id('sea'), slice_id: slice.id, segment_id: seg.id, cabins: [{ deck: 0, cabin_class: 'economy', aisles: 1, wings: { first_row_index: 10, last_row_index: 17 }, rows }] };
    }),
  );
}

/** An offer slice as an order slice (conditions without refund, passengers with their seats). */
export function toOrderSlice(slice: OfferSlice, seats: Map<string, string>): OrderSlice {
  return {
    id: slice.id,
    origin: slice.origin,
    origin_type: slice.origin_type,
    destination: slice.destination,
    destination_type: slice.destination_type,
    duration: slice.duration,
    fare_brand_name: slice.fare_brand_name,
    conditions: { change_before_departure: slice.conditions.change_before_departure },
    segments: slice.segments.map((s) => ({
      ...s,
      origin_terminal: s.origin_terminal ?? '',
      destination_terminal: s.destination_terminal ?? '',
      duration: s.duration ?? '',
      distance: s.distance ?? '',
      passengers: s.passengers.map((p) => {
        const designator = seats.get(`${s.id}:${p.passenger_id}`);
        return { passenger_id: p.passenger_id, cabin_class: p.cabin_class, cabin_class_marketing_name: p.cabin_class_marketing_name, baggages: p.baggages, ...(designator ? { seat: { designator, name: null, disclosures: [] } } : {}) };
      }),
    })),
  };
}

/** A slice moved by `minutes` (an airline schedule change), with new slice and segment ids. */
export function shiftSlice(slice: OrderSlice, minutes: number, id: (prefix: string) => string): OrderSlice {
  return {
    ...slice,
    id: id('sli'),
    segments: slice.segments.map((s) => ({
      ...s,
      id: id('seg'),
      departing_at: localAt(instantOf(s.departing_at, s.origin.time_zone) + minutes * 60_000, s.origin.time_zone),
      arriving_at: localAt(instantOf(s.arriving_at, s.destination.time_zone) + minutes * 60_000, s.destination.time_zone),
    })),
  };
}
