import { purgeExpiredAccountTokens } from '../../domain/accounts/account-tokens';
import { purgeExpiredChallenges } from '../../domain/accounts/passkeys';
import { purgeStaleRateLimits } from '../../domain/accounts/rate-limit';
import { purgeExpiredSessions } from '../../domain/accounts/sessions';
import type { Job } from './runner';

/**
 * Removes expired sessions, mailed link tokens, WebAuthn challenges and finished throttling windows every 15 minutes.
 * Plain deletes, so it may run on every node at once.
 */
export const authCleanup: Job = {
  name: 'auth-cleanup',
  intervalMs: 15 * 60_000,
  async run({ database, clock, logger }) {
    const [sessions, counters, challenges, tokens] = await Promise.all([
      purgeExpiredSessions(database.db, clock),
      purgeStaleRateLimits(database.db, clock),
      purgeExpiredChallenges(database.db, clock),
      purgeExpiredAccountTokens(database.db, clock),
    ]);
    if (sessions + counters + challenges + tokens > 0) logger.debug('auth cleanup', { sessions, counters, challenges, tokens });
  },
};
