import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Itinerary } from '../../core/search';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, authed, findItinerary } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';

/** Bad input gets a 4xx, never a 5xx: random bodies, near-valid passengers, odd ids and headers. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;
let itinerary: Itinerary;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie } = await signUpAndLogin(ctx.app));
  itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
});
afterAll(async () => {
  await ctx.close();
});

const json = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('', ' ', '9876543210', '234123412346', '2026-02-30', '1990-05-24', 'Adult', 'Infant', 'Mr', '💥', 'a'.repeat(300)));
const passenger = fc.record(
  { title: text, firstName: text, middleName: text, lastName: text, dob: text, type: text, mobileNo: text, aadharCard: text },
  { requiredKeys: [] },
);

describe('fuzzing the booking endpoints', () => {
  it('POST /api/bookings never answers 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          json,
          fc.record({
            itineraryId: fc.oneof(fc.constant(itinerary.id), text, fc.constantFrom('6E1@2026-12-24:economy', `${itinerary.id}~${itinerary.id}`, '@:~')),
            passengers: fc.oneof(fc.array(fc.oneof(passenger, fc.constant(ADULT)), { maxLength: 11 }), json),
            quotedTotal: fc.oneof(fc.integer(), fc.double(), json),
            acceptPriceChange: fc.oneof(fc.boolean(), json),
          }),
        ),
        fc.oneof(fc.string({ minLength: 8, maxLength: 40 }).filter((k) => /^[\x21-\x7e]+$/.test(k)), fc.string({ maxLength: 200 })),
        async (body, key) => {
          const headers = authed(cookie);
          if (/^[\x20-\x7e]*$/.test(key)) headers['Idempotency-Key'] = key;
          const res = await ctx.app.request('/api/bookings', { method: 'POST', headers, body: JSON.stringify(body) });
          expect(res.status, await res.text()).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('payments, sandbox gateway, confirm, passes and webhooks never answer 5xx', async () => {
    const id = fc.oneof(fc.string({ maxLength: 60 }).map(encodeURIComponent), fc.constantFrom('BK1', 'BK1732180000000', '..', '%00', '00000000-0000-0000-0000-000000000000'));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('payments', 'pay', 'confirm', 'pass', 'pdf', 'svg', 'webhook', 'ticket'), id, json, async (kind, bookingId, body) => {
        const post = (path: string, headers: Record<string, string>) => ctx.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
        const res =
          kind === 'payments'
            ? await post(`/api/bookings/${bookingId}/payments`, authed(cookie))
            : kind === 'pay'
              ? await post('/api/payments/sandbox/pay', authed(cookie))
              : kind === 'confirm'
                ? await post(`/api/bookings/${bookingId}/confirm`, authed(cookie, { 'Idempotency-Key': `fuzz-key-${bookingId.slice(0, 40)}` }))
                : kind === 'webhook'
                  ? await post('/api/webhooks/sandbox', { 'Content-Type': 'application/json', 'X-Sandbox-Signature': 'ab', 'X-Sandbox-Event-Id': 'evt_1' })
                  : kind === 'ticket'
                    ? await ctx.app.request(`/api/bookings/${bookingId}/ticket.pdf`, { headers: authed(cookie) })
                    : await ctx.app.request(`/api/boarding-passes/${bookingId}${kind === 'pdf' ? '/pdf' : kind === 'svg' ? '/barcode.svg?type=x' : ''}`, { headers: authed(cookie) });
        expect(res.status, `${kind} ${bookingId}: ${await res.text()}`).toBeLessThan(500);
      }),
      { numRuns: 200 },
    );
  });
});
