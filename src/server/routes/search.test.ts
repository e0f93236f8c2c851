import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompactSearchResponse, CompactSearchResponseSchema, type SearchResponse } from '../../core/search';
import { expandSearchResponse } from '../../core/search-wire';
import { createTestApp } from '../../../tests/support/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
});

type ErrorBody = { error?: { code: string; message: string; fields?: Record<string, string> } };

/** A search as the web client sees it: the compact answer expanded (error bodies as they come). */
async function search(params: Record<string, string>) {
  const res = await ctx.app.request(`/api/search?${new URLSearchParams(params).toString()}`);
  const json = (await res.json()) as CompactSearchResponse & ErrorBody;
  return { status: res.status, body: (res.status === 200 ? expandSearchResponse(json) : json) as SearchResponse & ErrorBody };
}

describe('GET /api/search', () => {
  it('finds direct DEL–BOM flights with all-in prices and local times', async () => {
    const { status, body } = await search({ from: 'DEL', to: 'BOM', date: '2026-12-10' });
    expect(status).toBe(200);
    expect(body.reason).toBeNull();
    expect(body.itineraries.length).toBeGreaterThan(50);
    expect(body.itineraries.length).toBeLessThanOrEqual(200);
    const direct = body.itineraries.filter((i) => i.stops === 0);
    expect(direct.length).toBeGreaterThanOrEqual(55);
    for (const it of body.itineraries) {
      expect(it.departure.startsWith('2026-12-10T')).toBe(true);
      expect(it.departure.endsWith('+05:30')).toBe(true);
      const adult = it.price.perPassenger.adult;
      expect(adult?.total).toBe((adult?.baseFare ?? 0) + (adult?.taxesAndFees ?? 0));
      expect(it.price.total.total).toBe(adult?.total);
      expect(it.legs[0]?.from.code).toBe('DEL');
      expect(it.legs[it.legs.length - 1]?.to.code).toBe('BOM');
    }
    const cheapest = Math.min(...direct.map((i) => i.price.perPassenger.adult?.baseFare ?? 0));
    expect(cheapest).toBeGreaterThanOrEqual(3000);
    expect(cheapest).toBeLessThanOrEqual(9000);
  });

  it('answers in the compact form: each airport and airline name once, no derived fields', async () => {
    const res = await ctx.app.request('/api/search?from=DEL&to=LHR&date=2026-12-10&adults=2&children=1');
    const raw = await res.text();
    const compact = CompactSearchResponseSchema.parse(JSON.parse(raw));
    expect(compact.itineraries.length).toBeGreaterThan(5);
    expect(Object.keys(compact.airports)).toEqual(expect.arrayContaining(['DEL', 'LHR']));
    expect(compact.airports.LHR).toEqual({ name: 'London Heathrow Airport', city: 'London' });
    expect(raw.split('London Heathrow Airport')).toHaveLength(2);
    for (const it of compact.itineraries) {
      expect(Object.keys(it)).toEqual(['legs', 'seatsLeft', 'fares']);
      expect(Object.keys(it.fares)).toEqual(['adult', 'child']);
      for (const [flightId, from, , to] of it.legs) {
        expect(compact.carriers[flightId.slice(0, 2)]).toBeTruthy();
        expect(compact.airports[from]).toBeTruthy();
        expect(compact.airports[to]).toBeTruthy();
      }
    }
    const full = expandSearchResponse(compact);
    const first = full.itineraries[0];
    expect(first?.id).toBe(`${first?.legs.map((l) => l.flightId).join('~')}:economy`);
    expect(first?.price.total.total).toBe((first?.price.perPassenger.adult?.total ?? 0) * 2 + (first?.price.perPassenger.child?.total ?? 0));
  });

  it('answers repeated searches from the cache until the inventory changes', async () => {
    const first = await search({ from: 'DEL', to: 'IXL', date: '2026-12-11' });
    const again = await search({ from: 'DEL', to: 'IXL', date: '2026-12-11' });
    expect(again.body).toEqual(first.body);
    const target = first.body.itineraries.find((i) => i.stops === 0);
    const leg = target?.legs[0];
    if (!leg) throw new Error('no direct flight');
    ctx.inventory.applyChange(leg.flightId, 'economy', { available: 3, held: 0, sold: 183 });
    const after = await search({ from: 'DEL', to: 'IXL', date: '2026-12-11' });
    expect(after.body.itineraries.find((i) => i.id === target?.id)?.seatsLeft).toBe(3);
  });

  it('resolves city and alternative names', async () => {
    const { status, body } = await search({ from: 'bombay', to: 'Bengaluru', date: '2026-12-10' });
    expect(status).toBe(200);
    expect(body.query.from).toBe('BOM');
    expect(body.query.to).toBe('BLR');
  });

  it('connects two small Indian airports through a hub', async () => {
    const { body } = await search({ from: 'IXM', to: 'IXJ', date: '2026-12-10' });
    expect(body.itineraries.length).toBeGreaterThan(0);
    expect(body.itineraries.every((i) => i.stops >= 1)).toBe(true);
    for (const it of body.itineraries) for (const l of it.layovers) expect(l.minutes).toBeGreaterThanOrEqual(45);
  });

  it('shows direct and connecting flights to London with British local times', async () => {
    const { body } = await search({ from: 'DEL', to: 'London', date: '2026-12-10' });
    expect(body.itineraries.some((i) => i.stops === 0)).toBe(true);
    expect(body.itineraries.some((i) => i.stops > 0)).toBe(true);
    for (const it of body.itineraries) expect(it.arrival).toMatch(/\+00:00$/);
    const summer = await search({ from: 'DEL', to: 'LHR', date: '2027-07-01' });
    for (const it of summer.body.itineraries) expect(it.arrival).toMatch(/\+01:00$/);
  });

  it('prices every passenger type; infants pay a small fare and hold no seat', async () => {
    const { body } = await search({ from: 'DEL', to: 'BOM', date: '2026-12-10', adults: '2', children: '1', infants: '1' });
    const it = body.itineraries[0];
    const per = it?.price.perPassenger;
    expect(per?.infant?.baseFare).toBe(1500);
    expect(it?.price.total.total).toBe((per?.adult?.total ?? 0) * 2 + (per?.child?.total ?? 0) + (per?.infant?.total ?? 0));
  });

  it.each([
    [{ to: 'BOM', date: '2026-12-10' }, 'from', 'Source is required'],
    [{ from: 'DEL', date: '2026-12-10' }, 'to', 'Destination is required'],
    [{ from: 'DEL', to: 'BOM' }, 'date', 'Departure date is required'],
    [{ from: 'DEL', to: 'DEL', date: '2026-12-10' }, 'to', 'Source and destination cannot be same'],
    [{ from: 'bombay', to: 'BOM', date: '2026-12-10' }, 'to', 'Source and destination cannot be same'],
    [{ from: 'DEL', to: 'BOM', date: '2026-11-20' }, 'date', 'Departure date cannot be in the past'],
    [{ from: 'DEL', to: 'BOM', date: '2026-02-30' }, 'date', 'Use a date like 2026-12-24'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', adults: '0' }, 'adults', 'Adults must be at least 1'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', adults: '5', children: '5' }, 'children', 'At most 9 seats per booking (adults and children)'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', adults: '1', infants: '2' }, 'infants', 'Each infant must travel with an adult'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', cabin: 'cattle' }, 'cabin', 'Choose Economy, Premium Economy, Business or First Class'],
    [{ from: 'XYZ', to: 'BOM', date: '2026-12-10' }, 'from', "We don't know an airport called 'XYZ'"],
  ] as const)('rejects %o on %s', async (params, field, message) => {
    const { status, body } = await search(params);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
    expect(body.error?.fields?.[field]).toBe(message);
  });

  it('accepts today (India) and explains empty results', async () => {
    const beyond = await search({ from: 'DEL', to: 'BOM', date: '2027-12-01' });
    expect(beyond.status).toBe(200);
    expect(beyond.body.itineraries).toEqual([]);
    expect(beyond.body.reason).toBe('Flights are on sale up to 330 days ahead');
    const none = await search({ from: 'AGX', to: 'PYG', date: '2026-12-10' });
    expect(none.body.itineraries).toEqual([]);
    expect(none.body.reason).toMatch(/^No airline flies between /);
    const first = await search({ from: 'DEL', to: 'BOM', date: '2026-12-10', cabin: 'first' });
    expect(first.body.itineraries).toEqual([]);
    expect(first.body.reason).toBe('No flights on this day offer First Class');
    const today = await search({ from: 'DEL', to: 'BOM', date: '2026-11-21' });
    expect(today.status).toBe(200);
    for (const it of today.body.itineraries) expect(Date.parse(it.departure)).toBeGreaterThan(Date.parse('2026-11-21T06:30:00Z'));
  });

  it('never answers 5xx to any query string', async () => {
    const text = fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('DEL', 'BOM', 'bombay', '', ' ', 'IXM', 'LHR', '2026-12-10', '-1', '1e3', '9', 'NaN'));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom('from', 'to', 'date', 'cabin', 'adults', 'children', 'infants', 'other'), text), async (params) => {
        const res = await ctx.app.request(`/api/search?${new URLSearchParams(params).toString()}`);
        expect(res.status).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });
});

