import { describe, expect, it } from 'vitest';
import type { RoundTripQuery, SearchQuery } from '../../core/search';
import { expandSearchResponse, journeyItineraries, offerJourneys } from '../../core/search-wire';
import { SUPPLIER_FEE_PER_PASSENGER_INR } from '../../core/suppliers';
import { supplierJourneys } from './bookings';
import { offerItinerary, searchSupplierRoundTrip } from './itineraries';
import { OfferCache } from './offer-cache';
import type { FlightSupplier, SupplierOffer, SupplierSearch } from './supplier';

const DEL = { code: 'DEL', name: 'Indira Gandhi International', cityName: 'Delhi', countryCode: 'IN', timeZone: 'Asia/Kolkata' };
const BOM = { code: 'BOM', name: 'Chhatrapati Shivaji Maharaj International', cityName: 'Mumbai', countryCode: 'IN', timeZone: 'Asia/Kolkata' };
const HYD = { code: 'HYD', name: 'Rajiv Gandhi International', cityName: 'Hyderabad', countryCode: 'IN', timeZone: 'Asia/Kolkata' };
const carrier = { code: 'ZZ', name: 'Duffel Airways' };

function segment(id: string, from: typeof DEL, to: typeof DEL, departing: string, arriving: string, number: string, terminals: [string | null, string | null] = ['3', '2']) {
  const at = (local: string) => ({ local, offset: '+05:30', utc: new Date(Date.parse(`${local}+05:30`)).toISOString() });
  return {
    id,
    origin: from,
    destination: to,
    originTerminal: terminals[0],
    destinationTerminal: terminals[1],
    departing: at(departing),
    arriving: at(arriving),
    durationMinutes: (Date.parse(`${arriving}Z`) - Date.parse(`${departing}Z`)) / 60_000,
    marketing: { carrier, flightNumber: number },
    operating: { carrier, flightNumber: number },
    aircraft: { code: '320', name: 'Airbus A320' },
    stops: [],
    passengers: [{ passengerId: 'pas_1', cabin: 'economy' as const, cabinName: null, fareBasis: null, checkedBags: 1, carryOnBags: 1, seat: null }],
  };
}

/** A round trip DEL → BOM direct, then BOM → HYD → DEL, priced as one ticket of £300.00 for one adult. */
const OFFER: SupplierOffer = {
  id: 'off_rt1',
  expiresAt: '2026-11-21T07:00:00Z',
  total: { amountMinor: 30000, currency: 'GBP' },
  base: { amountMinor: 25000, currency: 'GBP' },
  tax: { amountMinor: 5000, currency: 'GBP' },
  owner: carrier,
  passengers: [{ id: 'pas_1', type: 'adult', age: null }],
  slices: [
    { id: 'sli_out', origin: 'DEL', destination: 'BOM', durationMinutes: 130, fareBrand: 'Flex', segments: [segment('seg_1', DEL, BOM, '2026-12-15T07:00:00', '2026-12-15T09:10:00', '101')] },
    {
      id: 'sli_back',
      origin: 'BOM',
      destination: 'DEL',
      durationMinutes: 330,
      fareBrand: 'Flex',
      segments: [segment('seg_2', BOM, HYD, '2026-12-20T13:00:00', '2026-12-20T14:30:00', '202', ['2', null]), segment('seg_3', HYD, DEL, '2026-12-20T16:00:00', '2026-12-20T18:30:00', '203', [null, '3'])],
    },
  ],
  conditions: { fare: { changeBeforeDeparture: { allowed: true, penaltyPaise: 2500 }, refundBeforeDeparture: { allowed: false, penaltyPaise: null } }, penaltyCurrency: 'GBP' },
  instantPaymentRequired: true,
  paymentRequiredBy: null,
  priceGuaranteedUntil: null,
  identityDocumentsRequired: false,
  services: [],
};

const QUERY: SearchQuery = { from: 'DEL', to: 'BOM', date: '2026-12-15', cabin: 'economy', adults: 1, children: 0, infants: 0 };

