import { canConvertToInr } from '../../core/fx';
import { type Cabin, type CompactLeg, type CompactRoundTripResponse, type CompactSearchResponse, type Itinerary, type RoundTripMarket, type RoundTripQuery, type SearchQuery, journeyQueries } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import type { SupplierFare, SupplierId } from '../../core/suppliers';
import { perTravellerInr } from './all-in';
import type { OfferCache } from './offer-cache';
import type { CabinClass, FlightSupplier, SupplierOffer, SupplierSearch } from './supplier';

/** Safar's cabins as the supplier names them. */
const CABIN_TO_SUPPLIER: Record<Cabin, CabinClass> = { economy: 'economy', premium: 'premium_economy', business: 'business', first: 'first' };

/** The answer's reason when the supplier has no offers. */
const NO_SUPPLIER_OFFERS = 'No airline offers seats on this route on this date. Try another date.';

/**
 * The supplier search for Safar's journeys (one for a one-way, the outbound and the return for a round
 * trip): one slice per journey, the query's travellers (children as 8-year-olds, infants as 1-year-olds:
 * ages the airline re-checks from birth dates at ordering), its cabin.
 */
function supplierSearchOf(query: SearchQuery, journeys: readonly SearchQuery[] = [query]): SupplierSearch {
  return {
    slices: journeys.map((j) => ({ origin: j.from, destination: j.to, departureDate: j.date })),
    passengers: [
      ...Array.from({ length: query.adults }, () => ({ type: 'adult' as const })),
      ...Array.from({ length: query.children }, () => ({ age: 8 })),
      ...Array.from({ length: query.infants }, () => ({ age: 1 })),
    ],
    cabin: CABIN_TO_SUPPLIER[query.cabin],
  };
}

/** The cache key of a query (every field that changes the supplier's answer). */
const supplierSearchKey = (query: SearchQuery): string => `${query.from}-${query.to}@${query.date}:${query.cabin}:${query.adults}/${query.children}/${query.infants}`;

/**
 * A supplier's offer as Safar's compact itinerary, with its airports and airlines:
 * - each segment is a leg "<marketing carrier><number>@<local departure date>", local times with their offsets, terminals and aircraft;
 * - the price per passenger is `perTravellerInr` (the supplier's total in rupees shared equally, rounded up, plus Safar's fee as
 *   its own line: `taxesAndFees` holds the fee; the airline's taxes are inside the fare);
 * - null for an offer in a currency Safar cannot convert, or with no segments.
 */
function compactOffer(supplier: SupplierId, offer: SupplierOffer, query: SearchQuery, names: { airports: CompactSearchResponse['airports']; carriers: CompactSearchResponse['carriers'] }): CompactSearchResponse['itineraries'][number] | null {
  if (!canConvertToInr(offer.total.currency)) return null;
  const segments = offer.slices.flatMap((slice) => slice.segments);
  const first = segments[0];
  if (!first || offer.slices.some((slice) => slice.segments.length === 0)) return null;
  const legs = segments.map((s): CompactLeg => {
    const carrier = s.marketing.carrier.code ?? offer.owner.code ?? 'ZZ';
    names.carriers[carrier] = s.marketing.carrier.name;
    names.airports[s.origin.code] = { name: s.origin.name, city: s.origin.cityName };
    names.airports[s.destination.code] = { name: s.destination.name, city: s.destination.cityName };
    return [
      `${carrier}${s.marketing.flightNumber}@${s.departing.local.slice(0, 10)}`,
      s.origin.code,
      s.originTerminal,
      s.destination.code,
      s.destinationTerminal,
      `${s.departing.local}${s.departing.offset}`,
      `${s.arriving.local}${s.arriving.offset}`,
      s.aircraft?.name ?? 'Aircraft to be confirmed',
    ];
  });
  const travellers = Math.max(1, query.adults + query.children + query.infants);
  const { fare: perHead, fee, conversion } = perTravellerInr(offer.total, travellers);
  const passengers = first.passengers[0];
  const fare: SupplierFare = {
    supplier,
    offerId: offer.id,
    expiresAt: offer.expiresAt,
    owner: offer.owner.name,
    fareBrand: offer.slices[0]?.fareBrand ?? null,
    conditions: offer.conditions.fare,
    penaltyCurrency: offer.conditions.penaltyCurrency,
    baggage: { checked: passengers?.checkedBags ?? 0, carryOn: passengers?.carryOnBags ?? 0 },
    operatedBy: segments.map((s) =>
      s.operating.carrier.code === s.marketing.carrier.code && s.operating.flightNumber === s.marketing.flightNumber
        ? null
        : { carrierName: s.operating.carrier.name, flightNumber: `${s.operating.carrier.code ?? ''} ${s.operating.flightNumber}`.trim() },
    ),
    passengerIds: offer.passengers.map((p) => p.id),
    totalMinor: offer.total.amountMinor,
    currency: offer.total.currency,
    conversion,
    fareInr: perHead * travellers,
    feeInr: fee * travellers,
    ...(offer.slices.length > 1 ? { journeyLegCounts: offer.slices.map((slice) => slice.segments.length) } : {}),
  };
  const each = { baseFare: perHead, taxesAndFees: fee };
  return {
    legs,
    seatsLeft: null,
    fares: { ...(query.adults > 0 ? { adult: each } : {}), ...(query.children > 0 ? { child: each } : {}), ...(query.infants > 0 ? { infant: each } : {}) },
    supplier: fare,
  };
}

