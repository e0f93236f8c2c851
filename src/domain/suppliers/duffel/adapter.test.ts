import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../../../../tests/support/duffel-fake/server';
import { SupplierError, type OrderPassengerInput, type SupplierOffer, type SupplierSearch } from '../supplier';
import { DuffelSupplier, type DuffelSupplierOptions } from './adapter';
import type { DuffelRequestLog } from './http';

let fake: DuffelFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function setup(options: Partial<DuffelSupplierOptions> = {}) {
  fake = await startDuffelFake();
  const started = fake;
  const sleeps: number[] = [];
  const logs: DuffelRequestLog[] = [];
  const supplier = new DuffelSupplier({
    token: started.token,
    baseUrl: started.url,
    now: () => started.now(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: (entry) => logs.push(entry),
    ...options,
  });
  return { fake: started, supplier, sleeps, logs };
}

const oneWay = (origin: string, destination: string, extra: Partial<SupplierSearch> = {}): SupplierSearch => ({
  slices: [{ origin, destination, departureDate: '2027-02-15' }],
  passengers: [{ type: 'adult' }],
  cabin: 'economy',
  ...extra,
});

const traveller = (id: string): OrderPassengerInput => ({ id, title: 'ms', gender: 'f', givenName: 'Asha', familyName: 'Rao', bornOn: '1990-05-17', email: 'asha@example.com', phone: '+919812345678' });

const seen = (offer: SupplierOffer) => ({ id: offer.id, total: offer.total, expiresAt: offer.expiresAt });

function brand(offers: SupplierOffer[], name: string): SupplierOffer {
  const offer = offers.find((o) => o.slices[0]?.fareBrand === name);
  if (!offer) throw new Error(`no ${name} offer`);
  return offer;
}

async function expectKind(promise: Promise<unknown>, kind: SupplierError['kind']): Promise<SupplierError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SupplierError);
  if (!(error instanceof SupplierError)) throw new Error('unreachable');
  expect(error.kind).toBe(kind);
  return error;
}

