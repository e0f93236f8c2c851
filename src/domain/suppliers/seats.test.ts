import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toInr } from '../../core/fx';
import type { Itinerary, Leg } from '../../core/search';
import { SUPPLIER_FEE_PER_PASSENGER_INR, type SupplierFare } from '../../core/suppliers';
import { applySeatChoices, confirmedSeats, seatPricePaise, seatServices, seatsAfterLegChange, supplierSeatMapAnswer, totalWithSeats } from './seats';
import type { Money, SupplierOrder, SupplierSeat, SupplierSeatMap } from './supplier';

const LEG: Leg = {
  flightId: 'ZZ1234@2026-12-15',
  carrier: 'ZZ',
  carrierName: 'Duffel Airways',
  flightNumber: 'ZZ 1234',
  from: { code: 'DEL', name: 'Indira Gandhi', city: 'Delhi', terminal: '3' },
  to: { code: 'BOM', name: 'Chhatrapati Shivaji', city: 'Mumbai', terminal: '2' },
  departure: '2026-12-15T06:05:00+05:30',
  arrival: '2026-12-15T08:20:00+05:30',
  durationMinutes: 135,
  aircraft: 'Airbus A320',
  cabin: 'economy',
};

const PASSENGER_IDS = ['pas_a', 'pas_b', 'pas_c'];

/** A seat for sale to the given supplier passengers at one price (none: not for sale). */
function seat(designator: string, characteristics: SupplierSeat['characteristics'], price: Money | null, passengerIds = PASSENGER_IDS): SupplierSeat {
  return {
    designator,
    row: Number(/^\d+/.exec(designator)?.[0]),
    column: designator.replace(/^\d+/, ''),
    available: price !== null,
    offers: price ? passengerIds.map((p) => ({ serviceId: `ase_${designator}_${p}`, passengerId: p, price })) : [],
    characteristics,
    name: null,
    disclosures: [],
  };
}

/** Rows 1–3 of A B C | D E F, row 2 an exit row over the wing; 1A sold to nobody; 3F restricted; prices as given per row. */
function seatMap(prices: Record<number, Money> = { 1: { amountMinor: 2000, currency: 'GBP' }, 2: { amountMinor: 3000, currency: 'GBP' }, 3: { amountMinor: 0, currency: 'GBP' } }): SupplierSeatMap {
  const row = (n: number) => {
    const price = prices[n] ?? null;
    const extra: SupplierSeat['characteristics'] = n === 2 ? ['exit', 'overWing'] : [];
    return {
      row: n,
      facilities: [],
      sections: [
        [seat(`${n}A`, ['window', ...extra], n === 1 ? null : price), seat(`${n}B`, ['middle', ...extra], price), seat(`${n}C`, ['aisle', ...extra], price)],
        [seat(`${n}D`, ['aisle', ...extra], price), seat(`${n}E`, ['middle', ...extra], price), n === 3 ? seat('3F', ['window', 'restricted'], null) : seat(`${n}F`, ['window', ...extra], price)],
      ],
    };
  };
  return { segmentId: 'seg_1', sliceId: 'sli_1', cabins: [{ cabin: 'economy', deck: 0, aisles: 1, rows: [{ row: 0, sections: [], facilities: ['galley'] }, row(1), row(2), row(3)] }] };
}

const PAX = [
  { id: 'p0', position: 0, type: 'adult' as const, dob: '1990-05-24', cancelledAt: null },
  { id: 'p1', position: 1, type: 'child' as const, dob: '2018-03-02', cancelledAt: null },
];

