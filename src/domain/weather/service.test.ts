import { describe, expect, it, vi } from 'vitest';
import { createFixedClock } from '../../core/clock';
import { FORECAST_DAYS, createWeatherService } from './service';

const KEY = 'abcdef0123456789abcdef0123456789';
const NOW = '2026-11-21T06:30:00Z'; // 12:00 in India

/** An OpenWeatherMap-shaped 5-day answer: 40 slots every 3 hours from `start`. */
function owmBody(start = Date.parse(NOW), city = 'Panaji') {
  const list = Array.from({ length: 40 }, (_, i) => ({
    dt: Math.floor(start / 1000) + i * 3 * 3600,
    main: { temp: 28 + (i % 8) / 2, temp_max: 29 + (i % 8) / 2, temp_min: 27, humidity: 70, feels_like: 31.5 },
    weather: [{ main: i % 8 === 2 ? 'Rain' : 'Clouds', description: 'x' }],
    wind: { speed: 3.4, deg: 200 },
    visibility: 10000,
    pop: i % 8 === 2 ? 0.6 : 0.1,
  }));
  return { cod: '200', cnt: 40, list, city: { name: city, country: 'IN', timezone: 19800 } };
}

function setup(respond: (url: URL, init?: RequestInit) => Promise<Response>, options: { timeoutMs?: number } = {}) {
  const clock = createFixedClock(NOW);
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => respond(new URL(input instanceof Request ? input.url : input), init));
  const service = createWeatherService({ apiKey: KEY, clock, log: { warn: (msg, fields) => warnings.push({ msg, fields }) }, fetch, ...options });
  return { service, fetch, warnings, clock };
}

describe('weather service', () => {
  it('calls the 5-day forecast by city name with the key and metric units, and folds it into 7 days', async () => {
    const { service, fetch } = setup(async () => Response.json(owmBody()));
    const report = await service.forecast('GOI');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [input] = fetch.mock.calls[0] ?? [''];
    const url = new URL(input instanceof Request ? input.url : input);
    expect(url.origin + url.pathname).toBe('https://api.openweathermap.org/data/2.5/forecast');
    expect(url.searchParams.get('q')).toBe('Goa,IN');
    expect(url.searchParams.get('appid')).toBe(KEY);
    expect(url.searchParams.get('units')).toBe('metric');
    expect(report?.source).toBe('openweathermap');
    expect(report?.city).toBe('Panaji');
    expect(report?.days).toHaveLength(FORECAST_DAYS);
    expect(report?.days[0]?.date).toBe('2026-11-21');
    expect(report?.days[0]?.source).toBe('forecast');
    expect(report?.days[0]?.feelsLikeC).toBe(31.5);
    expect(report?.days[0]?.humidity).toBe(70);
    expect(report?.days[1]?.condition).toBe('Rain');
    // The provider covers five days; the rest are typical days, labelled as such.
    expect(report?.days[6]?.source).toBe('typical');
  });

  it('serves a city from the cache for 30 minutes, shared by every caller', async () => {
    const { service, fetch, clock } = setup(async () => Response.json(owmBody()));
    await Promise.all([service.forecast('GOI'), service.forecast('GOI'), service.forecast('GOX')]);
    await service.forecast('GOI');
    expect(fetch).toHaveBeenCalledTimes(2); // Goa and Goa (Mopa) are different cities by name
    clock.advance(29 * 60_000);
    await service.forecast('GOI');
    expect(fetch).toHaveBeenCalledTimes(2);
    clock.advance(2 * 60_000);
    await service.forecast('GOI');
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it.each([
    ['401', async () => new Response('{"cod":401,"message":"Invalid API key"}', { status: 401 }), 'http'],
    ['500', async () => new Response('oops', { status: 500 }), 'http'],
    ['malformed body', async () => Response.json({ list: [{ dt: 1 }] }), 'malformed'],
    ['not JSON', async () => new Response('<html>', { status: 200 }), 'malformed'],
    ['network error', async () => { throw new TypeError('fetch failed'); }, 'network'],
  ] as const)('answers with typical weather and logs on %s', async (_name, respond, reason) => {
    const { service, warnings } = setup(respond);
    const report = await service.forecast('DEL');
    expect(report?.source).toBe('typical');
    expect(report?.days).toHaveLength(FORECAST_DAYS);
    expect(report?.days.every((d) => d.source === 'typical')).toBe(true);
    expect(report?.climate.station).toBe('New Delhi (Safdarjung)');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.fields?.reason).toBe(reason);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });

  it('gives up after the time-out and answers with typical weather', async () => {
    const { service, warnings } = setup(
      (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as DOMException))),
      { timeoutMs: 30 },
    );
    const report = await service.forecast('BOM');
    expect(report?.source).toBe('typical');
    expect(warnings[0]?.fields?.reason).toBe('timeout');
  });

  it('retries a failed provider only after 5 minutes', async () => {
    const { service, fetch, clock } = setup(async () => new Response('', { status: 503 }));
    await service.forecast('DEL');
    await service.forecast('DEL');
    expect(fetch).toHaveBeenCalledTimes(1);
    clock.advance(5 * 60_000 + 1);
    await service.forecast('DEL');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('without a key never calls out and answers typical days', async () => {
    const fetch = vi.fn();
    const service = createWeatherService({ clock: createFixedClock(NOW), log: { warn: () => undefined }, fetch });
    const report = await service.forecast('LHR');
    expect(fetch).not.toHaveBeenCalled();
    expect(report?.source).toBe('typical');
    expect(report?.climate).toMatchObject({ basis: 'partly-cited', station: 'London Heathrow' });
    expect(report?.climate.text).toContain('A weak source: no averaging period stated, no agency credited and a travel or weather website');
  });

  it('answers undefined for an airport Safar does not serve', async () => {
    const { service } = setup(async () => Response.json(owmBody()));
    expect(await service.forecast('XXX')).toBeUndefined();
  });
});
