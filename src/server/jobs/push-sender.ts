import { sendPushes } from '../../domain/notifications/push-sender';
import { vapidKeys } from '../push/vapid';
import type { Job } from './runner';

/** Delivers queued Web Push messages (outbox rows of kind `web-push`); drops subscriptions the push service says are gone. */
export const pushSender: Job = {
  name: 'push-sender',
  intervalMs: 5_000,
  async run(deps) {
    const { sent, gone, failed } = await sendPushes(deps.database.db, deps.clock, await vapidKeys(deps.config));
    if (sent + gone + failed > 0) deps.logger.info('web push', { sent, gone, failed });
  },
};
