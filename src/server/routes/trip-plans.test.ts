import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanResult, SavedPlanView } from '../../core/planner';
import type { CompactSearchResponse } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { signUpAndLogin } from '../../../tests/support/auth';
import { authed } from '../../../tests/support/booking';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';

describe('saved trip plans (/api/trip-plans)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let alice: { cookie: string };
  let bob: { cookie: string };
  let planned: PlanResult;
  const stops = [{ city: 'DEL', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'BOM', date: '2026-12-13' }];

  beforeAll(async () => {
    ctx = await createTestApp();
    alice = await signUpAndLogin(ctx.app);
    bob = await signUpAndLogin(ctx.app);
    const res = await ctx.app.request('/api/plans/multi-city', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ stops, mode: 'price' }) });
    planned = ((await res.json()) as { plan: PlanResult }).plan;
  });
  afterAll(() => ctx.close());

  const bodyOf = (plan: PlanResult) => ({ mode: plan.mode, stops: plan.order.map((city, i) => ({ city, date: stops[i]?.date ?? '' })), itineraryIds: plan.legs.map((l) => l.itinerary.id) });
  const save = (cookie: string, body: unknown, key = randomUUID()) => ctx.app.request('/api/trip-plans', { method: 'POST', headers: authed(cookie, { 'Idempotency-Key': key }), body: JSON.stringify(body) });

  it('saves the plan as the server prices it, lists it newest first and replays the same key', async () => {
    const key = randomUUID();
    const res = await save(alice.cookie, bodyOf(planned), key);
    expect(res.status).toBe(201);
    const { plan } = (await res.json()) as { plan: SavedPlanView };
    expect(plan.title).toBe('New Delhi → Goa → Mumbai');
    expect(plan.plan.legs.map((l) => l.itinerary.id)).toEqual(planned.legs.map((l) => l.itinerary.id));
    expect(plan.plan.totalPrice).toBe(planned.totalPrice);
    expect(plan.plan.timeline.map((e) => e.type)).toContain('stay');
    const replay = await save(alice.cookie, bodyOf(planned), key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replay.json()) as { plan: SavedPlanView }).plan.id).toBe(plan.id);
    const list = (await (await ctx.app.request('/api/trip-plans', { headers: authed(alice.cookie) })).json()) as { plans: SavedPlanView[] };
    expect(list.plans.map((p) => p.id)).toEqual([plan.id]);
    const one = await ctx.app.request(`/api/trip-plans/${plan.id}`, { headers: authed(alice.cookie) });
    expect(one.status).toBe(200);
  });

  it('is visible to its owner only: 404 for another traveller, who lists nothing', async () => {
    const { plan } = (await (await save(alice.cookie, bodyOf(planned))).json()) as { plan: SavedPlanView };
    expect((await ctx.app.request(`/api/trip-plans/${plan.id}`, { headers: authed(bob.cookie) })).status).toBe(404);
    expect((await ctx.app.request(`/api/trip-plans/${plan.id}`, { method: 'DELETE', headers: authed(bob.cookie) })).status).toBe(404);
    const bobs = (await (await ctx.app.request('/api/trip-plans', { headers: authed(bob.cookie) })).json()) as { plans: unknown[] };
    expect(bobs.plans).toEqual([]);
    expect((await ctx.app.request(`/api/trip-plans/${plan.id}`, { method: 'DELETE', headers: authed(alice.cookie) })).status).toBe(200);
    expect((await ctx.app.request(`/api/trip-plans/${plan.id}`, { headers: authed(alice.cookie) })).status).toBe(404);
    expect((await ctx.app.request('/api/trip-plans/not-a-uuid', { headers: authed(alice.cookie) })).status).toBe(404);
  });

  it('refuses signed-out callers', async () => {
    const res = await ctx.app.request('/api/trip-plans', { method: 'POST', headers: jsonHeaders({ 'Idempotency-Key': randomUUID() }), body: JSON.stringify(bodyOf(planned)) });
    expect(res.status).toBe(401);
  });

  it.each([
    ['an unknown itinerary', (b: ReturnType<typeof bodyOf>) => ({ ...b, itineraryIds: ['XX999@2026-12-10:economy', ...b.itineraryIds.slice(1)] }), 'itineraryIds.0'],
    ['an itinerary of another route', (b: ReturnType<typeof bodyOf>) => ({ ...b, itineraryIds: [b.itineraryIds[1] ?? '', b.itineraryIds[0] ?? ''] }), 'itineraryIds.0'],
    ['an unknown city', (b: ReturnType<typeof bodyOf>) => ({ ...b, stops: [{ city: 'Atlantis', date: '2026-12-10' }, ...b.stops.slice(1)] }), 'stops.0.city'],
    ['one itinerary too few', (b: ReturnType<typeof bodyOf>) => ({ ...b, itineraryIds: b.itineraryIds.slice(1) }), 'itineraryIds'],
  ])('answers 400 with the field for %s', async (_name, change, field) => {
    const res = await save(alice.cookie, change(bodyOf(planned)));
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(error.code).toBe('validation_failed');
    expect(error.fields?.[field]).toBeTruthy();
  });

  it('refuses legs that do not fit together (the second leaves before the first lands + 3 h)', async () => {
    const first = planned.legs[0];
    if (!first) throw new Error('expected a leg');
    const search = await ctx.app.request(`/api/search?from=GOI&to=BOM&date=${first.departureTime.slice(0, 10)}&adults=1`, { headers: jsonHeaders() });
    const { itineraries } = expandSearchResponse((await search.json()) as CompactSearchResponse);
    const tooSoon = itineraries.find((it) => Date.parse(it.departure) < Date.parse(first.arrivalTime) + 180 * 60_000);
    expect(tooSoon, 'a same-day GOI→BOM flight inside the connection window').toBeDefined();
    const res = await save(alice.cookie, { mode: 'price', stops: [stops[0], { city: 'GOI', date: stops[0]?.date }, stops[2]], itineraryIds: [first.itinerary.id, tooSoon?.id ?? ''] });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('do not fit together');
  });
});