describe('a two-slice offer as a Safar itinerary', () => {
  it('keeps both journeys in travel order, split by journeyLegCounts, with no layover between them', () => {
    const it = offerItinerary('duffel', OFFER, QUERY);
    if (!it?.supplier) throw new Error('not mapped');
    expect(it.id).toBe('duffel-off_rt1');
    expect(it.supplier.journeyLegCounts).toEqual([1, 2]);
    expect(it.legs.map((leg) => `${leg.from.code}-${leg.to.code}`)).toEqual(['DEL-BOM', 'BOM-HYD', 'HYD-DEL']);
    // The only layover is inside the return (HYD), not the five days in Mumbai.
    expect(it.layovers).toEqual([{ airport: 'HYD', minutes: 90, changeOfTerminal: false }]);
    expect(it.stops).toBe(1);
    expect(offerJourneys(it)).toEqual([
      { firstLeg: 0, legCount: 1, separateTicket: false },
      { firstLeg: 1, legCount: 2, separateTicket: false },
    ]);
    const [out, back] = journeyItineraries(it);
    expect(out).toMatchObject({ stops: 0, layovers: [], departure: '2026-12-15T07:00:00+05:30', arrival: '2026-12-15T09:10:00+05:30', durationMinutes: 130, arrivalDayOffset: 0 });
    expect(back).toMatchObject({ stops: 1, departure: '2026-12-20T13:00:00+05:30', arrival: '2026-12-20T18:30:00+05:30', durationMinutes: 330 });
    expect(back?.layovers.map((l) => l.airport)).toEqual(['HYD']);
  });

  it('prices the pair once: the supplier total in rupees with the conversion named, plus Safar fee per passenger; the fare brand and conditions kept', () => {
    const it = offerItinerary('duffel', OFFER, { ...QUERY, adults: 2 });
    if (!it?.supplier) throw new Error('not mapped');
    expect(it.supplier).toMatchObject({ totalMinor: 30000, currency: 'GBP', conversion: { from: 'GBP' }, fareBrand: 'Flex', feeInr: 2 * SUPPLIER_FEE_PER_PASSENGER_INR, penaltyCurrency: 'GBP' });
    expect(it.supplier.conditions.changeBeforeDeparture).toEqual({ allowed: true, penaltyPaise: 2500 });
    expect(it.price.total.total).toBe(it.supplier.fareInr + it.supplier.feeInr);
    expect(it.price.perPassenger.adult).toEqual({ baseFare: it.supplier.fareInr / 2, taxesAndFees: SUPPLIER_FEE_PER_PASSENGER_INR, total: it.supplier.fareInr / 2 + SUPPLIER_FEE_PER_PASSENGER_INR });
  });

  it('a one-slice offer has no journeyLegCounts and one journey', () => {
    const oneWay = { ...OFFER, slices: [OFFER.slices[0] ?? OFFER.slices[1]].filter((s) => s !== undefined) };
    const it = offerItinerary('duffel', oneWay, QUERY);
    if (!it) throw new Error('not mapped');
    expect(it.supplier?.journeyLegCounts).toBeUndefined();
    expect(offerJourneys(it)).toEqual([{ firstLeg: 0, legCount: 1, separateTicket: false }]);
    expect(supplierJourneys(it, 'ABC123')).toBeNull();
  });

  it('becomes a booking of two journeys on one ticket: legs, airports, dates, one reference, the price shared with every rupee accounted for', () => {
    const it = offerItinerary('duffel', OFFER, QUERY);
    if (!it) throw new Error('not mapped');
    const journeys = supplierJourneys(it, 'ABC123');
    expect(journeys?.map((j) => ({ from: j.from, to: j.to, date: j.date, firstLeg: j.firstLeg, legCount: j.legCount, pnr: j.pnr, separateTicket: j.separateTicket, specialReturn: j.specialReturn }))).toEqual([
      { from: 'DEL', to: 'BOM', date: '2026-12-15', firstLeg: 0, legCount: 1, pnr: 'ABC123', separateTicket: false, specialReturn: null },
      { from: 'BOM', to: 'DEL', date: '2026-12-20', firstLeg: 1, legCount: 2, pnr: 'ABC123', separateTicket: false, specialReturn: null },
    ]);
    expect(journeys?.reduce((n, j) => n + j.totalInr, 0)).toBe(it.price.total.total);
  });
});

describe('searchSupplierRoundTrip', () => {
  const ROUND_TRIP: RoundTripQuery = { ...QUERY, tripType: 'roundTrip', returnDate: '2026-12-20' };

  function supplier(offers: SupplierOffer[]) {
    const asked: SupplierSearch[] = [];
    const api = {
      search: (search: SupplierSearch) => {
        asked.push(search);
        return Promise.resolve({ searchId: 'orq_1', passengers: OFFER.passengers, offers });
      },
    } as Pick<FlightSupplier, 'search'> as FlightSupplier;
    return { asked, setup: { id: 'duffel' as const, api, offers: new OfferCache({ now: () => Date.parse('2026-11-21T06:30:00Z') }) } };
  }

  it('asks once with the outbound and return slices and answers the offers as combined itineraries, both directions empty', async () => {
    const { asked, setup } = supplier([OFFER]);
    const answer = await searchSupplierRoundTrip(setup, ROUND_TRIP, 'domestic');
    expect(asked).toEqual([
      {
        slices: [
          { origin: 'DEL', destination: 'BOM', departureDate: '2026-12-15' },
          { origin: 'BOM', destination: 'DEL', departureDate: '2026-12-20' },
        ],
        passengers: [{ type: 'adult' }],
        cabin: 'economy',
      },
    ]);
    expect(answer.query).toEqual({ ...QUERY, tripType: 'roundTrip', returnDate: '2026-12-20' });
    expect(answer.market).toBe('domestic');
    expect(answer.outbound.itineraries).toEqual([]);
    expect(answer.inbound.itineraries).toEqual([]);
    expect(answer.inbound.query).toMatchObject({ from: 'BOM', to: 'DEL', date: '2026-12-20' });
    const combined = expandSearchResponse(answer.combined ?? { query: QUERY, airports: {}, carriers: {}, itineraries: [], reason: null });
    expect(combined.itineraries.map((it) => it.id)).toEqual(['duffel-off_rt1']);
    expect(combined.reason).toBeNull();
    // Cached until the offers expire: a repeat does not ask again.
    await searchSupplierRoundTrip(setup, ROUND_TRIP, 'domestic');
    expect(asked).toHaveLength(1);
  });

  it('leaves out an offer of one slice, and says why when nothing is left', async () => {
    const oneWay = { ...OFFER, id: 'off_ow', slices: OFFER.slices.slice(0, 1) };
    const { setup } = supplier([oneWay]);
    const answer = await searchSupplierRoundTrip(setup, ROUND_TRIP, 'domestic');
    expect(answer.combined?.itineraries).toEqual([]);
    expect(answer.combined?.reason).toMatch(/No airline offers this round trip/);
  });
});
