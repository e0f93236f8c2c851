import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookingFareSchema, UNKNOWN_FARE_FAMILY } from '../../core/fares';
import type { Quote } from '../../core/quote';
import { QuoteSchema } from '../../core/quote';
import type { Itinerary } from '../../core/search';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, CHILD, INFANT, confirmBooking, findItinerary, payOrder, postBooking, sandboxPay } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let itinerary: Itinerary;

beforeAll(async () => {
  ctx = await createTestApp();
  // Searched for one adult: the answer prices adults only.
  itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
});
afterAll(() => ctx.close());

async function quote(params: Record<string, string | number>) {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.request(`/api/quote?${query.toString()}`);
  return { status: res.status, body: (await res.json()) as Quote & { error?: { code: string; message: string; fields?: Record<string, string> } }, res };
}

describe('GET /api/quote', () => {
  it('prices every passenger type of a one-adult search, and the hold charges exactly that total (no fare-change answer)', async () => {
    expect(itinerary.price.perPassenger.child).toBeUndefined();
    const { status, body, res } = await quote({ itineraryId: itinerary.id, adults: 1, children: 1, infants: 1 });
    expect(status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const parsed = QuoteSchema.parse(body);
    const { adult, child, infant } = parsed.price.perPassenger;
    if (!adult || !child || !infant) throw new Error('every passenger type must be priced');
    expect(adult.total).toBe(itinerary.price.perPassenger.adult?.total);
    expect(child.total).toBeGreaterThan(0);
    expect(infant.total).toBeGreaterThan(0);
    expect(infant.total).toBeLessThan(adult.total);
    expect(parsed.price.total.total).toBe(adult.total + child.total + infant.total);
    expect(parsed.passengers).toEqual({ adults: 1, children: 1, infants: 1 });
    expect(parsed.enoughSeats).toBe(true);

    // The total the quote showed is the total held and charged: no acceptPriceChange needed.
    const alice = await signUpAndLogin(ctx.app);
    const hold = await postBooking(ctx.app, alice.cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD, INFANT], quotedTotal: parsed.price.total.total });
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);
    expect(hold.body.booking.totalInr).toBe(parsed.price.total.total);
    const order = await payOrder(ctx.app, alice.cookie, hold.body.booking.id);
    expect(order.amountPaise).toBe(parsed.price.total.total * 100);
    const pay = await sandboxPay(ctx.app, order.orderId);
    const confirmed = await confirmBooking(ctx.app, alice.cookie, hold.body.booking.id, pay.body);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.booking.status).toBe('confirmed');
  });

  it('matches the search answer for the mix the search asked for', async () => {
    const family = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24', adults: 2, children: 1, infants: 1 });
    const { body } = await quote({ itineraryId: family.id, adults: 2, children: 1, infants: 1 });
    expect(body.price).toEqual(family.price);
  });

  it('needs no sign-in and defaults to one adult', async () => {
    const { status, body } = await quote({ itineraryId: itinerary.id });
    expect(status).toBe(200);
    expect(body.price.total.total).toBe(itinerary.price.perPassenger.adult?.total);
    expect(Object.keys(body.price.perPassenger)).toEqual(['adult']);
  });

  it('answers 404 for an itinerary that cannot be booked and 400 for bad counts, tied to the field', async () => {
    const gone = await quote({ itineraryId: 'ZZ9999@2026-12-24:economy', adults: 1 });
    expect(gone.status).toBe(404);
    expect(gone.body.error?.message).toBe('This flight is no longer available. Please search again.');
    const none = await quote({ itineraryId: itinerary.id, adults: 0, children: 0, infants: 0 });
    expect(none.status).toBe(400);
    expect(none.body.error?.fields?.adults).toBe('Price at least one passenger');
    const many = await quote({ itineraryId: itinerary.id, adults: 9, children: 1 });
    expect(many.status).toBe(400);
    expect(many.body.error?.fields?.adults).toBe('At most 9 passengers per booking');
    const word = await quote({ itineraryId: itinerary.id, children: 'two' });
    expect(word.status).toBe(400);
    expect(word.body.error?.fields?.children).toBe('Children must be a number');
    const missing = await quote({ adults: 1 });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.fields?.itineraryId).toBe('Choose a flight to book');
  });
});