describe('DuffelSupplier against the contract fake', () => {
  it('searches: offer request without offers, then offers cheapest first with local times, offsets, terminals, carriers, aircraft, brand, conditions and baggage', async () => {
    const { supplier, fake } = await setup();
    const result = await supplier.search(oneWay('DEL', 'BOM'));
    expect(result.searchId).toMatch(/^orq_/);
    expect(result.passengers).toEqual([{ id: expect.stringMatching(/^pas_/), type: 'adult', age: null }]);
    expect(result.offers).toHaveLength(6);
    const totals = result.offers.map((o) => o.total.amountMinor);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    const create = fake.requests.find((r) => r.method === 'POST');
    expect(create?.path).toBe('/air/offer_requests?return_offers=false&supplier_timeout=15000');
    expect(create?.headers['duffel-version']).toBe('v2');
    expect(create?.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(create?.body).toEqual({ data: { slices: [{ origin: 'DEL', destination: 'BOM', departure_date: '2027-02-15' }], passengers: [{ type: 'adult' }], cabin_class: 'economy' } });

    const flex = brand(result.offers, 'Flex');
    expect(flex.total.currency).toBe('GBP');
    expect(Number.isInteger(flex.total.amountMinor)).toBe(true);
    expect(flex.conditions).toEqual({ fare: { changeBeforeDeparture: { allowed: true, penaltyPaise: 0 }, refundBeforeDeparture: { allowed: true, penaltyPaise: 0 } }, penaltyCurrency: 'GBP' });
    expect(flex.instantPaymentRequired).toBe(false);
    const segment = flex.slices[0]?.segments[0];
    expect(segment?.origin).toMatchObject({ code: 'DEL', timeZone: 'Asia/Kolkata', cityName: 'New Delhi' });
    expect(segment?.departing.offset).toBe('+05:30');
    expect(segment?.departing.local).toMatch(/^2027-02-15T(07|13):05:00$/);
    expect(Date.parse(segment?.arriving.utc ?? '') - Date.parse(segment?.departing.utc ?? '')).toBe(130 * 60_000);
    expect(segment).toMatchObject({ originTerminal: '3', destinationTerminal: '2', marketing: { carrier: { code: 'ZZ', name: 'Duffel Airways' } }, aircraft: { code: '320' } });
    expect(segment?.passengers[0]).toMatchObject({ cabin: 'economy', checkedBags: 2, carryOnBags: 1 });

    const basic = brand(result.offers, 'Basic');
    expect(basic.conditions.fare).toEqual({ changeBeforeDeparture: { allowed: false, penaltyPaise: null }, refundBeforeDeparture: { allowed: false, penaltyPaise: null } });
    expect(basic.instantPaymentRequired).toBe(true);
    expect(brand(result.offers, 'Standard').conditions.fare.changeBeforeDeparture).toEqual({ allowed: true, penaltyPaise: 4000 });
  });

  it('maps a codeshare (operating carrier differs), a connection, a technical stop, summer time and no baggage', async () => {
    const { supplier } = await setup();
    const connecting = await supplier.search(oneWay('LHR', 'DXB'));
    const slice = connecting.offers[0]?.slices[0];
    expect(slice?.segments.map((s) => `${s.origin.code}-${s.destination.code}`)).toEqual(['LHR-AMS', 'AMS-DXB']);
    expect(slice?.segments[1]?.departing.offset).toBe('+01:00');
    expect(slice?.segments[1]?.arriving.offset).toBe('+04:00');
    const codeshare = connecting.offers.flatMap((o) => o.slices.flatMap((s) => s.segments)).find((s) => s.operating.carrier.code !== s.marketing.carrier.code);
    expect(codeshare?.operating).toMatchObject({ carrier: { name: 'Safar Test Regional' } });

    const stop = await supplier.search(oneWay('DXB', 'AMS'));
    expect(stop.offers[0]?.slices[0]?.segments[0]?.stops[0]).toMatchObject({ airport: { code: 'MCT' }, arriving: { offset: '+04:00' } });

    const summer = await supplier.search({ ...oneWay('LHR', 'JFK'), slices: [{ origin: 'LHR', destination: 'JFK', departureDate: '2027-07-15' }] });
    const seg = summer.offers[0]?.slices[0]?.segments[0];
    expect([seg?.departing.offset, seg?.arriving.offset]).toEqual(['+01:00', '-04:00']);

    const bagless = await supplier.search(oneWay('BTS', 'MRU'));
    expect(bagless.offers.every((o) => o.slices.every((s) => s.segments.every((g) => g.passengers.every((p) => p.checkedBags === 0 && p.carryOnBags === 0))))).toBe(true);
  });

  it('answers an empty search with no offers, and a child and an infant by age', async () => {
    const { supplier } = await setup();
    expect((await supplier.search(oneWay('PVD', 'RAI'))).offers).toEqual([]);
    const family = await supplier.search(oneWay('DEL', 'BOM', { passengers: [{ type: 'adult' }, { age: 7 }, { age: 1 }] }));
    expect(family.passengers.map((p) => p.type)).toEqual(['adult', 'child', 'infant']);
  });

  it('prices an offer again with its extras: unchanged, changed (the previous total beside the new), expired, sold out', async () => {
    const { supplier, fake } = await setup();
    const offers = (await supplier.search(oneWay('DEL', 'BOM'))).offers;
    const flex = brand(offers, 'Flex');
    const same = await supplier.priceOffer(seen(flex));
    expect(same.outcome).toBe('unchanged');
    if (same.outcome !== 'unchanged') throw new Error('unreachable');
    expect(same.offer.services[0]).toMatchObject({ kind: 'baggage', maxQuantity: 1, price: { amountMinor: 2000, currency: 'GBP' }, baggage: { type: 'checked', maxWeightKg: 23 } });

    const rising = (await supplier.search(oneWay('LHR', 'STN'))).offers[0];
    if (!rising) throw new Error('no offer');
    const changed = await supplier.priceOffer(seen(rising));
    expect(changed).toMatchObject({ outcome: 'changed', previous: rising.total, offer: { total: { amountMinor: rising.total.amountMinor + 1000 } } });

    const basic = brand(offers, 'Basic');
    fake.sellOut(basic.id);
    expect(await supplier.priceOffer(seen(basic))).toEqual({ outcome: 'soldOut' });
    expect(await supplier.priceOffer(seen((await supplier.search(oneWay('LGW', 'LHR'))).offers[0] ?? flex))).toEqual({ outcome: 'soldOut' });

    fake.advance(31 * 60_000);
    expect(await supplier.priceOffer(seen(flex))).toEqual({ outcome: 'expired' });
  });

  it('reads seat maps as rows of seats with availability, price and window/aisle/middle/exit/over-wing/restricted', async () => {
    const { supplier } = await setup();
    const offer = brand((await supplier.search(oneWay('DEL', 'BOM'))).offers, 'Flex');
    const [map] = await supplier.seatMaps({ offerId: offer.id });
    expect(map?.segmentId).toBe(offer.slices[0]?.segments[0]?.id);
    const rows = map?.cabins[0]?.rows ?? [];
    expect(rows[0]).toEqual({ row: 0, sections: [], facilities: ['lavatory', 'galley'] });
    const seats = rows.flatMap((r) => r.sections.flat()).filter((s) => s !== null);
    expect(seats).toHaveLength(144);
    const byDesignator = new Map(seats.map((s) => [s.designator, s]));
    expect(byDesignator.get('5A')?.characteristics).toContain('window');
    expect(byDesignator.get('5C')?.characteristics).toContain('aisle');
    expect(byDesignator.get('5D')?.characteristics).toContain('aisle');
    expect(byDesignator.get('5B')?.characteristics).toContain('middle');
    expect(byDesignator.get('12A')?.characteristics).toEqual(expect.arrayContaining(['exit', 'window', 'overWing']));
    expect(byDesignator.get('3A')?.characteristics).not.toContain('overWing');
    expect(byDesignator.get('24F')).toMatchObject({ available: false, characteristics: expect.arrayContaining(['restricted']) });
    const forSale = seats.filter((s) => s.available);
    expect(forSale.length).toBeGreaterThan(20);
    expect(forSale.length).toBeLessThan(144);
    expect(forSale.every((s) => s.offers.length === 1 && s.offers[0]?.price.currency === 'GBP')).toBe(true);
    expect(seats.filter((s) => !s.available).every((s) => s.offers.length === 0)).toBe(true);
    await expectKind(supplier.seatMaps({ orderId: 'ord_x' }), 'unsupported');
  });

  it('creates an instant order with a seat and a bag: pays offer total plus services from the balance, and reads booking reference and e-tickets', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const offer = brand(search.offers, 'Flex');
    const priced = await supplier.priceOffer(seen(offer));
    if (priced.outcome !== 'unchanged') throw new Error('price moved');
    const bag = priced.offer.services[0];
    const seat = (await supplier.seatMaps({ offerId: offer.id }))[0]?.cabins[0]?.rows.flatMap((r) => r.sections.flat()).find((s) => s?.available && s.offers[0]?.price.amountMinor === 2000);
    if (!bag || !seat?.offers[0]) throw new Error('no extras');
    const passengerId = search.passengers[0]?.id ?? '';
    const order = await supplier.createOrder({
      offer: seen(offer),
      passengers: [traveller(passengerId)],
      services: [
        { id: bag.id, quantity: 1, unitPrice: bag.price },
        { id: seat.offers[0].serviceId, quantity: 1, unitPrice: seat.offers[0].price },
      ],
      payment: 'instant',
      reference: 'bkg_123',
    });
    const sent = fake.requests.find((r) => r.method === 'POST' && r.path === '/air/orders')?.body;
    expect(sent).toMatchObject({ data: { type: 'instant', selected_offers: [offer.id], payments: [{ type: 'balance', amount: ((offer.total.amountMinor + 4000) / 100).toFixed(2), currency: 'GBP' }], metadata: { safar_booking_id: 'bkg_123' } } });
    expect(order).toMatchObject({ status: 'confirmed', type: 'instant', total: { amountMinor: offer.total.amountMinor + 4000, currency: 'GBP' }, reference: 'bkg_123', availableActions: ['cancel', 'change'] });
    expect(order.bookingReference).toMatch(/^[A-Z0-9]{6}$/);
    expect(order.tickets).toEqual([{ kind: 'eticket', number: expect.stringMatching(/^125\d{10}$/), passengerIds: [passengerId] }]);
    expect(order.slices[0]?.segments[0]?.passengers[0]?.seat).toBe(seat.designator);
    expect(order.services.map((s) => s.kind).sort()).toEqual(['baggage', 'seat']);
    expect((await supplier.getOrder(order.id)).bookingReference).toBe(order.bookingReference);
    // The seat is now taken, and the offer is gone.
    await expectKind(supplier.createOrder({ offer: seen(offer), passengers: [traveller(passengerId)], services: [], payment: 'instant', reference: 'bkg_124' }), 'soldOut');
  });

  it('holds an order where the airline allows it, pays it later (tickets follow), and refuses a hold on an instant-only fare', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('JFK', 'EWR'));
    const offer = brand(search.offers, 'Basic');
    expect(offer.instantPaymentRequired).toBe(false);
    const passengerId = search.passengers[0]?.id ?? '';
    const held = await supplier.createOrder({ offer: seen(offer), passengers: [traveller(passengerId)], services: [], payment: 'hold', reference: 'bkg_h' });
    expect(held).toMatchObject({ status: 'awaitingPayment', type: 'hold', tickets: [], paymentRequiredBy: expect.any(String) });
    expect(fake.requests.at(-1)?.body).not.toHaveProperty('data.payments');
    const paid = await supplier.payHeldOrder(held.id, held.total);
    expect(paid.status).toBe('confirmed');
    expect(paid.tickets).toHaveLength(1);
    await expectKind(supplier.payHeldOrder(held.id, held.total), 'notAllowed');

    const indian = await supplier.search(oneWay('DEL', 'BOM'));
    await expectKind(supplier.createOrder({ offer: seen(brand(indian.offers, 'Basic')), passengers: [traveller(indian.passengers[0]?.id ?? '')], services: [], payment: 'hold', reference: 'bkg_x' }), 'notAllowed');
  });

  it('a held order whose price moved is refused payment as priceChanged', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const held = await supplier.createOrder({ offer: seen(brand(search.offers, 'Standard')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'hold', reference: 'bkg_p' });
    fake.repriceOrder(held.id, held.total.amountMinor + 500);
    await expectKind(supplier.payHeldOrder(held.id, held.total), 'priceChanged');
  });

  it('maps order creation failures: expired, price changed, airline failure, no balance, not created, unknown outcome, bad field', async () => {
    const { supplier, fake } = await setup();
    const create = async (origin: string, destination: string, tweak: (o: SupplierOffer) => SupplierOffer = (o) => o, passenger?: Partial<OrderPassengerInput>) => {
      const search = await supplier.search(oneWay(origin, destination));
      const offer = tweak(brand(search.offers, 'Flex'));
      return supplier.createOrder({ offer: seen(offer), passengers: [{ ...traveller(search.passengers[0]?.id ?? ''), ...passenger }], services: [], payment: 'instant', reference: 'bkg_f' });
    };
    // A price read after the search moved (LHR→STN rises on every read); the order at the seen price is refused.
    const rising = await supplier.search(oneWay('LHR', 'STN'));
    const risingOffer = brand(rising.offers, 'Flex');
    await supplier.priceOffer(seen(risingOffer));
    const changed = await expectKind(supplier.createOrder({ offer: seen(risingOffer), passengers: [traveller(rising.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_r' }), 'priceChanged');
    expect(changed.supplierCode).toBe('price_changed');
    expect(changed.toAppError()).toMatchObject({ code: 'conflict', status: 409 });

    const airline = await expectKind(create('LHR', 'LGW'), 'outcomeUnknown');
    expect(airline.supplierCode).toBe('airline_unknown');
    expect((await expectKind(create('LGW', 'STN'), 'misconfigured')).supplierCode).toBe('insufficient_balance');

    fake.failNextOrder('order_not_created');
    expect((await expectKind(create('DEL', 'BOM'), 'unavailable')).supplierCode).toBe('order_not_created');
    fake.failNextOrder('internal_server_error');
    const unknown = await expectKind(create('DEL', 'BLR'), 'outcomeUnknown');
    expect(unknown.toAppError()).toMatchObject({ status: 503 });
    // A 500 can still have booked: no retry was made, and the order is found by the offer and Safar's reference.
    expect(fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length).toBe(5);
    const lastOffer = fake.requests.filter((r) => r.path === '/air/orders').at(-1)?.body;
    const offerId = JSON.stringify(lastOffer).match(/off_[A-Za-z0-9]+/)?.[0] ?? '';
    expect(await supplier.findOrder(offerId, 'bkg_f')).toMatchObject({ reference: 'bkg_f', status: 'confirmed' });
    expect(await supplier.findOrder(offerId, 'bkg_other')).toBeNull();
    const notCreated = fake.requests.filter((r) => r.path === '/air/orders').at(-2)?.body;
    expect(await supplier.findOrder(JSON.stringify(notCreated).match(/off_[A-Za-z0-9]+/)?.[0] ?? '', 'bkg_f')).toBeNull();

    const bad = await expectKind(create('DEL', 'BOM', undefined, { givenName: 'आशा' }), 'invalidRequest');
    expect(bad.field).toBe('passengers[0].given_name');
    expect(bad.toAppError()).toMatchObject({ code: 'validation_failed', fields: { 'passengers[0].given_name': expect.any(String) } });

    const expiring = await supplier.search(oneWay('DEL', 'BOM'));
    fake.advance(31 * 60_000);
    await expectKind(supplier.createOrder({ offer: seen(brand(expiring.offers, 'Flex')), passengers: [traveller(expiring.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_e' }), 'offerExpired');
  });

  it('quotes and confirms a cancellation; a second is refused; an unpaid hold refunds nothing; some routes refund to airline credits', async () => {
    const { supplier } = await setup();
    const order = async (origin: string, destination: string, brandName: string, payment: 'instant' | 'hold') => {
      const search = await supplier.search(oneWay(origin, destination));
      return supplier.createOrder({ offer: seen(brand(search.offers, brandName)), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment, reference: 'bkg_c' });
    };
    const flex = await order('DEL', 'BOM', 'Flex', 'instant');
    const quote = await supplier.quoteCancellation(flex.id);
    expect(quote).toMatchObject({ id: expect.stringMatching(/^ore_/), orderId: flex.id, refund: flex.total, refundTo: 'originalPayment', confirmedAt: null, credits: [] });
    const confirmed = await supplier.confirmCancellation(quote.id);
    expect(confirmed.confirmedAt).not.toBeNull();
    expect(await supplier.getOrder(flex.id)).toMatchObject({ status: 'cancelled', availableActions: [] });
    await expectKind(supplier.quoteCancellation(flex.id), 'notAllowed');

    const basic = await order('DEL', 'BLR', 'Basic', 'instant');
    const taxesOnly = await supplier.quoteCancellation(basic.id);
    expect(taxesOnly.refund?.amountMinor).toBeLessThan(basic.total.amountMinor);

    const held = await order('DEL', 'BOM', 'Standard', 'hold');
    expect(await supplier.quoteCancellation(held.id)).toMatchObject({ refund: { amountMinor: 0 }, refundTo: 'awaitingPayment' });

    const credits = await supplier.quoteCancellation((await order('LTN', 'SYD', 'Flex', 'instant')).id);
    expect(credits.refundTo).toBe('airlineCredits');
    expect(credits.credits[0]).toMatchObject({ id: expect.stringMatching(/^acd_/), amount: { currency: 'GBP' } });
  });

  it('requests a change, lists change offers (costing more, and one paid back), confirms one paying only what is owed; the order cannot change twice', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const order = await supplier.createOrder({ offer: seen(brand(search.offers, 'Standard')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_ch' });
    const request = { orderId: order.id, removeSliceIds: [order.slices[0]?.id ?? ''], add: [{ origin: 'DEL', destination: 'BOM', departureDate: '2027-02-20', cabin: 'economy' as const }] };
    const result = await supplier.requestChange(request);
    expect(result.requestId).toMatch(/^ocr_/);
    expect(result.offers).toHaveLength(3);
    const [dearer, , cheaper] = result.offers;
    if (!dearer || !cheaper) throw new Error('no offers');
    expect(dearer).toMatchObject({ changeTotal: { amountMinor: 16500, currency: 'GBP' }, penalty: { amountMinor: 4000 }, refundTo: 'originalPayment' });
    expect(dearer.add[0]?.segments[0]?.departing.local).toMatch(/^2027-02-20T06:05/);
    expect(dearer.remove[0]?.id).toBe(order.slices[0]?.id);
    expect(cheaper).toMatchObject({ changeTotal: { amountMinor: 2500 }, refundTo: 'originalPayment' });

    await expectKind(supplier.confirmChange(dearer.id, { amountMinor: 100, currency: 'GBP' }), 'priceChanged');
    const confirmed = await supplier.confirmChange(dearer.id, dearer.changeTotal);
    expect(confirmed).toMatchObject({ orderId: order.id, changeTotal: dearer.changeTotal });
    const confirm = fake.requests.find((r) => r.path.endsWith('/actions/confirm'));
    expect(confirm?.body).toEqual({ data: { payment: { type: 'balance', amount: '165.00', currency: 'GBP' } } });
    const after = await supplier.getOrder(order.id);
    expect(after.total.amountMinor).toBe(order.total.amountMinor + 16500);
    expect(after.slices[0]?.segments[0]?.departing.local).toMatch(/^2027-02-20/);
    expect(after.availableActions).toEqual(['cancel']);
    await expectKind(supplier.requestChange({ ...request, removeSliceIds: [after.slices[0]?.id ?? ''] }), 'notAllowed');
  });

  it('confirms a change that pays back without sending a payment', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const order = await supplier.createOrder({ offer: seen(brand(search.offers, 'Flex')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_cb' });
    const { offers } = await supplier.requestChange({ orderId: order.id, removeSliceIds: [order.slices[0]?.id ?? ''], add: [{ origin: 'DEL', destination: 'BOM', departureDate: '2027-02-21', cabin: 'economy' }] });
    const refund = offers.find((o) => o.changeTotal.amountMinor < 0);
    if (!refund) throw new Error('no refund offer');
    expect(refund).toMatchObject({ changeTotal: { amountMinor: -1500 }, refundTo: 'voucher', penalty: { amountMinor: 0 } });
    await supplier.confirmChange(refund.id, refund.changeTotal);
    expect(fake.requests.find((r) => r.path.endsWith('/actions/confirm'))?.body).toEqual({ data: {} });
    expect((await supplier.getOrder(order.id)).total.amountMinor).toBe(order.total.amountMinor - 1500);
  });

  it('refuses a change offer that has expired before asking Duffel to make the change', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const order = await supplier.createOrder({ offer: seen(brand(search.offers, 'Flex')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_ce' });
    const { offers } = await supplier.requestChange({ orderId: order.id, removeSliceIds: [order.slices[0]?.id ?? ''], add: [{ origin: 'DEL', destination: 'BOM', departureDate: '2027-02-21', cabin: 'economy' }] });
    const offer = offers[0];
    if (!offer) throw new Error('no change offer');
    fake.advance(Date.parse(offer.expiresAt) - fake.now() + 1000);
    await expectKind(supplier.confirmChange(offer.id, offer.changeTotal), 'offerExpired');
    expect(fake.requests.some((r) => r.method === 'POST' && r.path.endsWith('order_changes'))).toBe(false);
  });

  it('refuses a change on a fare that does not allow it', async () => {
    const { supplier } = await setup();
    const search = await supplier.search(oneWay('DEL', 'BOM'));
    const order = await supplier.createOrder({ offer: seen(brand(search.offers, 'Basic')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_b' });
    expect(order.availableActions).toEqual(['cancel']);
    const error = await expectKind(supplier.requestChange({ orderId: order.id, removeSliceIds: [order.slices[0]?.id ?? ''], add: [] }), 'notAllowed');
    expect(error.supplierCode).toBe('order_not_changeable');
  });

  it('lists airline-initiated changes with their actions, accepts the latest (the order moves), refuses a stale one, and records an own action', async () => {
    const { supplier, fake } = await setup();
    const search = await supplier.search(oneWay('LHR', 'LTN'));
    const order = await supplier.createOrder({ offer: seen(brand(search.offers, 'Flex')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'bkg_aic' });
    expect(order.airlineChanges).toHaveLength(1);
    const first = order.airlineChanges[0];
    expect(first).toMatchObject({ orderId: order.id, actionTaken: null, availableActions: ['accept', 'cancel', 'change', 'update'] });
    const before = first?.removed[0]?.segments[0]?.departing.utc ?? '';
    expect(Date.parse(first?.added[0]?.segments[0]?.departing.utc ?? '') - Date.parse(before)).toBe(3_600_000);

    const { change: second } = fake.airlineChange(order.id, 120);
    const listed = await supplier.airlineChanges(order.id);
    expect(listed.map((c) => c.id)).toEqual([first?.id, second.id]);
    expect((await expectKind(supplier.acceptAirlineChange(first?.id ?? ''), 'notAllowed')).supplierCode).toBe('stale_airline_initiated_change_accept');
    const accepted = await supplier.acceptAirlineChange(second.id);
    expect(accepted).toMatchObject({ actionTaken: 'accepted', availableActions: [] });
    const moved = await supplier.getOrder(order.id);
    expect(moved.slices[0]?.segments[0]?.departing.utc).toBe(accepted.added[0]?.segments[0]?.departing.utc);

    const { change: third } = fake.airlineChange(order.id, 30);
    expect(await supplier.recordAirlineChangeAction(third.id, 'changed')).toMatchObject({ actionTaken: 'changed' });
    await expectKind(supplier.recordAirlineChangeAction(third.id, 'changed'), 'unsupported');
  });
});

describe('DuffelSupplier transport', () => {
  it('waits out a short rate limit and retries; a long one answers rateLimited with the seconds to wait', async () => {
    const { supplier, fake, sleeps } = await setup();
    fake.rateLimitNext(1, 1);
    expect((await supplier.search(oneWay('DEL', 'BOM'))).offers.length).toBe(6);
    expect(sleeps).toEqual([1000]);

    fake.rateLimitNext(5, 45);
    const error = await expectKind(supplier.search(oneWay('DEL', 'BOM')), 'rateLimited');
    expect(error.retryAfterSeconds).toBe(45);
    expect(error.supplierCode).toBe('rate_limit_exceeded');
    expect(error.toAppError()).toMatchObject({ code: 'rate_limited', status: 429, message: 'The airline is busy right now. Please try again in a moment.' });
  });

  it('does not ask again while ratelimit-remaining is 0 until the reset', async () => {
    const { supplier, fake } = await setup();
    fake.exhaustRateLimit(40);
    await supplier.search(oneWay('DEL', 'BOM')).catch(() => undefined);
    const asked = fake.requests.length;
    const error = await expectKind(supplier.getOrder('ord_x'), 'rateLimited');
    expect(error.retryAfterSeconds).toBe(40);
    expect(fake.requests.length).toBe(asked);
    fake.advance(41_000);
    await expectKind(supplier.getOrder('ord_x'), 'notFound');
  });

  it('retries reads after 503/504 with doubling backoff, but never an order', async () => {
    const { supplier, fake, sleeps } = await setup({ backoffMs: 100 });
    fake.failNext({ status: 503, type: 'api_error', code: 'service_unavailable' }, 2);
    await expectKind(supplier.getOrder('ord_missing'), 'notFound');
    expect(sleeps).toEqual([100, 200]);

    fake.failNext({ status: 503, type: 'api_error', code: 'service_unavailable' }, 3);
    await expectKind(supplier.getOrder('ord_missing'), 'unavailable');

    const search = await supplier.search(oneWay('DEL', 'BOM'));
    fake.failNext({ status: 503, type: 'api_error', code: 'service_unavailable' });
    const posts = fake.requests.filter((r) => r.path === '/air/orders').length;
    await expectKind(supplier.createOrder({ offer: seen(brand(search.offers, 'Flex')), passengers: [traveller(search.passengers[0]?.id ?? '')], services: [], payment: 'instant', reference: 'r' }), 'outcomeUnknown');
    expect(fake.requests.filter((r) => r.path === '/air/orders').length).toBe(posts + 1);
  });

  it('a search that times out at Duffel (504 gateway_timeout_error) is a timeout, after its retries', async () => {
    const { supplier, fake } = await setup({ retries: 0 });
    const error = await expectKind(supplier.search(oneWay('STN', 'LHR')), 'timeout');
    expect(error.supplierCode).toBe('gateway_timeout_error');
    expect(error.travellerMessage).toBe('The airline took too long to answer. Please try again.');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on a slow answer at its own deadline: a read is a timeout, an order an unknown outcome', async () => {
    const { supplier, fake, logs } = await setup({ timeoutMs: 150 });
    fake.delayNext(1000);
    await expectKind(supplier.getOrder('ord_slow'), 'timeout');
    expect(logs.at(-1)).toMatchObject({ outcome: 'timeout', status: null, path: 'air/orders/ord_slow' });
    fake.delayNext(1000);
    await expectKind(supplier.quoteCancellation('ord_slow'), 'outcomeUnknown');
  });

  it('never shows the token: not in logs, errors, inspection or JSON', async () => {
    const { supplier, fake, logs } = await setup();
    await supplier.search(oneWay('DEL', 'BOM'));
    const error = await expectKind(supplier.getOrder('ord_none'), 'notFound');
    const everything = [JSON.stringify(logs), JSON.stringify(supplier), inspect(supplier, { showHidden: true, depth: 5 }), error.message, error.stack ?? '', inspect(error)].join('\n');
    expect(everything).not.toContain(fake.token);
    expect(JSON.stringify(supplier)).toContain('[redacted]');
    expect(logs.length).toBeGreaterThan(1);
  });

  it('refuses a token not in the documented form, a wrong token, and a live object on a test token', async () => {
    await expect(async () => new DuffelSupplier({ token: 'sk_live_123', baseUrl: 'http://127.0.0.1:1' })).rejects.toMatchObject({ kind: 'misconfigured' });
    const { fake } = await setup();
    const wrong = new DuffelSupplier({ token: 'duffel_test_wrong', baseUrl: fake.url });
    const error = await expectKind(wrong.getOrder('ord_x'), 'misconfigured');
    expect(error.toAppError().status).toBe(503);
    const live = new DuffelSupplier({ token: 'duffel_live_abc', baseUrl: fake.url });
    await expectKind(live.search(oneWay('DEL', 'BOM')), 'misconfigured');
  });

  it('maps an error code it does not know by its status (4xx: invalid request), never a crash', async () => {
    const { supplier, fake } = await setup();
    fake.failNext({ status: 418, type: 'invalid_request_error', code: 'teapot' });
    await expectKind(supplier.getOrder('ord_x'), 'invalidRequest');
  });
});
