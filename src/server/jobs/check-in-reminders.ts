import type { Job } from './runner';

/**
 * Every five minutes: travellers whose check-in window opened get one reminder per booking and
 * leg (in-app, mail, Web Push when subscribed). Each passenger-leg is reminded once, on any node.
 */
export const checkInReminders: Job = {
  name: 'check-in-reminders',
  intervalMs: 5 * 60_000,
  async run(deps) {
    const sent = await deps.checkIn.remind();
    if (sent > 0) deps.logger.info('check-in reminders sent', { sent });
  },
};
