import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, bookAndPay, findItinerary } from '../../../tests/support/booking';
import { startSmtpSink } from '../../../tests/support/smtp-sink';
import { createTestApp } from '../../../tests/support/test-app';
import { settleDetached } from '../detached';
import { outboxMailer } from './outbox-mailer';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Safar <no-reply@safar.example>' } });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

describe('outbox mailer', () => {
  it('mails the booking confirmation once over SMTP, retrying after a failure', async () => {
    const { cookie, user } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);
    const deps = ctx.deps;
    // The sign-up's verification link goes straight to the transport, not through the outbox.
    await settleDetached();
    expect(sink.received.map((m) => m.data)).toEqual([expect.stringContaining('Verify your Safar email address')]);
    sink.received.length = 0;

    sink.rejectNext();
    await outboxMailer.run(deps);
    expect(sink.received).toHaveLength(0);
    // Backed off: not retried at once.
    await outboxMailer.run(deps);
    expect(sink.received).toHaveLength(0);
    ctx.clock.advance(3 * 60_000);
    await outboxMailer.run(deps);
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual([user.email]);
    expect(sink.received[0]?.data).toContain(`Subject: Your Safar booking ${confirm.body.booking.pnr} is confirmed`);
    expect(sink.received[0]?.data).toContain(confirm.body.booking.id);
    await outboxMailer.run(deps);
    expect(sink.received).toHaveLength(1);
  });
});
