import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recommendations } from '../../core/recommendations';
import type { CompactSearchResponse } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';

describe('GET /api/recommendations', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const get = (query: string) => ctx.app.request(`/api/recommendations${query}`, { headers: jsonHeaders() });
  /** Asks again while the origin is being priced (`ready: false`), like the panel does. */
  const getReady = async (query: string): Promise<Recommendations> => {
    for (;;) {
      const body = (await (await get(query)).json()) as Recommendations;
      if (body.ready) return body;
      expect(body.recommendations).toEqual([]);
    }
  };

  it('recommends up to 4 destinations from Delhi at or below ₹20,000 by default, each with its price, saving against the typical fare, season and picture', async () => {
    const res = await get('');
    expect(res.status).toBe(200);
    const body = await getReady('');
    expect(body.origin.code).toBe('DEL');
    expect(body.budget).toBe(20_000);
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.recommendations.length).toBeLessThanOrEqual(4);
    for (const r of body.recommendations) {
      expect(r.price).toBeLessThanOrEqual(20_000);
      expect(r.savings).toBe(Math.max(0, r.typicalPrice - r.price));
      expect(r.season).not.toBe('');
      expect(['city', 'beach', 'mountain', 'desert', 'heritage', 'island']).toContain(r.image);
    }
  }, 60_000);

  it('prices are real: the lowest fare is what search answers on that date', async () => {
    const body = await getReady('?from=Mumbai&budget=100000');
    expect(body.origin.code).toBe('BOM');
    const first = body.recommendations[0];
    if (!first) throw new Error('expected a recommendation from Mumbai');
    const search = expandSearchResponse((await (await ctx.app.request(`/api/search?from=BOM&to=${first.code}&date=${first.priceDate}&adults=1`, { headers: jsonHeaders() })).json()) as CompactSearchResponse);
    const fares = search.itineraries.filter((it) => it.stops <= 1).map((it) => it.price.perPassenger.adult?.total ?? Infinity);
    expect(Math.min(...fares)).toBe(first.price);
    // A smaller budget only removes destinations.
    const small = await getReady(`?from=BOM&budget=${first.price}`);
    expect(small.recommendations.length).toBeGreaterThan(0);
    for (const r of small.recommendations) expect(r.price).toBeLessThanOrEqual(first.price);
  }, 60_000);

  it.each([
    ['?from=Atlantis', 'from'],
    ['?budget=500', 'budget'],
    ['?budget=abc', 'budget'],
  ])('answers 400 for %s', async (query, field) => {
    const res = await get(query);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { fields?: Record<string, string> } };
    expect(error.fields?.[field]).toBeTruthy();
  });
});
