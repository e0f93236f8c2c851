import { describe, expect, it } from 'vitest';
import type { PassengerLegFare } from '../../core/fares';
import type { Itinerary, Leg } from '../../core/search';
import { journeyItineraries } from '../../core/search-wire';
import type { ChangeOffer, SupplierSlice } from '../suppliers/supplier';
import { changedTrip, journeySlice, supplierChangeQuote } from './supplier-quote';

const fare = (position: number, paise: number): PassengerLegFare => ({
  passengerPosition: position,
  passengerType: 'adult',
  legIndex: 0,
  familyCode: 'duffel',
  lines: [{ code: 'base', kind: 'fare', label: 'Base fare', paise }],
  totalPaise: paise,
  status: 'active',
});

const offer = (changeMinor: number, penaltyMinor: number | null, refundTo: ChangeOffer['refundTo'] = null, currency = 'GBP'): ChangeOffer => ({
  id: 'oco_1',
  expiresAt: '2026-11-21T07:00:00.000Z',
  changeTotal: { amountMinor: changeMinor, currency },
  penalty: penaltyMinor === null ? null : { amountMinor: penaltyMinor, currency },
  newTotal: null,
  refundTo,
  add: [],
  remove: [],
});

describe('supplierChangeQuote', () => {
  it('a dearer flight: the change total in INR at the named rate, the penalty as the change fee, shared over the passengers; no Safar fee', () => {
    // £165.00 with £40.00 penalty, at ₹106.60 per GBP: ₹17,589 due, ₹4,264 of it the airline's fee.
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000), fare(1, 1_000_000)], offer: offer(16_500, 4_000) });
    expect(quote).toMatchObject({ duePaise: 1_758_900, changeFeePaise: 426_400, fareDifferencePaise: 1_332_500, refundPaise: 0, oldTotalPaise: 2_000_000, newTotalPaise: 3_332_500 });
    expect(quote.lines.map((l) => l.changeFeePaise)).toEqual([213_200, 213_200]);
    expect(quote.supplier).toMatchObject({ changeTotalMinor: 16_500, penaltyMinor: 4_000, currency: 'GBP', safarFeePaise: 0, conversion: { from: 'GBP', rate: 106.6 } });
    expect(quote.supplier?.terms).toBe('Duffel Airways charges £165.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change, its £40.00 change fee included; Safar adds no fee to a change');
  });

  it('a cheaper flight paid back as a voucher: nothing due and no money back', () => {
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-1_500, 0, 'voucher') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 0, fareDifferencePaise: -159_900, changeFeePaise: 0 });
    expect(quote.supplier?.terms).toMatch(/as an airline voucher in the passengers' names, not money/);
  });

  it('a cheaper flight paid back to the original payment: the money back in INR; in rupees, no conversion', () => {
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-50_000, null, 'originalPayment', 'INR') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 50_000 });
    expect(quote.supplier?.conversion).toBeNull();
    expect(quote.supplier?.terms).toMatch(/pays back ₹500(\.00)? for this change: ₹500(\.00)? refunded to your original payment/);
  });

  it('money back in another currency: the refund in INR at the named rate, rounded up to the paisa, the penalty taken first', () => {
    // £15.00 back with a £5.00 penalty inside it, at ₹106.60 per GBP: ₹1,599 back to the original payment, nothing due.
    const quote = supplierChangeQuote({ supplier: 'duffel', airline: 'Duffel Airways', fares: [fare(0, 1_000_000)], offer: offer(-1_500, 500, 'originalPayment') });
    expect(quote).toMatchObject({ duePaise: 0, refundPaise: 159_900, changeFeePaise: 53_300, fareDifferencePaise: -213_200, newTotalPaise: 786_800 });
    expect(quote.supplier).toMatchObject({ refundTo: 'originalPayment', changeTotalMinor: -1_500, conversion: { from: 'GBP', rate: 106.6 } });
    expect(quote.supplier?.terms).toBe('Duffel Airways pays back £15.00 at ₹106.60 per GBP (RBI reference rate (FBIL), 2026-11-20) for this change: ₹1,599 refunded to your original payment; Safar adds no fee to a change');
  });
});

