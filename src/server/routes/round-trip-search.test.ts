import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CompactRoundTripResponse, CompactRoundTripResponseSchema } from '../../core/search';
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

async function roundTrip(params: Record<string, string>) {
  const res = await ctx.app.request(`/api/search/round-trip?${new URLSearchParams({ tripType: 'roundTrip', ...params }).toString()}`);
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as CompactRoundTripResponse & ErrorBody };
}

describe('GET /api/search/round-trip', () => {
  it('answers both directions of a domestic round trip, each as the one-way search answers it', async () => {
    const { status, text, body } = await roundTrip({ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-14', adults: '2' });
    expect(status).toBe(200);
    const answer = CompactRoundTripResponseSchema.parse(JSON.parse(text));
    expect(answer.market).toBe('domestic');
    expect(answer.query).toMatchObject({ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-14', tripType: 'roundTrip', adults: 2 });
    const outbound = expandSearchResponse(answer.outbound);
    const inbound = expandSearchResponse(answer.inbound);
    expect(outbound.itineraries.length).toBeGreaterThan(10);
    expect(inbound.itineraries.length).toBeGreaterThan(10);
    expect(inbound.query).toMatchObject({ from: 'BOM', to: 'DEL', date: '2026-12-14' });
    for (const it of inbound.itineraries) expect(it.departure.startsWith('2026-12-14T')).toBe(true);
    // The same as the one-way searches.
    const oneWay = await ctx.app.request('/api/search?from=BOM&to=DEL&date=2026-12-14&adults=2');
    expect(JSON.parse(await oneWay.text())).toEqual(body.inbound);
  });

  it('calls a trip with an airport abroad international', async () => {
    const { status, body } = await roundTrip({ from: 'DEL', to: 'LHR', date: '2026-12-10', returnDate: '2026-12-20' });
    expect(status).toBe(200);
    expect(body.market).toBe('international');
    expect(body.outbound.itineraries.length).toBeGreaterThan(0);
    expect(body.inbound.itineraries.length).toBeGreaterThan(0);
  });

  it('allows a return on the departure day', async () => {
    const { status } = await roundTrip({ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-10' });
    expect(status).toBe(200);
  });

  it.each([
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-09' }, 'returnDate', 'Return date cannot be before departure date'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10' }, 'returnDate', 'Return date is required'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-13-40' }, 'returnDate', 'Use a date like 2026-12-24'],
    [{ from: 'DEL', to: 'DEL', date: '2026-12-10', returnDate: '2026-12-12' }, 'to', 'Source and destination cannot be same'],
    [{ from: 'DEL', to: 'BOM', date: '2020-01-01', returnDate: '2020-01-05' }, 'date', 'Departure date cannot be in the past'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2020-01-05' }, 'returnDate', 'Return date cannot be in the past'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-12', adults: '6', children: '4' }, 'children', 'At most 9 seats per booking (adults and children)'],
    [{ from: 'DEL', to: 'BOM', date: '2026-12-10', returnDate: '2026-12-12', adults: '10' }, 'adults', 'Adults must be at most 9'],
    [{ from: 'DEL', to: 'ZZZ', date: '2026-12-10', returnDate: '2026-12-12' }, 'to', undefined],
  ])('refuses %j with 400 and a message on %s', async (params, field, message) => {
    const { status, body } = await roundTrip(params);
    expect(status).toBe(400);
    expect(body.error?.code).toBe('validation_failed');
    const got = body.error?.fields?.[field];
    expect(got).toBeTruthy();
    if (message) expect(got).toBe(message);
  });
});