/** The supplier's offers as GET /api/search's compact answer, cheapest first (the supplier's order). */
function compactAnswer(supplier: SupplierId, offers: readonly SupplierOffer[], query: SearchQuery): CompactSearchResponse {
  const names = { airports: {}, carriers: {} };
  const itineraries = offers.flatMap((offer) => {
    const it = compactOffer(supplier, offer, query, names);
    return it ? [it] : [];
  });
  return { query, airports: names.airports, carriers: names.carriers, itineraries, reason: itineraries.length === 0 ? NO_SUPPLIER_OFFERS : null };
}

/**
 * Searches the supplier for a one-way query, answering a repeat from the offer cache while fresh.
 * Supplier failures throw SupplierError (the API answers 409/429/503, never 500).
 */
export async function searchSupplier(setup: { id: SupplierId; api: FlightSupplier; offers: OfferCache }, query: SearchQuery): Promise<CompactSearchResponse> {
  const key = supplierSearchKey(query);
  const cached = setup.offers.search(key);
  const result = cached?.result ?? (await setup.api.search(supplierSearchOf(query)));
  if (!cached) setup.offers.put(key, result);
  return compactAnswer(setup.id, result.offers, query);
}

/** The answer's reason when the supplier has no round-trip offers. */
const NO_SUPPLIER_ROUND_TRIPS = 'No airline offers this round trip on these dates. Try other dates.';

/**
 * Searches the supplier for a round trip as ONE search of two slices (the outbound, then the return):
 * the airline prices the pair as one ticket, so each offer is one combined itinerary of both journeys
 * (`supplier.journeyLegCounts` splits its legs), in the round-trip answer's `combined`; `outbound` and
 * `inbound` stay empty. An offer of other than two slices is left out. A repeat is answered
 * from the offer cache while fresh.
 */
export async function searchSupplierRoundTrip(
  setup: { id: SupplierId; api: FlightSupplier; offers: OfferCache },
  query: RoundTripQuery,
  market: RoundTripMarket,
): Promise<CompactRoundTripResponse> {
  const journeys = journeyQueries(query);
  const [outbound] = journeys;
  const key = journeys.map(supplierSearchKey).join('+');
  const cached = setup.offers.search(key);
  const result = cached?.result ?? (await setup.api.search(supplierSearchOf(outbound, journeys)));
  if (!cached) setup.offers.put(key, result);
  const both = result.offers.filter((offer) => offer.slices.length === 2);
  const combined = compactAnswer(setup.id, both, outbound);
  const empty = (q: SearchQuery): CompactSearchResponse => ({ query: q, airports: {}, carriers: {}, itineraries: [], reason: null });
  return {
    query: { ...outbound, tripType: 'roundTrip', returnDate: query.returnDate },
    market,
    outbound: empty(outbound),
    inbound: empty(journeys[1]),
    combined: { ...combined, reason: combined.itineraries.length === 0 ? NO_SUPPLIER_ROUND_TRIPS : null },
  };
}

/** One offer as the full Itinerary a booking keeps (the same shape the Results screen expands). */
export function offerItinerary(supplier: SupplierId, offer: SupplierOffer, query: SearchQuery): Itinerary | null {
  const [itinerary] = expandSearchResponse(compactAnswer(supplier, [offer], query)).itineraries;
  return itinerary ?? null;
}