function bookingWith(fareInr: number, travellers: number): { itinerary: Itinerary; supplierSeats: null } {
  const supplier: SupplierFare = {
    supplier: 'duffel',
    offerId: 'off_1',
    expiresAt: '2026-12-01T00:00:00Z',
    owner: 'Duffel Airways',
    fareBrand: 'Flex',
    conditions: { refundBeforeDeparture: null, changeBeforeDeparture: null },
    penaltyCurrency: null,
    baggage: { checked: 1, carryOn: 1 },
    operatedBy: [null],
    passengerIds: PASSENGER_IDS.slice(0, travellers),
    totalMinor: 10_000,
    currency: 'GBP',
    conversion: null,
    fareInr,
    feeInr: SUPPLIER_FEE_PER_PASSENGER_INR * travellers,
  };
  const total = fareInr + SUPPLIER_FEE_PER_PASSENGER_INR * travellers;
  return {
    itinerary: { id: 'duffel-off_1', legs: [LEG], stops: 0, layovers: [], durationMinutes: 135, departure: LEG.departure, arrival: LEG.arrival, arrivalDayOffset: 0, seatsLeft: null, price: { currency: 'INR', perPassenger: {}, total: { baseFare: fareInr, taxesAndFees: total - fareInr, total } }, airlines: ['Duffel Airways'], supplier },
    supplierSeats: null,
  };
}

describe('supplier seat maps as the world’s seat map', () => {
  const party = { legIndex: 0, leg: LEG, passengers: [{ id: 'p0', position: 0, supplierId: 'pas_a' }, { id: 'p1', position: 1, supplierId: 'pas_b' }], chosen: [] };

  it('draws rows, blocks between aisles, window/middle/aisle, exit rows, the wing; states and rupee prices rounded up per seat, the conversion named', () => {
    const answer = supplierSeatMapAnswer(seatMap(), party);
    expect(answer.map.blocks).toEqual([['A', 'B', 'C'], ['D', 'E', 'F']]);
    expect(answer.map.rows.map((r) => r.row)).toEqual([1, 2, 3]);
    expect(answer.map.rows[1]?.seats[0]).toEqual({ letter: 'A', kind: 'window', tags: ['exit'] });
    expect(answer.map.rows[0]?.seats[2]).toEqual({ letter: 'C', kind: 'aisle', tags: [] });
    expect(answer.map.wing).toEqual({ fromRow: 2, toRow: 2 });
    expect(answer.map.doors).toEqual([2]);
    const by = new Map(answer.seats.map((s) => [s.seat, s]));
    expect(by.get('1A')).toMatchObject({ state: 'taken', pricePaise: 0 });
    expect(by.get('3F')).toMatchObject({ state: 'blocked' });
    // £20 at ₹106.60 is ₹2,132 exactly; £30 is ₹3,198; a free seat is free.
    expect(by.get('1B')).toMatchObject({ state: 'free', pricePaise: 213_200, zone: 'standard' });
    expect(by.get('2B')).toMatchObject({ state: 'free', pricePaise: 319_800, zone: 'exit' });
    expect(by.get('3A')).toMatchObject({ state: 'free', pricePaise: 0 });
    expect(answer.free).toBe(answer.seats.filter((s) => s.state === 'free').length);
    expect(answer.supplier).toEqual({ currency: 'GBP', conversion: expect.objectContaining({ from: 'GBP', rate: 106.6 }) });
    expect(answer).toMatchObject({ flightId: LEG.flightId, cabin: 'economy', airline: 'ZZ', chosen: {} });
  });

  it('a seat chosen on the booking is held and listed as chosen; a seat sold only to other travellers is taken', () => {
    const chosen = [{ passengerId: 'p0', legIndex: 0, seat: '1B', serviceId: 'ase_1B_pas_a', priceMinor: 2000, currency: 'GBP', pricePaise: 213_200, confirmed: false }];
    const map = seatMap();
    const row1 = map.cabins[0]?.rows[1];
    if (row1?.sections[1]?.[0]) row1.sections[1][0] = seat('1D', ['aisle'], { amountMinor: 2000, currency: 'GBP' }, ['pas_z']);
    const answer = supplierSeatMapAnswer(map, { ...party, chosen });
    expect(answer.seats.find((s) => s.seat === '1B')?.state).toBe('held');
    expect(answer.seats.find((s) => s.seat === '1D')?.state).toBe('taken');
    expect(answer.chosen).toEqual({ p0: '1B' });
  });

  it('rounds a converted seat price up to the whole rupee, never below the airline’s price', () => {
    expect(seatPricePaise({ amountMinor: 1999, currency: 'USD' })).toBe(168_800); // $19.99 × 84.40 = ₹1,687.156
    expect(seatPricePaise({ amountMinor: 45_050, currency: 'INR' })).toBe(45_100);
    expect(seatPricePaise({ amountMinor: 100, currency: 'XYZ' })).toBeNull();
  });
});

