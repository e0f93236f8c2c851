import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiErrorBodySchema } from '../../core/error-body';
import { InsightsAnswerSchema, WeatherReportSchema } from '../../core/weather';
import { createTestApp } from '../../../tests/support/test-app';

const KEY = 'abcdef0123456789abcdef0123456789';

function owmBody() {
  const start = Math.floor(Date.parse('2026-11-21T06:00:00Z') / 1000);
  return {
    city: { name: 'Mumbai', timezone: 19800 },
    list: Array.from({ length: 40 }, (_, i) => ({
      dt: start + i * 10800,
      main: { temp: 30, temp_max: 32, temp_min: 24, humidity: 60 },
      weather: [{ main: 'Haze' }],
      wind: { speed: 4 },
      visibility: 3000,
      pop: 0,
    })),
  };
}

describe('GET /api/weather/{code}', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  let keyless: Awaited<ReturnType<typeof createTestApp>>;
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeAll(async () => {
    ctx = await createTestApp({ env: { OPENWEATHER_API_KEY: KEY } });
    keyless = await createTestApp({ database: ctx.database });
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => fetch.mockReset());
  afterAll(async () => {
    vi.unstubAllGlobals();
    await ctx.close();
  });

  it('answers the forecast (public, no key in the answer) and serves the second call from the cache', async () => {
    fetch.mockResolvedValue(Response.json(owmBody()));
    const res = await ctx.app.request('/api/weather/bom');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(KEY);
    const report = WeatherReportSchema.parse(JSON.parse(text));
    expect(report.source).toBe('openweathermap');
    expect(report.days).toHaveLength(7);
    expect(report.days[0]).toMatchObject({ condition: 'Haze', feelsLikeC: 32, source: 'forecast' });
    const again = await ctx.app.request('/api/weather/BOM');
    expect(again.status).toBe(200);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['time-out', () => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError'))],
    ['401', () => Promise.resolve(new Response('{"cod":401}', { status: 401 }))],
    ['malformed body', () => Promise.resolve(Response.json({ cod: '200', list: 'nope' }))],
  ])('falls back to typical weather on %s', async (_name, respond) => {
    fetch.mockImplementation(respond);
    const res = await ctx.app.request('/api/weather/CCU');
    expect(res.status).toBe(200);
    const report = WeatherReportSchema.parse(await res.json());
    expect(report.source).toBe('typical');
    expect(report.days.every((d) => d.source === 'typical')).toBe(true);
    expect(report.climate.citation?.tableSource).toBe('IMD');
    // A fresh city per case: the failure is cached for 5 minutes.
    ctx.clock.advance(6 * 60_000);
  });

  it('without a key answers typical days and makes no request', async () => {
    const res = await keyless.app.request('/api/weather/LHR');
    expect(res.status).toBe(200);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('rejects a bad code with 400 and an unknown airport with 404', async () => {
    const bad = await ctx.app.request('/api/weather/ab1');
    expect(bad.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await bad.json()).error.fields?.code).toBe('Use a three-letter airport code');
    const unknown = await ctx.app.request('/api/weather/XYZ');
    expect(unknown.status).toBe(404);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('starts the days at a later travel date: typical days beyond the forecast range', async () => {
    fetch.mockResolvedValue(Response.json(owmBody()));
    const report = WeatherReportSchema.parse(await (await ctx.app.request('/api/weather/BOM?from=2027-01-10')).json());
    expect(report.days[0]?.date).toBe('2027-01-10');
    expect(report.days.every((d) => d.source === 'typical')).toBe(true);
  });
});

describe('GET /api/destinations/{code}/insights', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers the best time to visit and events near the date', async () => {
    const res = await ctx.app.request('/api/destinations/DMU/insights?date=2026-11-28');
    expect(res.status).toBe(200);
    const answer = InsightsAnswerSchema.parse(await res.json());
    expect(answer.insight.bestMonths.length).toBeGreaterThan(0);
    expect(answer.events[0]?.name).toBe('Hornbill Festival');
  });

  it('defaults the date to today and rejects bad input', async () => {
    const ok = InsightsAnswerSchema.parse(await (await ctx.app.request('/api/destinations/GOI/insights')).json());
    expect(ok.date).toBe('2026-11-21');
    expect((await ctx.app.request('/api/destinations/GOI/insights?date=24-12-2026')).status).toBe(400);
    expect((await ctx.app.request('/api/destinations/XYZ/insights')).status).toBe(404);
  });
});
