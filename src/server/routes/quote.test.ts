import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
