import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantTrips } from '../../core/assistant-schemas';
import { payments } from '../../db/schema';
import { assistantTrips } from '../../domain/assistant/trips';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, bookAndPay, findItinerary } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function trips(cookie: string): Promise<AssistantTrips> {
  const res = await ctx.app.request('/api/assistant/trips', { headers: authed(cookie) });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return (await res.json()) as AssistantTrips;
}

describe('GET /api/assistant/trips', () => {
  it("tells a traveller their own next trip and refunds, and nothing of anyone else's", async () => {
    const alice = await signUpAndLogin(ctx.app);
    const bob = await signUpAndLogin(ctx.app);
    expect(await trips(alice.cookie)).toEqual({ nextTrip: null, confirmedCount: 0, refunds: [] });

    const later = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const sooner = await findItinerary(ctx.app, { from: 'BOM', to: 'GOI', date: '2026-12-10' });
    await bookAndPay(ctx.app, alice.cookie, later, [ADULT]);
    const { confirm } = await bookAndPay(ctx.app, alice.cookie, sooner, [ADULT]);
    const booking = confirm.body.booking;

    const facts = await trips(alice.cookie);
    expect(facts.confirmedCount).toBe(2);
    expect(facts.nextTrip).toMatchObject({
      bookingId: booking.id,
      pnr: booking.pnr,
      fromCode: 'BOM',
      toCode: 'GOI',
      flightNumber: sooner.legs[0]?.flightNumber,
      departure: sooner.legs[0]?.departure,
      departureTerminal: sooner.legs[0]?.from.terminal ?? null,
      passengerCount: 1,
    });
    expect(facts.nextTrip?.boardingPasses).toBe(1);
    // Live status from the tracker's model, the same answer the status API gives.
    const status = (await (await ctx.app.request(`/api/flights/${encodeURIComponent(sooner.legs[0]?.flightNumber ?? '')}/status?date=2026-12-10`)).json()) as { status: string; actualDeparture: string };
    expect(facts.nextTrip?.live).toMatchObject({ status: status.status, estimatedDeparture: status.actualDeparture });

    // A refund of alice's payment shows with its state; bob sees none of it.
    await ctx.database.db.update(payments).set({ status: 'refunded' }).where(eq(payments.bookingId, booking.id));
    const refunded = await trips(alice.cookie);
    expect(refunded.refunds).toEqual([expect.objectContaining({ bookingId: booking.id, pnr: booking.pnr, state: 'refunded', fromCode: 'BOM', toCode: 'GOI' })]);
    expect(refunded.refunds[0]?.amountInr).toBe(booking.totalInr);

    const bobs = await trips(bob.cookie);
    expect(bobs).toEqual({ nextTrip: null, confirmedCount: 0, refunds: [] });
    expect(JSON.stringify(bobs)).not.toContain(booking.pnr);
  });

  it('moves on once the trip has departed', async () => {
    const carol = await signUpAndLogin(ctx.app);
    const it = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-11-28' });
    await bookAndPay(ctx.app, carol.cookie, it, [ADULT]);
    expect((await trips(carol.cookie)).nextTrip?.departure).toBe(it.legs[0]?.departure);
    // (The domain function directly: a week later the session itself would have expired.)
    expect(await assistantTrips(ctx.database.db, ctx.world, carol.user.id, new Date('2026-11-29T00:00:00Z'))).toMatchObject({ nextTrip: null, confirmedCount: 1 });
  });
});
