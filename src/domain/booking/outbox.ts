import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { bookings, outbox, users } from '../../db/schema';
import { renderCancellationMail } from '../cancellations/mail';
import type { Tx } from './catalog';

/** What the mailer needs from a mail library (nodemailer's `sendMail` fits). */
export interface MailSender {
  sendMail(message: { from: string; to: string; subject: string; text: string; headers?: Record<string, string> }): Promise<unknown>;
}

/** Where links in mail point: the site's public origin, e.g. https://safar.example. */
export interface MailContext {
  origin: string;
}

interface RenderedMail {
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

const ConfirmedPayload = z.object({ bookingId: z.string(), pnr: z.string() });

/**
 * A ready-written message (kind `notice-mail`, queued by `notify()` and the price-alert mails).
 * `path` is an in-app link added as "Open in Safar"; `unsubscribePath` adds an unsubscribe line
 * and a List-Unsubscribe header.
 */
export const NoticeMailPayload = z.object({
  subject: z.string().min(1),
  text: z.string(),
  path: z.string().startsWith('/').optional(),
  /** More in-app links, one line each ("Confirm your address: https://…"). */
  links: z.array(z.object({ label: z.string(), path: z.string().startsWith('/') })).optional(),
  unsubscribePath: z.string().startsWith('/').optional(),
  /**
   * Held while the recipient address belongs to an account that has not verified it (price-alert
   * and group-invitation mail): queued, never dropped, and sent once the address is verified.
   */
  waitForVerifiedAccount: z.boolean().optional(),
});
export type NoticeMailPayload = z.infer<typeof NoticeMailPayload>;

/** The outbox kinds this mailer sends; other kinds (e.g. `web-push`) belong to other senders. */
const MAIL_KINDS = ['booking-confirmed', 'booking-cancelled', 'notice-mail'] as const;

function renderNotice(row: typeof outbox.$inferSelect, context: MailContext): RenderedMail | null {
  const payload = NoticeMailPayload.safeParse(row.payload);
  if (!payload.success) return null;
  const { subject, text, path, links, unsubscribePath } = payload.data;
  const lines = [text];
  for (const link of links ?? []) lines.push('', `${link.label}: ${context.origin}${link.path}`);
  if (path) lines.push('', `Open in Safar: ${context.origin}${path}`);
  if (unsubscribePath) lines.push('', `Unsubscribe: ${context.origin}${unsubscribePath}`);
  return {
    subject,
    text: lines.join('\n'),
    ...(unsubscribePath ? { headers: { 'List-Unsubscribe': `<${context.origin}${unsubscribePath}>` } } : {}),
  };
}

/** The message for an outbox row, or null for a kind this mailer does not know. */
async function render(db: Db | Tx, row: typeof outbox.$inferSelect, context: MailContext): Promise<RenderedMail | null> {
  if (row.kind === 'notice-mail') return renderNotice(row, context);
  if (row.kind === 'booking-cancelled') return renderCancellationMail(row.payload, context.origin);
  if (row.kind !== 'booking-confirmed') return null;
  const payload = ConfirmedPayload.safeParse(row.payload);
  if (!payload.success) return null;
  const [booking] = await db.select({ totalInr: bookings.totalInr }).from(bookings).where(eq(bookings.id, payload.data.bookingId));
  return {
    subject: `Your Safar booking ${payload.data.pnr} is confirmed`,
    text: [
      'Your booking is confirmed.',
      '',
      `Booking ID: ${payload.data.bookingId}`,
      `PNR: ${payload.data.pnr}`,
      booking ? `Total paid: ₹${booking.totalInr.toLocaleString('en-IN')}` : '',
      '',
      'Your e-ticket and boarding passes are in your Safar profile.',
    ].join('\n'),
  };
}

/** Mail marked `waitForVerifiedAccount` to an address an account has not verified yet stays queued. */
const notHeldForVerification = sql`not (coalesce(${outbox.payload}->>'waitForVerifiedAccount', 'false') = 'true' and exists (select 1 from ${users} where ${users.email} = ${outbox.recipient} and ${users.emailVerifiedAt} is null))`;

/** Minutes before retry n (1, 2, 4 … capped at an hour). */
const backoffMs = (attempts: number) => Math.min(60, 2 ** attempts) * 60_000;

/**
 * Sends due outbox mail. Rows are claimed with FOR UPDATE SKIP LOCKED so nodes never send the
 * same row at once; a row is marked sent only after the SMTP server accepted it (at-least-once:
 * a crash between the two re-sends it, never drops it). Failures back off and are retried.
 * @example await sendOutbox(db, clock, transport, 'Safar <no-reply@safar.example>')
 */
export async function sendOutbox(
  db: Db,
  clock: Clock,
  sender: MailSender,
  from: string,
  limit = 20,
  context: MailContext = { origin: 'http://localhost:3000' },
): Promise<{ sent: number; failed: number }> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.availableAt, now), inArray(outbox.kind, [...MAIL_KINDS]), notHeldForVerification))
      .orderBy(asc(outbox.availableAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    let sent = 0;
    let failed = 0;
    for (const row of due) {
      // Inside the transaction: PGlite has one connection, so a query outside it would wait forever.
      const message = await render(tx, row, context);
      if (!message) {
        await tx.update(outbox).set({ sentAt: now, lastError: `unknown kind ${row.kind}` }).where(eq(outbox.id, row.id));
        continue;
      }
      try {
        await sender.sendMail({ from, to: row.recipient, ...message });
        await tx.update(outbox).set({ sentAt: now, attempts: sql`${outbox.attempts} + 1`, lastError: null }).where(eq(outbox.id, row.id));
        sent += 1;
      } catch (error) {
        await tx
          .update(outbox)
          .set({
            attempts: sql`${outbox.attempts} + 1`,
            availableAt: new Date(now.getTime() + backoffMs(row.attempts + 1)),
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
          })
          .where(eq(outbox.id, row.id));
        failed += 1;
      }
    }
    return { sent, failed };
  });
}
