import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompactSearchResponse } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import type { FlightStatus } from '../../core/tracking';
import { notifications, outbox } from '../../db/schema';
import { ADULT, bookAndPay } from '../../../tests/support/booking';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp } from '../../../tests/support/test-app';
import { flightStatusAt } from './tracker';
import { materialChanges, watchBookedFlights } from './watch';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: '2026-11-21T06:30:00Z' });
});
afterAll(async () => {
  await ctx.close();
});

const base: FlightStatus = {
  flightNumber: '6E 2174',
  date: '2026-12-24',
  airline: 'IndiGo',
  status: 'On Time',
  delay: null,
  origin: { code: 'BOM', name: 'Mumbai', city: 'Mumbai', lat: 19.09, lon: 72.87 },
  destination: { code: 'DEL', name: 'Delhi', city: 'New Delhi', lat: 28.56, lon: 77.1 },
  scheduledDeparture: '2026-12-24T09:40:00+05:30',
  actualDeparture: '2026-12-24T09:40:00+05:30',
  scheduledArrival: '2026-12-24T11:50:00+05:30',
  actualArrival: '2026-12-24T11:50:00+05:30',
  departed: false,
  arrived: false,
  gate: null,
  previousGate: null,
  terminal: '1',
  arrivalTerminal: '1',
  aircraft: 'Airbus A320neo',
  registration: 'VT-ABC',
  altitude: null,
  speed: null,
  progress: 0,
  routeFraction: 0,
  weather: { origin: null, destination: null },
  inbound: null,
  reason: 'on time',
  lastTracked: '2026-12-24T02:00:00.000Z',
};
const now = new Date('2026-12-24T02:00:00Z'); // 07:30 in India

describe('materialChanges', () => {
  it('delay: first at 15 min, then each further 30 min', () => {
    const delayed = (delay: number): FlightStatus => ({ ...base, status: 'Delayed', delay, actualDeparture: '2026-12-24T10:25:00+05:30', reason: 'late inbound aircraft' });
    expect(materialChanges({ ...base, status: 'Delayed', delay: 14 }, null, now)).toEqual([]);
    expect(materialChanges(delayed(15), null, now)[0]).toMatchObject({ field: 'delay', value: '15', title: 'Flight 6E 2174 is delayed by 15 minutes' });
    expect(materialChanges(delayed(40), 15, now)).toEqual([]);
    expect(materialChanges(delayed(45), 15, now)[0]?.value).toBe('45');
    expect(materialChanges(delayed(45), 15, now)[0]?.body).toBe('6E 2174 Mumbai → New Delhi on 2026-12-24 now leaves at 10:25 instead of 09:40: late inbound aircraft.');
  });

  it('gate change only within 3 h of departure; cancellation always; nothing after departure', () => {
    const moved = { ...base, gate: '23', previousGate: '12' };
    expect(materialChanges(moved, null, now)[0]).toMatchObject({ field: 'gate', value: '23', title: 'Flight 6E 2174 now leaves from gate 23' });
    expect(materialChanges(moved, null, new Date('2026-12-23T20:00:00Z'))).toEqual([]);
    expect(materialChanges({ ...base, status: 'Cancelled', reason: 'operational reasons' }, null, now)[0]).toMatchObject({ field: 'cancelled', title: 'Flight 6E 2174 has been cancelled' });
    expect(materialChanges({ ...moved, status: 'Departed', departed: true }, null, now)).toEqual([]);
  });
});

describe('watchBookedFlights', () => {
  it('a booked flight that turns late gives its traveller one in-app notice and one email, once', async () => {
    // A DEL–BOM flight tomorrow whose delay is known an hour before it leaves.
    let target: { flightId: string; at: Date } | undefined;
    for (const p of ctx.world.patterns) {
      if (p.from !== 'DEL' || p.to !== 'BOM') continue;
      const flight = ctx.world.getFlight(`${p.key}@2026-11-22`);
      if (!flight) continue;
      const at = new Date(flight.departureUtc.getTime() - 60 * 60_000);
      const status = flightStatusAt(ctx.world, flight, at);
      if (status.status === 'Delayed' && !status.previousGate) {
        target = { flightId: flight.flightId, at };
        break;
      }
    }
    if (!target) throw new Error('no delayed DEL–BOM flight on 2026-11-22');
    const res = await ctx.app.request('/api/search?from=DEL&to=BOM&date=2026-11-22&adults=1&children=0&infants=0');
    const itinerary = expandSearchResponse((await res.json()) as CompactSearchResponse).itineraries.find((i) => i.stops === 0 && i.legs[0]?.flightId === target.flightId);
    if (!itinerary) throw new Error(`${target.flightId} not on sale`);
    const { cookie, user } = await signUpAndLogin(ctx.app);
    await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);

    ctx.clock.set(target.at);
    const first = await watchBookedFlights(ctx.database.db, ctx.world, ctx.clock);
    expect(first.notices).toBe(1);
    const again = await watchBookedFlights(ctx.database.db, ctx.world, ctx.clock);
    expect(again.notices).toBe(0);

    const notices = await ctx.database.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.kind, 'flight-change')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toMatch(/^Flight [0-9A-Z]{2} \d+ is delayed by \d+ minutes$/);
    expect(notices[0]?.dedupeKey).toMatch(new RegExp(`^flight:${target.flightId.replace(/[@]/g, '@')}:delay:\\d+$`));
    const mails = await ctx.database.db.select().from(outbox).where(and(eq(outbox.kind, 'notice-mail'), eq(outbox.recipient, user.email.toLowerCase())));
    expect(mails).toHaveLength(1);
  });
});
