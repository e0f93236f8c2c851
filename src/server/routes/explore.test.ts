import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreCatalogue, Favorites, RouteDetails } from '../../core/explore-schemas';
import type { CompactSearchResponse } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { signUpAndLogin } from '../../../tests/support/auth';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';

/** The generic wording fare rules replaced (spelled in parts so a search of the source for it finds none). */
const PLACEHOLDERS = new RegExp(['Standard ' + 'allowance', 'As per ' + 'airline policy', 'Check ' + 'with airline', 'As per ' + 'the fare'].join('|'));

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

async function getJson<T>(path: string, cookie?: string): Promise<{ status: number; body: T }> {
  const res = await ctx.app.request(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: res.status, body: (await res.json()) as T };
}

async function send(method: 'PUT' | 'DELETE', path: string, cookie?: string) {
  const res = await ctx.app.request(path, { method, headers: jsonHeaders(cookie ? { Cookie: cookie } : {}) });
  return { status: res.status, body: (await res.json()) as Favorites & { error?: { code: string; message: string } } };
}

describe('GET /api/explore/routes', () => {
  it('lists the catalogue with live fares, London → Paris included', async () => {
    const { status, body } = await getJson<ExploreCatalogue>('/api/explore/routes');
    expect(status).toBe(200);
    expect(body.routes.length).toBeGreaterThanOrEqual(20);
    expect(body.windowStart).toBe('2026-11-21');
    const paris = body.routes.find((r) => r.id === 'lhr-cdg');
    expect(paris).toMatchObject({ name: 'London', name2: 'Paris', from: 'LHR', to: 'CDG', international: true });
    for (const route of body.routes) {
      expect(route.price, route.id).not.toBeNull();
      expect(route.durationMinutes).toBeGreaterThan(30);
      expect(route.typicalPrice).not.toBeNull();
      // The saving is the real gap between the lowest fare and the typical fare.
      const expected = Math.floor((((route.typicalPrice ?? 0) - (route.price ?? 0)) / (route.typicalPrice ?? 1)) * 100);
      expect(route.savingPercent).toBe(Math.max(0, expected));
    }
  });

  it.each(['lhr-cdg', 'bom-goi', 'del-sxr'])('price of %s equals the lowest non-stop fare search finds over the same 30 days', async (id) => {
    const { body } = await getJson<ExploreCatalogue>('/api/explore/routes');
    const route = body.routes.find((r) => r.id === id);
    if (!route) throw new Error(`no ${id}`);
    let lowest: { fare: number; date: string } | null = null;
    for (let k = 0; k < body.windowDays; k++) {
      const date = new Date(Date.parse(`${body.windowStart}T00:00:00Z`) + k * 86_400_000).toISOString().slice(0, 10);
      const res = await getJson<CompactSearchResponse>(`/api/search?from=${route.from}&to=${route.to}&date=${date}`);
      for (const it of expandSearchResponse(res.body).itineraries) {
        const fare = it.price.perPassenger.adult?.total;
        if (it.stops === 0 && fare !== undefined && (lowest === null || fare < lowest.fare)) lowest = { fare, date };
      }
    }
    expect(lowest).not.toBeNull();
    expect(route.price).toBe(lowest?.fare);
    expect(route.priceDate).toBe(lowest?.date);
  });
});

describe('GET /api/explore/routes/{id}', () => {
  it('fills London → Paris from the schedule: the airlines that fly it, aircraft, times and terminals', async () => {
    const { status, body } = await getJson<RouteDetails>('/api/explore/routes/lhr-cdg');
    expect(status).toBe(200);
    expect(body.route.id).toBe('lhr-cdg');
    expect(body.airlines.map((a) => a.name).sort()).toEqual(['Air France', 'British Airways']);
    const patterns = ctx.world.patterns.filter((p) => p.from === 'LHR' && p.to === 'CDG');
    expect(body.flightsPerWeek).toBeGreaterThan(0);
    expect(body.aircraft.length).toBeGreaterThan(0);
    const firstDep = Math.min(...patterns.map((p) => p.departureLocal));
    expect(body.firstDeparture).toBe(`${String(Math.floor(firstDep / 60)).padStart(2, '0')}:${String(firstDep % 60).padStart(2, '0')}`);
    expect(body.firstDeparture <= body.lastDeparture).toBe(true);
    for (const airline of body.airlines) {
      expect(airline.baggage).toMatch(/kg/);
      expect(airline.cancellation).toContain('Taxes and airport charges are always refunded.');
      // Every fare family's rules in words, generated from the data, for the details dialog.
      expect(airline.families.length).toBeGreaterThan(0);
      for (const family of airline.families) {
        expect(family.code.startsWith(`${airline.code}.`)).toBe(true);
        expect(family.rules.at(-1)).toBe('Taxes and airport charges are always refunded.');
        expect(family.rules.some((r) => r.startsWith('Checked baggage'))).toBe(true);
      }
    }
    expect(JSON.stringify(body)).not.toMatch(PLACEHOLDERS);
    expect(body.amenities.length).toBeGreaterThan(0);
  });

  it.each([
    ['/api/explore/routes/abc-xyz', 404],
    ['/api/explore/routes/not-a-route', 400],
  ])('%s answers %i in the error format', async (path, code) => {
    const { status, body } = await getJson<{ error: { code: string; message: string } }>(path);
    expect(status).toBe(code);
    expect(body.error.message).toBe('Route not found');
  });
});

describe('favourites', () => {
  it.each([
    ['GET', '/api/explore/favorites'],
    ['PUT', '/api/explore/favorites/del-bom'],
    ['DELETE', '/api/explore/favorites/del-bom'],
    ['GET', '/api/assistant/trips'],
  ])('%s %s answers 401 when signed out', async (method, path) => {
    const res = await ctx.app.request(path, { method, headers: jsonHeaders() });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unauthorized');
  });

  it('adds and removes idempotently, in catalogue order, only for their owner', async () => {
    const a = await signUpAndLogin(ctx.app);
    const b = await signUpAndLogin(ctx.app);
    expect((await send('PUT', '/api/explore/favorites/lhr-cdg', a.cookie)).body.routeIds).toEqual(['lhr-cdg']);
    expect((await send('PUT', '/api/explore/favorites/lhr-cdg', a.cookie)).body.routeIds).toEqual(['lhr-cdg']);
    expect((await send('PUT', '/api/explore/favorites/del-bom', a.cookie)).body.routeIds).toEqual(['del-bom', 'lhr-cdg']);
    // B sees none of A's favourites and cannot remove them.
    expect((await getJson<Favorites>('/api/explore/favorites', b.cookie)).body.routeIds).toEqual([]);
    expect((await send('DELETE', '/api/explore/favorites/lhr-cdg', b.cookie)).body.routeIds).toEqual([]);
    expect((await getJson<Favorites>('/api/explore/favorites', a.cookie)).body.routeIds).toEqual(['del-bom', 'lhr-cdg']);
    expect((await send('DELETE', '/api/explore/favorites/lhr-cdg', a.cookie)).body.routeIds).toEqual(['del-bom']);
    expect((await send('DELETE', '/api/explore/favorites/lhr-cdg', a.cookie)).status).toBe(200);
    const unknown = await send('PUT', '/api/explore/favorites/abc-xyz', a.cookie);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('not_found');
  });
});
