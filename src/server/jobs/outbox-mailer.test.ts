import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, bookAndPay, findItinerary } from '../../../tests/support/booking';
import { createTestApp } from '../../../tests/support/test-app';
import { outboxMailer } from './outbox-mailer';

/** A local SMTP sink (no mock): collects what the mailer really sends over SMTP. */
const received: { to: string[]; data: string }[] = [];
let rejectNext = false;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      if (rejectNext) {
        rejectNext = false;
        callback(new Error('mailbox unavailable'));
        return;
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
      callback();
    });
  },
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  ctx = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Safar <no-reply@safar.example>' } });
});
afterAll(async () => {
  await ctx.close();
  await new Promise<void>((resolve) => sink.close(resolve));
});

describe('outbox mailer', () => {
  it('mails the booking confirmation once over SMTP, retrying after a failure', async () => {
    const { cookie, user } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);
    const deps = ctx.deps;

    rejectNext = true;
    await outboxMailer.run(deps);
    expect(received).toHaveLength(0);
    // Backed off: not retried at once.
    await outboxMailer.run(deps);
    expect(received).toHaveLength(0);
    ctx.clock.advance(3 * 60_000);
    await outboxMailer.run(deps);
    expect(received).toHaveLength(1);
    expect(received[0]?.to).toEqual([user.email]);
    expect(received[0]?.data).toContain(`Subject: Your Safar booking ${confirm.body.booking.pnr} is confirmed`);
    expect(received[0]?.data).toContain(confirm.body.booking.id);
    await outboxMailer.run(deps);
    expect(received).toHaveLength(1);
  });
});
