import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffsetClock } from '../../core/clock';
import { createOpenApiApp } from '../openapi';
import { createTestApp } from '../../../tests/support/test-app';
import { registerTestClock } from './test-clock';

describe('test-only clock route', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({ now: '2026-11-21T06:30:00Z' });
  });
  afterAll(() => ctx.close());

  it('is not there without TEST_CLOCK_CONTROL, and never in the OpenAPI document', async () => {
    expect((await ctx.app.request('/api/test/clock')).status).toBe(404);
    const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/api/test'))).toEqual([]);
  });

  it('moves the clock it is given by the offset sent, resets it with 0, and refuses a bad offset with the field', async () => {
    const clock = createOffsetClock({ now: () => new Date('2026-11-21T06:30:00Z') });
    const app = createOpenApiApp();
    registerTestClock(app, clock);
    const put = (body: unknown) => app.request('/api/test/clock', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const moved = await put({ offsetMs: 3 * 86_400_000 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ offsetMs: 3 * 86_400_000, now: '2026-11-24T06:30:00.000Z' });
    expect(clock.now().toISOString()).toBe('2026-11-24T06:30:00.000Z');
    const bad = await put({ offsetMs: 1.5 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ offsetMs: 'must be a whole number of milliseconds' });
    expect((await put({ offsetMs: 0 })).status).toBe(200);
    expect(clock.now().toISOString()).toBe('2026-11-21T06:30:00.000Z');
  });
});
