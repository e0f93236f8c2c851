import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FlightStatus, TRACKER_MESSAGES, type TrackingEntry } from '../../core/tracking';
import { flightStatusAt } from '../../domain/tracking/tracker';
import type { DatedFlight } from '../../domain/world/world';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({ now: '2026-11-21T06:30:00Z' });
});
afterAll(async () => {
  await ctx.close();
});

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function status(path: string) {
  const res = await ctx.app.request(path);
  return { res, body: (await res.json()) as FlightStatus & ErrorBody };
}

/** An operated (not cancelled) DEL–BOM flight of 2026-11-21 and its off-block / on-block times. */
function operatedFlight(): { flight: DatedFlight; offBlock: Date; onBlock: Date } {
  const late = new Date('2026-11-23T00:00:00Z');
  for (const p of ctx.world.patterns) {
    if (p.from !== 'DEL' || p.to !== 'BOM') continue;
    const flight = ctx.world.getFlight(`${p.key}@2026-11-21`);
    if (!flight) continue;
    const after = flightStatusAt(ctx.world, flight, late);
    if (after.status !== 'Arrived') continue;
    return { flight, offBlock: new Date(after.actualDeparture), onBlock: new Date(after.actualArrival) };
  }
  throw new Error('no operated DEL–BOM flight');
}

describe('GET /api/flights/{flightNumber}/status', () => {
  it('answers Boarding, Departed with altitude and speed, and Arrived with progress 100 as the clock moves', async () => {
    const { flight, offBlock, onBlock } = operatedFlight();
    const number = encodeURIComponent(flight.flightNumber);
    ctx.clock.set(new Date(offBlock.getTime() - 10 * 60_000));
    const boarding = await status(`/api/flights/${number}/status?date=2026-11-21`);
    expect(boarding.res.status).toBe(200);
    expect(boarding.body.status).toBe('Boarding');
    expect(boarding.body.altitude).toBeNull();
    expect(boarding.body.progress).toBe(0);
    expect(boarding.body.gate).toMatch(/^\d+$/);
    expect(boarding.res.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);

    ctx.clock.set(new Date((offBlock.getTime() + onBlock.getTime()) / 2));
    const departed = await status(`/api/flights/${number}/status?date=2026-11-21`);
    expect(departed.body.status).toBe('Departed');
    expect(departed.body.altitude).toBeGreaterThan(20_000);
    expect(departed.body.speed).toBeGreaterThan(400);
    expect(departed.body.progress).toBeGreaterThanOrEqual(10);
    expect(departed.body.progress).toBeLessThanOrEqual(89);
    expect(departed.body.delay).toBeNull();

    ctx.clock.set(new Date(onBlock.getTime() + 5 * 60_000));
    const arrived = await status(`/api/flights/${number}/status?date=2026-11-21`);
    expect(arrived.body.status).toBe('Arrived');
    expect(arrived.body.progress).toBe(100);
    expect(arrived.body.altitude).toBeNull();
    expect(arrived.body.speed).toBeNull();
    expect(arrived.body.origin.code).toBe('DEL');
    expect(arrived.body.destination.code).toBe('BOM');
    // No OpenWeatherMap key in tests: typical weather answers at both ends.
    expect(arrived.body.weather.origin).toEqual({ condition: expect.any(String), temp: expect.any(Number) });
    expect(arrived.body.weather.destination).toEqual({ condition: expect.any(String), temp: expect.any(Number) });
  });

  it('reads every spelling of a flight number, and without a date finds today’s or the next departure', async () => {
    const { flight } = operatedFlight();
    ctx.clock.set('2026-11-21T01:00:00Z');
    const spellings = [flight.flightNumber, `${flight.carrier}${flight.number}`, `${flight.carrier.toLowerCase()}${flight.number}`, `${flight.carrier}-${flight.number}`];
    for (const spelling of spellings) {
      const { res, body } = await status(`/api/flights/${encodeURIComponent(spelling)}/status`);
      expect(res.status, spelling).toBe(200);
      expect(body.flightNumber).toBe(flight.flightNumber);
      expect(body.date).toBe('2026-11-21');
    }
  });

  it('answers 400 with a clear message for something that is not a flight number or date, 404 for an unknown one', async () => {
    const bad = await status('/api/flights/hello/status');
    expect(bad.res.status).toBe(400);
    expect(bad.body.error.message).toBe(TRACKER_MESSAGES.flightNumberFormat);
    expect(bad.body.error.fields?.flightNumber).toBe(TRACKER_MESSAGES.flightNumberFormat);
    const blank = await status('/api/flights/%20/status');
    expect(blank.res.status).toBe(400);
    expect(blank.body.error.message).toBe(TRACKER_MESSAGES.flightNumberRequired);
    const unknown = await status('/api/flights/ZZ%20999/status');
    expect(unknown.res.status).toBe(404);
    expect(unknown.body.error.message).toBe("Flight ZZ 999 is not in Safar's schedule. Check the number on your ticket.");
    const badDate = await status(`/api/flights/6E1000/status?date=2026-13-01`);
    expect(badDate.res.status).toBe(400);
    expect(badDate.body.error.fields?.date).toBe(TRACKER_MESSAGES.dateFormat);
    const outside = await status(`/api/flights/6E1000/status?date=2031-01-01`);
    expect(outside.res.status).toBe(404);
    expect(outside.body.error.message).toBe('Flight 6E 1000 does not operate on 2031-01-01.');
  });

  it('gives the same answer for a past day every time', async () => {
    const { flight } = operatedFlight();
    ctx.clock.set('2026-11-25T12:00:00Z');
    const a = await status(`/api/flights/${encodeURIComponent(flight.flightNumber)}/status?date=2026-11-21`);
    ctx.clock.set('2026-11-29T12:00:00Z');
    const b = await status(`/api/flights/${encodeURIComponent(flight.flightNumber)}/status?date=2026-11-21`);
    expect({ ...a.body, lastTracked: '' }).toEqual({ ...b.body, lastTracked: '' });
  });
});

