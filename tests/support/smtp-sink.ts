import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the SMTP server received it: envelope recipients and the raw data. */
export interface ReceivedMail {
  to: string[];
  data: string;
}

/**
 * A local SMTP server that keeps what the mailer really sends (no mock of the mail library).
 * `rejectNext()` makes the next message fail with a 5xx, to test retries.
 * @example const sink = await startSmtpSink(); createTestApp({ env: { SMTP_URL: sink.url } })
 */
export async function startSmtpSink(): Promise<{ url: string; received: ReceivedMail[]; rejectNext(): void; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  let reject = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (reject) {
          reject = false;
          callback(new Error('mailbox unavailable'));
          return;
        }
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    rejectNext: () => void (reject = true),
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
}

/**
 * The text of a quoted-printable message: soft line breaks joined, =XX bytes decoded as UTF-8.
 * @example decodeQuotedPrintable('Caf=C3=A9') // 'Café'
 */
export function decodeQuotedPrintable(data: string): string {
  const joined = data.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