describe('fare families in the quote, the hold and the booking fare', () => {
  it('lists every family cheapest first, the first at the search price, with its breakdown adding up', async () => {
    const { status, body } = await quote({ itineraryId: itinerary.id, adults: 2, children: 1, infants: 1 });
    expect(status).toBe(200);
    const parsed = QuoteSchema.parse(body);
    expect(parsed.families.length).toBeGreaterThan(1);
    expect(parsed.fareFamily).toBe(parsed.families[0]?.id);
    expect(parsed.families[0]?.extraInr).toBe(0);
    expect(parsed.families[0]?.tier).toBe(0);
    for (let i = 1; i < parsed.families.length; i++) expect(parsed.families[i]?.totalInr).toBeGreaterThanOrEqual(parsed.families[i - 1]?.totalInr ?? 0);
    expect(parsed.families.map((f) => f.totalInr)[0]).toBe(parsed.price.total.total);
    expect(parsed.families[0]?.rules).toContain('Taxes and airport charges are always refunded.');
    // Lines per passenger type × leg add up to the per-passenger price, and with the counts to the total.
    const counts = { adult: 2, child: 1, infant: 1 } as const;
    const paise = parsed.breakdown.reduce((sum, f) => sum + f.totalPaise * counts[f.passengerType], 0);
    expect(paise).toBe(parsed.price.total.total * 100);
    for (const f of parsed.breakdown) expect(f.lines.reduce((s, l) => s + l.paise, 0)).toBe(f.totalPaise);
  });

  it('prices a chosen family, holds it, stores its lines and answers it from /fare', async () => {
    const first = QuoteSchema.parse((await quote({ itineraryId: itinerary.id, adults: 1, children: 1 })).body);
    const pick = first.families[1];
    if (!pick) throw new Error('a second family is sold');
    const chosen = QuoteSchema.parse((await quote({ itineraryId: itinerary.id, adults: 1, children: 1, fareFamily: pick.id })).body);
    expect(chosen.fareFamily).toBe(pick.id);
    expect(chosen.price.total.total).toBe(pick.totalInr);
    expect(chosen.price.total.total).toBeGreaterThan(first.price.total.total);

    const bob = await signUpAndLogin(ctx.app);
    // The cheapest family's total for the chosen family is a price change.
    const stale = await postBooking(ctx.app, bob.cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: first.price.total.total, fareFamily: pick.id });
    expect(stale.status).toBe(409);
    const hold = await postBooking(ctx.app, bob.cookie, { itineraryId: itinerary.id, passengers: [ADULT, CHILD], quotedTotal: chosen.price.total.total, fareFamily: pick.id });
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);
    expect(hold.body.booking.totalInr).toBe(pick.totalInr);
    expect(hold.body.booking.fareFamily).toBe(pick.id);

    const res = await ctx.app.request(`/api/bookings/${hold.body.booking.id}/fare`, { headers: { cookie: bob.cookie } });
    expect(res.status).toBe(200);
    const fare = BookingFareSchema.parse(await res.json());
    expect(fare.option?.id).toBe(pick.id);
    expect(fare.option?.name).toBe(pick.name);
    expect(fare.fares.map((f) => [f.passengerPosition, f.passengerType, f.legIndex])).toEqual(
      [0, 1].flatMap((position) => itinerary.legs.map((_, legIndex) => [position, position === 0 ? 'adult' : 'child', legIndex])),
    );
    expect(fare.fares.reduce((s, f) => s + f.totalPaise, 0)).toBe(hold.body.booking.totalInr * 100);
    expect(fare.fares.every((f) => f.familyCode === pick.legs[f.legIndex]?.family.code && f.status === 'active')).toBe(true);

    // Someone else's booking answers exactly like a missing one.
    const eve = await signUpAndLogin(ctx.app);
    const theirs = await ctx.app.request(`/api/bookings/${hold.body.booking.id}/fare`, { headers: { cookie: eve.cookie } });
    const missing = await ctx.app.request(`/api/bookings/BK1000000000000/fare`, { headers: { cookie: eve.cookie } });
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).toBe(await missing.text());
  });

  it('refuses a fare family the itinerary does not sell, on the field fareFamily', async () => {
    const unknown = await quote({ itineraryId: itinerary.id, fareFamily: 'ZZ.NOPE' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.fields?.fareFamily).toBe(UNKNOWN_FARE_FAMILY);
    const malformed = await quote({ itineraryId: itinerary.id, fareFamily: 'saver; drop' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error?.fields?.fareFamily).toBeDefined();
    const carol = await signUpAndLogin(ctx.app);
    const hold = await postBooking(ctx.app, carol.cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, fareFamily: 'ZZ.NOPE' });
    expect(hold.status).toBe(400);
    expect((hold.body as unknown as { error: { fields: Record<string, string> } }).error.fields.fareFamily).toBe(UNKNOWN_FARE_FAMILY);
  });
});
