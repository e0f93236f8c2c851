import { Duffel, DuffelError } from '@duffel/api';
import type { AirlineInitiatedChange, Offer, OfferRequest, Order, OrderCancellation, OrderChangeOffer, Payment, SeatMap } from '@duffel/api/types';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { startDuffelFake, type DuffelFake, type FakeCancellation, type FakeChangeOffer, type FakeOrder, type FakePayment } from '../../../../tests/support/duffel-fake/server';

/**
 * The contract fake checked against Duffel's official client: its builders are typed with the
 * client's exported types, and the client itself, pointed at the fake with `basePath`, reads its answers.
 * Where the client's types differ from the documented API (§10.5 of the design notes), the fake follows
 * the API and the differences are spelled out here.
 */

let fake: DuffelFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('the fake answers what @duffel/api expects', () => {
  it('has the client types where the client is right, and only the documented differences elsewhere', () => {
    expectTypeOf<FakeOrder>().toExtend<Omit<Order, 'payment_status' | 'cancellation'>>();
    expectTypeOf<FakeOrder['type']>().toEqualTypeOf<'instant' | 'hold'>();
    expectTypeOf<FakeCancellation>().toExtend<Omit<OrderCancellation, 'confirmed_at'>>();
    expectTypeOf<FakeCancellation['confirmed_at']>().toEqualTypeOf<string | null>();
    expectTypeOf<FakePayment>().toExtend<Payment>();
    expectTypeOf<FakeChangeOffer>().toHaveProperty('penalty_total_amount');
    expectTypeOf<FakeChangeOffer>().not.toHaveProperty('penalty_amount');
    expectTypeOf<FakeChangeOffer>().toExtend<Pick<OrderChangeOffer, 'id' | 'expires_at' | 'new_total_amount' | 'refund_to'>>();
  });

  it('serves the official client (basePath pointed at the fake): search, offer, seat maps, order, payment, cancellation, change, airline changes', async () => {
    fake = await startDuffelFake();
    const duffel = new Duffel({ token: fake.token, basePath: fake.url });
    const request = await duffel.offerRequests.create({
      slices: [{ origin: 'JFK', destination: 'EWR', departure_date: '2027-02-15', arrival_time: null, departure_time: null }],
      passengers: [{ type: 'adult' }],
      cabin_class: 'economy',
      return_offers: true,
    });
    expect(request.status).toBe(201);
    const offerRequest: OfferRequest = request.data;
    expect(offerRequest.offers).toHaveLength(6);

    const listed = await duffel.offers.list({ offer_request_id: offerRequest.id, sort: 'total_amount', limit: 4 });
    expect(listed.data).toHaveLength(4);
    expect(listed.meta?.after).toEqual(expect.any(String));
    const all: Offer[] = [];
    for await (const page of duffel.offers.listWithGenerator({ offer_request_id: offerRequest.id, limit: 4 })) all.push(page.data);
    expect(all).toHaveLength(6);

    const flexId = all.find((o) => o.slices[0]?.fare_brand_name === 'Flex')?.id ?? '';
    const offer: Offer = (await duffel.offers.get(flexId, { return_available_services: true })).data;
    expect(offer.available_services.length).toBeGreaterThan(0);
    const maps: SeatMap[] = (await duffel.seatMaps.get({ offer_id: flexId })).data;
    expect(maps[0]?.cabins[0]?.rows.length).toBeGreaterThan(20);

    const passengerId = offerRequest.passengers[0]?.id ?? '';
    // The client's CreateOrder says 'pay_later'; the API takes 'hold'. The hold is made as the API documents it, then read by the client.
    const holdAnswer = await fetch(`${fake.url}/air/orders`, {
      method: 'POST',
      headers: { 'Duffel-Version': 'v2', Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { type: 'hold', selected_offers: [flexId], passengers: [{ id: passengerId, title: 'mr', gender: 'm', given_name: 'Ravi', family_name: 'Kumar', born_on: '1985-03-02', email: 'ravi@example.com', phone_number: '+919876543210' }] } }),
    });
    expect(holdAnswer.status).toBe(201);
    const held = await duffel.orders.list({ awaiting_payment: true });
    const order: Order | undefined = held.data[0];
    if (!order) throw new Error('no held order');
    expect(order.payment_status.awaiting_payment).toBe(true);
    const payment: Payment = (await duffel.payments.create({ order_id: order.id, payment: { type: 'balance', amount: order.total_amount, currency: order.total_currency } })).data;
    expect(payment.id).toMatch(/^pay_/);
    expect((await duffel.orders.get(order.id)).data.documents).toHaveLength(1);

    const changes = await duffel.orderChangeRequests.create({ order_id: order.id, slices: { remove: [{ slice_id: order.slices[0]?.id ?? '' }], add: [{ origin: 'JFK', destination: 'EWR', departure_date: '2027-02-18', cabin_class: 'economy' }] } });
    expect(changes.data.order_change_offers).toHaveLength(3);
    const changeOfferId = changes.data.order_change_offers[0]?.id ?? '';
    expect((await duffel.orderChangeOffers.get(changeOfferId)).data.id).toBe(changeOfferId);
    const pending = await duffel.orderChanges.create({ selected_order_change_offer: changeOfferId });
    // The client types both answers as an OrderChangeOffer; the API answers an OrderChange (with confirmed_at).
    const confirmed = await duffel.orderChanges.confirm(pending.data.id, { payment: { type: 'balance', amount: pending.data.change_total_amount ?? '', currency: pending.data.change_total_currency ?? '' } });
    expect(confirmed.data).toMatchObject({ id: pending.data.id, confirmed_at: expect.any(String) });

    const { change } = fake.airlineChange(order.id, 90);
    const aics: AirlineInitiatedChange[] = (await duffel.airlineInitiatedChanges.list(order.id)).data;
    expect(aics.map((a) => a.id)).toEqual([change.id]);
    expect((await duffel.airlineInitiatedChanges.accept(change.id)).data.action_taken).toBe('accepted');

    const quote = await duffel.orderCancellations.create({ order_id: order.id });
    expect(quote.data.refund_to).toBe('balance');
    const cancelled: OrderCancellation = (await duffel.orderCancellations.confirm(quote.data.id)).data;
    expect(cancelled.confirmed_at).toEqual(expect.any(String));
  });

  it("gives the client Duffel's error envelope: errors[] with type and code, meta with status and request id, rate-limit headers", async () => {
    fake = await startDuffelFake();
    const duffel = new Duffel({ token: fake.token, basePath: fake.url });
    const error = await duffel.offers.get('off_0000missing').then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(DuffelError);
    if (!(error instanceof DuffelError)) throw new Error('unreachable');
    expect(error.errors[0]).toMatchObject({ type: 'invalid_request_error', code: 'not_found', title: expect.any(String), documentation_url: expect.any(String) });
    expect(error.meta).toMatchObject({ status: 404, request_id: expect.any(String) });
    expect(error.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(error.headers.get('ratelimit-limit')).toBe('4000');
    expect(Number(error.headers.get('ratelimit-remaining'))).toBeLessThan(4000);
    expect(Date.parse(error.headers.get('ratelimit-reset') ?? '')).toBeGreaterThan(fake.now());
  });

  it('requires Duffel-Version (400 missing_version_header) and a token (401), answering JSON always', async () => {
    fake = await startDuffelFake();
    const noVersion = await fetch(`${fake.url}/air/orders/ord_1`, { headers: { Authorization: `Bearer ${fake.token}` } });
    expect(noVersion.status).toBe(400);
    expect(noVersion.headers.get('content-type')).toBe('application/json');
    expect(await noVersion.json()).toMatchObject({ errors: [{ type: 'invalid_request_error', code: 'missing_version_header' }], meta: { status: 400 } });
    const noToken = await fetch(`${fake.url}/air/orders/ord_1`, { headers: { 'Duffel-Version': 'v2' } });
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({ errors: [{ type: 'authentication_error', code: 'missing_authorization_header' }] });
    const malformed = await fetch(`${fake.url}/air/orders`, { method: 'POST', headers: { 'Duffel-Version': 'v2', Authorization: `Bearer ${fake.token}` }, body: '{' });
    expect(malformed.headers.get('content-type')).toBe('application/json');
    expect(malformed.status).toBe(400);
    const slash = await fetch(`${fake.url}/air/offer_requests/`, { method: 'POST', headers: { 'Duffel-Version': 'v2', Authorization: `Bearer ${fake.token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ data: { slices: [{ origin: 'PVD', destination: 'RAI', departure_date: '2027-02-15' }], passengers: [{ type: 'adult' }] } }) });
    expect(slash.status).toBe(201);
    expect(await slash.json()).toMatchObject({ data: { offers: [] } });
  });

  it('is deterministic for a seed: the same searches give the same ids and prices', async () => {
    const run = async () => {
      const started = await startDuffelFake({ seed: 7 });
      const duffel = new Duffel({ token: started.token, basePath: started.url });
      const answer = await duffel.offerRequests.create({ slices: [{ origin: 'DEL', destination: 'BOM', departure_date: '2027-02-15', arrival_time: null, departure_time: null }], passengers: [{ type: 'adult' }], return_offers: true });
      await started.close();
      return answer.data.offers.map((o) => `${o.id} ${o.total_amount}`);
    };
    expect(await run()).toEqual(await run());
  });
});
