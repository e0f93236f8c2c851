import nodemailer from 'nodemailer';
import { type MailSender, sendOutbox } from '../../domain/booking/outbox';
import { type Config, publicOrigin } from '../config';
import type { Job } from './runner';

const transports = new WeakMap<Config, MailSender>();

/**
 * SMTP when SMTP_URL is set; otherwise nodemailer's JSON transport, which renders the message
 * and goes no further (development and tests need no mail server).
 */
function mailTransport(config: Config): MailSender {
  let transport = transports.get(config);
  if (!transport) {
    transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : nodemailer.createTransport({ jsonTransport: true });
    transports.set(config, transport);
  }
  return transport;
}

/** Sends outbox mail: booking confirmations and the notices `notify()` queues. */
export const outboxMailer: Job = {
  name: 'outbox-mailer',
  intervalMs: 5_000,
  async run(deps) {
    const { sent, failed } = await sendOutbox(deps.database.db, deps.clock, mailTransport(deps.config), deps.config.MAIL_FROM, 20, {
      origin: publicOrigin(deps.config),
    });
    if (sent + failed > 0) deps.logger.info('outbox mail', { sent, failed, smtp: deps.config.SMTP_URL !== undefined });
  },
};