describe('Recent Searches (/api/tracking-history)', () => {
  it('needs a signed-in traveller', async () => {
    expect((await ctx.app.request('/api/tracking-history')).status).toBe(401);
    const post = await ctx.app.request('/api/tracking-history', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ flightNumber: '6E 1000' }) });
    expect(post.status).toBe(401);
  });

  it('keeps ten flights newest first, tracking a number again moves it to the top, and travellers never see each other’s', async () => {
    ctx.clock.set('2026-11-21T06:30:00Z');
    const { cookie } = await signUpAndLogin(ctx.app);
    const other = await signUpAndLogin(ctx.app);
    const numbers = ctx.world.patterns.filter((p) => p.from === 'BOM').slice(0, 12).map((p) => `${p.carrier}${p.number}`);
    let entries: TrackingEntry[] = [];
    for (const n of numbers) {
      ctx.clock.advance(60_000);
      const res = await ctx.app.request('/api/tracking-history', { method: 'POST', headers: jsonHeaders({ Cookie: cookie }), body: JSON.stringify({ flightNumber: n.toLowerCase() }) });
      expect(res.status).toBe(200);
      entries = ((await res.json()) as { entries: TrackingEntry[] }).entries;
    }
    expect(entries).toHaveLength(10);
    expect(entries[0]?.flightNumber.replace(' ', '')).toBe(numbers[11]);
    ctx.clock.advance(60_000);
    const again = await ctx.app.request('/api/tracking-history', { method: 'POST', headers: jsonHeaders({ Cookie: cookie }), body: JSON.stringify({ flightNumber: numbers[5] }) });
    const after = ((await again.json()) as { entries: TrackingEntry[] }).entries;
    expect(after).toHaveLength(10);
    expect(after[0]?.flightNumber.replace(' ', '')).toBe(numbers[5]);
    expect(after.filter((e) => e.flightNumber.replace(' ', '') === numbers[5])).toHaveLength(1);
    const list = await ctx.app.request('/api/tracking-history', { headers: { Cookie: cookie } });
    expect(((await list.json()) as { entries: TrackingEntry[] }).entries.map((e) => e.flightNumber)).toEqual(after.map((e) => e.flightNumber));
    const theirs = await ctx.app.request('/api/tracking-history', { headers: { Cookie: other.cookie } });
    expect(((await theirs.json()) as { entries: TrackingEntry[] }).entries).toEqual([]);
  });

  it('replays a tracking sent again with the same Idempotency-Key (a queued offline action whose answer was lost) instead of recording it twice', async () => {
    ctx.clock.set('2026-11-21T06:30:00Z');
    const { cookie } = await signUpAndLogin(ctx.app);
    const [first, second] = ctx.world.patterns.filter((p) => p.from === 'DEL').slice(0, 2).map((p) => `${p.carrier}${p.number}`);
    const post = (flightNumber: string | undefined, key: string) =>
      ctx.app.request('/api/tracking-history', { method: 'POST', headers: jsonHeaders({ Cookie: cookie, 'Idempotency-Key': key }), body: JSON.stringify({ flightNumber }) });
    const a = await post(first, 'offline-key-0001');
    expect(a.status).toBe(200);
    const firstAnswer = ((await a.json()) as { entries: TrackingEntry[] }).entries;
    ctx.clock.advance(60_000);
    expect((await post(second, 'offline-key-0002')).status).toBe(200);
    ctx.clock.advance(60_000);
    const replay = await post(first, 'offline-key-0001');
    expect(replay.status).toBe(200);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replay.json()) as { entries: TrackingEntry[] }).entries).toEqual(firstAnswer);
    // The replay changed nothing: the later tracking stays on top.
    const list = await ctx.app.request('/api/tracking-history', { headers: { Cookie: cookie } });
    expect(((await list.json()) as { entries: TrackingEntry[] }).entries.map((e) => e.flightNumber.replace(' ', ''))).toEqual([second, first]);
    expect((await post(second, 'offline-key-0001')).status).toBe(422);
    expect((await post(first, 'short')).status).toBe(400);
  });

  it('rejects an unknown flight without touching the list', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const res = await ctx.app.request('/api/tracking-history', { method: 'POST', headers: jsonHeaders({ Cookie: cookie }), body: JSON.stringify({ flightNumber: 'ZZ 1' }) });
    expect(res.status).toBe(404);
    const list = await ctx.app.request('/api/tracking-history', { headers: { Cookie: cookie } });
    expect(((await list.json()) as { entries: TrackingEntry[] }).entries).toEqual([]);
  });
});