describe('choosing supplier seats', () => {
  const maps = new Map([[0, seatMap()]]);

  it('takes seats per passenger with the airline’s service and price, replaces and drops them; refuses what the airline does not sell, exits for a child, a seat twice', () => {
    const booking = bookingWith(10_000, 2);
    const first = applySeatChoices(booking, PAX, maps, [{ passengerPosition: 0, legIndex: 0, seat: '1B' }, { passengerPosition: 1, legIndex: 0, seat: '3A' }]);
    if (!first.ok) throw new Error(JSON.stringify(first.fields));
    expect(first.seats).toEqual([
      { passengerId: 'p0', legIndex: 0, seat: '1B', serviceId: 'ase_1B_pas_a', priceMinor: 2000, currency: 'GBP', pricePaise: 213_200, confirmed: false },
      { passengerId: 'p1', legIndex: 0, seat: '3A', serviceId: 'ase_3A_pas_b', priceMinor: 0, currency: 'GBP', pricePaise: 0, confirmed: false },
    ]);
    expect(seatServices(first.seats)).toEqual([
      { id: 'ase_1B_pas_a', quantity: 1, unitPrice: { amountMinor: 2000, currency: 'GBP' } },
      { id: 'ase_3A_pas_b', quantity: 1, unitPrice: { amountMinor: 0, currency: 'GBP' } },
    ]);
    const moved = applySeatChoices({ ...booking, supplierSeats: first.seats }, PAX, maps, [{ passengerPosition: 0, legIndex: 0, seat: '1C' }, { passengerPosition: 1, legIndex: 0, seat: null }]);
    expect(moved.ok && moved.seats.map((s) => s.seat)).toEqual(['1C']);
    const refused = applySeatChoices(booking, PAX, maps, [
      { passengerPosition: 0, legIndex: 0, seat: '1A' },
      { passengerPosition: 1, legIndex: 0, seat: '2B', exitConditionsAccepted: true },
      { passengerPosition: 0, legIndex: 0, seat: '9A' },
      { passengerPosition: 5, legIndex: 0, seat: '1B' },
      { passengerPosition: 0, legIndex: 3, seat: '1B' },
    ]);
    expect(refused).toEqual({
      ok: false,
      fields: {
        'choices.0.seat': 'Seat 1A is not available on this flight. Please pick another seat.',
        'choices.1.seat': '2B: Exit-row seats are only for travellers aged 15 or over.',
        'choices.2.seat': 'There is no seat 9A on this flight.',
        'choices.3.passengerPosition': 'No such passenger on this booking.',
        'choices.4.legIndex': 'No such flight on this booking.',
      },
    });
    const twice = applySeatChoices(booking, PAX, maps, [{ passengerPosition: 0, legIndex: 0, seat: '1B' }, { passengerPosition: 1, legIndex: 0, seat: '1B' }]);
    expect(twice).toEqual({ ok: false, fields: { 'choices.1.seat': 'Seat 1B is chosen twice.' } });
    const exit = applySeatChoices(booking, PAX, maps, [{ passengerPosition: 0, legIndex: 0, seat: '2A' }]);
    expect(exit.ok).toBe(false);
    expect(applySeatChoices(booking, PAX, maps, [{ passengerPosition: 0, legIndex: 0, seat: '2A', exitConditionsAccepted: true }]).ok).toBe(true);
  });

  it('the total paid is the offer total in rupees + Safar’s fee + the sum of the chosen seats’ prices, in paise (property)', () => {
    const currency = fc.constantFrom('GBP', 'USD', 'EUR', 'INR', 'AED', 'JPY');
    fc.assert(
      fc.property(currency, fc.integer({ min: 1_000, max: 5_000_000 }), fc.integer({ min: 1, max: 3 }), fc.array(fc.integer({ min: 0, max: 50_000 }), { minLength: 3, maxLength: 3 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), (cur, offerMinor, travellers, prices, picks) => {
        // The offer's rupees as search shows them: the converted total shared per traveller, rounded up to the rupee.
        const perHead = Math.ceil(toInr({ amountMinor: offerMinor, currency: cur }).paise / travellers / 100);
        const fareInr = perHead * travellers;
        const booking = bookingWith(fareInr, travellers);
        const pax = Array.from({ length: travellers }, (_, i) => ({ id: `p${i}`, position: i, type: 'adult' as const, dob: '1990-01-01', cancelledAt: null }));
        const rowPrices = { 1: { amountMinor: prices[0] ?? 0, currency: cur }, 2: { amountMinor: prices[1] ?? 0, currency: cur }, 3: { amountMinor: prices[2] ?? 0, currency: cur } };
        const choices = pax.flatMap((p, i) => (picks[i] ? [{ passengerPosition: p.position, legIndex: 0, seat: `${i + 1}B`, exitConditionsAccepted: true }] : []));
        const applied = applySeatChoices(booking, pax, new Map([[0, seatMap(rowPrices)]]), choices);
        if (!applied.ok) throw new Error(JSON.stringify(applied.fields));
        const totalInr = totalWithSeats(booking.itinerary.price.total.total, applied.seats);
        const seatsPaise = applied.seats.reduce((n, s) => n + s.pricePaise, 0);
        expect(Number.isInteger(totalInr)).toBe(true);
        expect(totalInr * 100).toBe(fareInr * 100 + SUPPLIER_FEE_PER_PASSENGER_INR * travellers * 100 + seatsPaise);
        for (const s of applied.seats) {
          const exact = toInr({ amountMinor: s.priceMinor, currency: s.currency }).paise;
          expect(s.pricePaise % 100).toBe(0);
          expect(s.pricePaise).toBeGreaterThanOrEqual(exact);
          expect(s.pricePaise - exact).toBeLessThan(100);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the order confirms seats: a choice the airline moved takes the airline’s seat, a seat it assigned unasked is added free', () => {
    const chosen = [{ passengerId: 'p0', legIndex: 0, seat: '1B', serviceId: 'ase_1B_pas_a', priceMinor: 2000, currency: 'GBP', pricePaise: 213_200, confirmed: false }];
    const passenger = (passengerId: string, seatCode: string | null) => ({ passengerId, cabin: 'economy' as const, cabinName: null, fareBasis: null, checkedBags: 1, carryOnBags: 1, seat: seatCode });
    const order = { total: { amountMinor: 12_000, currency: 'GBP' }, slices: [{ segments: [{ passengers: [passenger('pas_a', '1C'), passenger('pas_b', '3A')] }] }] } as unknown as SupplierOrder;
    expect(confirmedSeats(chosen, order, PASSENGER_IDS, PAX)).toEqual([
      { ...chosen[0], seat: '1C', confirmed: true },
      { passengerId: 'p1', legIndex: 0, seat: '3A', serviceId: null, priceMinor: 0, currency: 'GBP', pricePaise: 0, confirmed: true },
    ]);
  });

  it('after the flights change, a seat stays with its flight at its new place; seats on flights no longer flown go', () => {
    const seatOn = (legIndex: number, seatCode: string) => ({ passengerId: 'p0', legIndex, seat: seatCode, serviceId: null, priceMinor: 0, currency: 'GBP', pricePaise: 0, confirmed: true });
    const before = [{ flightId: 'ZZ1@2026-12-15' }, { flightId: 'ZZ2@2026-12-15' }];
    expect(seatsAfterLegChange([seatOn(0, '1A'), seatOn(1, '2B')], before, [{ flightId: 'ZZ9@2026-12-15' }, { flightId: 'ZZ2@2026-12-15' }])).toEqual([seatOn(1, '2B')]);
    expect(seatsAfterLegChange([seatOn(0, '1A')], before, [{ flightId: 'ZZ0@2026-12-14' }, { flightId: 'ZZ1@2026-12-15' }])).toEqual([seatOn(1, '1A')]);
    expect(seatsAfterLegChange([seatOn(0, '1A')], before, [{ flightId: 'ZZ9@2026-12-15' }])).toBeNull();
    expect(seatsAfterLegChange(null, before, before)).toBeNull();
  });
});