// A round trip DEL → BOM (15 Dec, 06:00–08:10 IST) and BOM → DEL (20 Dec, 18:00–20:10 IST), one leg each.
const airport = (code: string) => ({ code, name: code, cityName: code, countryCode: 'IN', timeZone: 'Asia/Kolkata' });
const at = (day: string, time: string) => ({ local: `${day}T${time}:00`, offset: '+05:30', utc: new Date(`${day}T${time}:00+05:30`).toISOString() });
function slice(id: string, from: string, to: string, day: string, dep: string, arr: string, flight: string): SupplierSlice {
  const segment = {
    id: `seg_${id}`,
    origin: airport(from),
    destination: airport(to),
    originTerminal: null,
    destinationTerminal: null,
    departing: at(day, dep),
    arriving: at(day, arr),
    durationMinutes: 130,
    marketing: { carrier: { code: 'ZZ', name: 'Duffel Airways' }, flightNumber: flight },
    operating: { carrier: { code: 'ZZ', name: 'Duffel Airways' }, flightNumber: flight },
    aircraft: null,
    stops: [],
    passengers: [],
  };
  return { id, origin: from, destination: to, durationMinutes: 130, fareBrand: 'Economy Flex', segments: [segment] };
}
const leg = (from: string, to: string, day: string, dep: string, arr: string, flight: string): Leg => ({
  flightId: `ZZ${flight}@${day}`,
  carrier: 'ZZ',
  carrierName: 'Duffel Airways',
  flightNumber: `ZZ ${flight}`,
  from: { code: from, name: from, city: from, terminal: null },
  to: { code: to, name: to, city: to, terminal: null },
  departure: `${day}T${dep}:00+05:30`,
  arrival: `${day}T${arr}:00+05:30`,
  durationMinutes: 130,
  aircraft: '',
  cabin: 'economy',
});
const OUT = leg('DEL', 'BOM', '2026-12-15', '06:00', '08:10', '101');
const BACK = leg('BOM', 'DEL', '2026-12-20', '18:00', '20:10', '202');
const booked: Itinerary = {
  id: 'duffel-off_1',
  legs: [OUT, BACK],
  stops: 0,
  layovers: [],
  durationMinutes: 7 * 24 * 60,
  departure: OUT.departure,
  arrival: BACK.arrival,
  arrivalDayOffset: 5,
  seatsLeft: null,
  price: { currency: 'INR', perPassenger: { adult: { baseFare: 20_000, taxesAndFees: 199, total: 20_199 } }, total: { baseFare: 20_000, taxesAndFees: 199, total: 20_199 } },
  airlines: ['Duffel Airways'],
  supplier: {
    supplier: 'duffel',
    offerId: 'off_1',
    expiresAt: '2026-11-21T07:00:00.000Z',
    owner: 'Duffel Airways',
    fareBrand: 'Economy Flex',
    conditions: { changeBeforeDeparture: null, refundBeforeDeparture: null },
    penaltyCurrency: null,
    baggage: { checked: 1, carryOn: 1 },
    operatedBy: [null, null],
    passengerIds: ['pas_1'],
    totalMinor: 18_000,
    currency: 'GBP',
    conversion: null,
    fareInr: 20_000,
    feeInr: 199,
    journeyLegCounts: [1, 1],
  },
};
const changeTo = (add: SupplierSlice): ChangeOffer => ({ ...offer(12_500, 0), add: [add], remove: [] });

describe('journeySlice (which slice of the order a journey is)', () => {
  const out = slice('sli_out', 'DEL', 'BOM', '2026-12-15', '06:00', '08:10', '101');
  const back = slice('sli_back', 'BOM', 'DEL', '2026-12-20', '18:00', '20:10', '202');
  it("the slice leaving the journey's first airport at its departure, whatever the order's order of slices", () => {
    expect(journeySlice([out, back], [BACK])?.id).toBe('sli_back');
    expect(journeySlice([back, out], [OUT])?.id).toBe('sli_out');
  });
  it('a retimed slice is found by its route when only one flies it; none (or an ambiguous one) is null', () => {
    const retimed = slice('sli_back2', 'BOM', 'DEL', '2026-12-20', '19:00', '21:10', '202');
    expect(journeySlice([out, retimed], [BACK])?.id).toBe('sli_back2');
    expect(journeySlice([out], [BACK])).toBeNull();
    expect(journeySlice([retimed, { ...retimed, id: 'sli_other' }], [BACK])).toBeNull();
    expect(journeySlice([out, back], [])).toBeNull();
  });
});

describe('changedTrip (the round trip with one journey replaced)', () => {
  it('the new return after the kept outbound, both journeys in travel order, no layover between them, the new total', () => {
    const trip = changedTrip('duffel', booked, 1, changeTo(slice('sli_new', 'BOM', 'DEL', '2026-12-22', '15:00', '17:10', '303')), 'economy', 30_500);
    expect(trip?.legs.map((l) => l.flightNumber)).toEqual(['ZZ 101', 'ZZ 303']);
    expect(trip?.id).toMatch(/^duffel-change:BOM-DEL:2026-12-22@/);
    expect(trip).toMatchObject({ stops: 0, layovers: [], departure: OUT.departure, arrival: '2026-12-22T17:10:00+05:30', price: booked.price });
    expect(trip?.supplier).toMatchObject({ journeyLegCounts: [1, 1], totalMinor: 30_500 });
    expect(journeyItineraries(trip ?? booked).map((j) => j.departure.slice(0, 10))).toEqual(['2026-12-15', '2026-12-22']);
  });
  it('a new outbound replaces the first journey; flights out of travel order with the journey kept are none', () => {
    expect(changedTrip('duffel', booked, 0, changeTo(slice('sli_new', 'DEL', 'BOM', '2026-12-18', '06:00', '08:10', '404')), 'economy', 30_500)?.legs.map((l) => l.flightNumber)).toEqual(['ZZ 404', 'ZZ 202']);
    // An outbound landing after the return leaves, a return leaving before the outbound lands.
    expect(changedTrip('duffel', booked, 0, changeTo(slice('sli_new', 'DEL', 'BOM', '2026-12-20', '17:00', '19:10', '404')), 'economy', 30_500)).toBeNull();
    expect(changedTrip('duffel', booked, 1, changeTo(slice('sli_new', 'BOM', 'DEL', '2026-12-15', '07:00', '09:10', '303')), 'economy', 30_500)).toBeNull();
  });
});
