import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { ApiErrorBodySchema } from '../../core/error-body';
import { PlanAnswerSchema } from '../../core/planner';

describe('POST /api/plans/multi-city', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());
  const post = (body: unknown) => ctx.app.request('/api/plans/multi-city', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify(body) });

  it('plans real legs by city name or code, totals in INR', async () => {
    const res = await post({ stops: [{ city: 'delhi', date: '2026-12-10' }, { city: 'GOI', date: '2026-12-13' }, { city: 'Mumbai', date: '2026-12-13' }], mode: 'time' });
    expect(res.status).toBe(200);
    const { plan } = PlanAnswerSchema.parse(await res.json());
    expect(plan.order).toEqual(['DEL', 'GOI', 'BOM']);
    expect(plan.legs).toHaveLength(2);
    for (const key of ['from', 'to', 'fromCode', 'toCode', 'date', 'airline', 'flightNumber', 'price', 'duration', 'departureTime', 'arrivalTime', 'layover']) expect(plan.legs[0]).toHaveProperty(key);
    expect(plan.legs[0]?.itinerary.id).toMatch(/:economy$/);
  });

  it.each([
    ['one stop', { stops: [{ city: 'DEL', date: '2026-12-10' }] }, 'Please add at least 2 cities with dates', undefined],
    ['a stop without a date', { stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'BOM', date: '' }] }, 'Please add at least 2 cities with dates', undefined],
    ['an unknown city', { stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'Atlantis', date: '2026-12-12' }] }, 'Safar does not fly to ATLANTIS', 'stops.1.city'],
    ['a past date', { stops: [{ city: 'DEL', date: '2026-11-01' }, { city: 'BOM', date: '2026-12-12' }] }, 'Date cannot be in the past', 'stops.0.date'],
    ['dates that go back', { stops: [{ city: 'DEL', date: '2026-12-10' }, { city: 'BOM', date: '2026-12-08' }] }, "Stop 2's date must be on or after stop 1's", 'stops.1.date'],
  ])('answers 400 for %s', async (_name, body, message, field) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    const { error } = ApiErrorBodySchema.parse(await res.json());
    expect(JSON.stringify(error)).toContain(message);
    if (field) expect(error.fields?.[field]).toBe(message);
  });
});