describe('GET /api/airports', () => {
  it('ranks the exact code first and finds alternative names', async () => {
    const res = await ctx.app.request('/api/airports?q=bom');
    const body = (await res.json()) as { airports: { code: string }[] };
    expect(body.airports[0]?.code).toBe('BOM');
    const alias = (await (await ctx.app.request('/api/airports?q=madras')).json()) as { airports: { code: string; city: string }[] };
    expect(alias.airports[0]?.code).toBe('MAA');
    const city = (await (await ctx.app.request('/api/airports?q=lon&limit=3')).json()) as { airports: { code: string }[] };
    expect(city.airports.map((a) => a.code)).toContain('LHR');
    expect(city.airports.length).toBeLessThanOrEqual(3);
  });

  it('lists popular airports for an empty query and rejects a bad limit', async () => {
    const body = (await (await ctx.app.request('/api/airports?q=')).json()) as { airports: { code: string }[] };
    expect(body.airports.slice(0, 2).map((a) => a.code)).toEqual(['DEL', 'BOM']);
    const bad = await ctx.app.request('/api/airports?limit=abc');
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/fares/calendar', () => {
  it('gives the lowest adult fare per day, null for past days and beyond the horizon', async () => {
    const res = await ctx.app.request('/api/fares/calendar?from=BOM&to=DEL&month=2026-11');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { currency: string; days: { date: string; lowestFare: number | null }[] };
    expect(body.currency).toBe('INR');
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ date: '2026-11-01', lowestFare: null });
    expect(body.days[29]?.lowestFare).toBeGreaterThan(0);
    const search = await ctx.app.request('/api/search?from=BOM&to=DEL&date=2026-11-30');
    const cheapest = Math.min(...expandSearchResponse((await search.json()) as CompactSearchResponse).itineraries.map((i) => i.price.perPassenger.adult?.total ?? Infinity));
    expect(body.days[29]?.lowestFare).toBe(cheapest);
    const far = (await (await ctx.app.request('/api/fares/calendar?from=BOM&to=DEL&month=2028-01')).json()) as { days: { lowestFare: number | null }[] };
    expect(far.days.every((d) => d.lowestFare === null)).toBe(true);
  });

  it('validates its fields', async () => {
    const res = await ctx.app.request('/api/fares/calendar?from=BOM&to=bombay&month=2026-13');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.month).toBe('Use a month like 2026-12');
  });
});
