import type { Clock } from '../../core/clock';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import type { MailSender, NoticeMailPayload } from '../booking/outbox';

/** What sending a link needs: the mail transport, the sender address and the site's public origin. */
export interface AccountMailer {
  sender: MailSender;
  from: string;
  origin: string;
}

/**
 * Sends a message carrying a secret link straight through the mail transport, never through the
 * outbox: the raw token must not be written to the database (only its hash is). A failed send is
 * the caller's to log; the traveller asks again (the links live 30 minutes to a day).
 * @example await sendLinkMail(mailer, 'a@b.co', 'Reset your Safar password', 'Someone asked…', { label: 'Choose a new password', path: `/reset-password#token=${token}` })
 */
export async function sendLinkMail(mailer: AccountMailer, to: string, subject: string, text: string, link: { label: string; path: string }): Promise<void> {
  await mailer.sender.sendMail({
    from: mailer.from,
    to,
    subject,
    text: [text, '', `${link.label}: ${mailer.origin}${link.path}`, '', 'If you did not ask for this, you can ignore this message.'].join('\n'),
  });
}

/** Queues a notice without secrets (password changed, email changed) through the outbox, retried until sent. */
export async function queueAccountNotice(db: Db | Tx, clock: Clock, to: string, subject: string, text: string): Promise<void> {
  const payload: NoticeMailPayload = { subject, text, path: '/settings' };
  await db.insert(outbox).values({ kind: 'notice-mail', recipient: to, payload, availableAt: clock.now() });
}

export const ACCOUNT_MAIL = {
  reset: {
    subject: 'Reset your Safar password',
    text: 'Someone (we hope you) asked to reset the password of the Safar account for this address. The link works once, for 30 minutes.',
    label: 'Choose a new password',
  },
  verify: {
    subject: 'Verify your Safar email address',
    text: 'Please confirm that this address belongs to you. Until you do, price-alert and group-invitation mail to it waits. The link works for 24 hours.',
    label: 'Verify your address',
  },
  changeEmail: {
    subject: 'Confirm your new Safar email address',
    text: 'Someone (we hope you) asked to use this address for their Safar account. The change takes effect when you open the link (it works for 24 hours).',
    label: 'Confirm the new address',
  },
  passwordChanged: {
    subject: 'Your Safar password was changed',
    text: 'The password of your Safar account was just changed and every other signed-in device was signed out. If this was not you, reset your password at once from the sign-in screen ("Forgot password?").',
  },
  emailChanged: (newEmail: string) => ({
    subject: 'Your Safar email address was changed',
    text: `The email address of your Safar account was changed to ${newEmail}. If this was not you, contact Safar support at once.`,
  }),
} as const;
