import { z } from './zod';

/** In-app notices shared by the notices API and the web app's notices piece. */

export const NOTICE_KINDS = ['flight-change', 'price-alert', 'general'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** What an outbox row carries: a booking's confirmation or cancellation mail, any other mail, or a Web Push message. */
export const OUTBOX_KINDS = ['booking-confirmed', 'booking-cancelled', 'notice-mail', 'web-push'] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** How many notices the list answers with (newest first). */
export const NOTICE_LIST_LIMIT = 50;

export const NoticeSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const NoticeListSchema = z.object({ notices: z.array(NoticeSchema), unread: z.number().int() });
export type NoticeList = z.infer<typeof NoticeListSchema>;

/** Mark some notices read (`ids`), or all of them (`all: true`). */
export const MarkReadBodySchema = z
  .object({
    ids: z.array(z.string().uuid('Unknown notice')).max(NOTICE_LIST_LIMIT).optional(),
    all: z.literal(true).optional(),
  })
  .refine((body) => (body.ids !== undefined && body.ids.length > 0) || body.all === true, { message: 'Give the notices to mark read (ids) or all: true', path: ['ids'] });

export const MarkReadAnswerSchema = z.object({ marked: z.number().int() });
export type MarkReadAnswer = z.infer<typeof MarkReadAnswerSchema>;

/** The server's VAPID public key for Web Push subscriptions. */
export const PushKeySchema = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKeySchema>;
