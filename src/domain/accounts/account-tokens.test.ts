import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromTemplate } from '../../../tests/support/pglite-template';
import { createFixedClock } from '../../core/clock';
import type { TokenPurpose } from '../../core/account';
import { type Database, wrapPglite } from '../../db/client';
import { users } from '../../db/schema';
import { TOKEN_TTL_MS, consumeAccountToken, issueAccountToken, spendAccountTokens } from './account-tokens';

type Command =
  | { kind: 'issue'; purpose: TokenPurpose }
  | { kind: 'consume'; pick: number; purpose: TokenPurpose }
  | { kind: 'wait'; minutes: number }
  | { kind: 'password-change' };

const purpose = fc.constantFrom<TokenPurpose>('password-reset', 'verify-email');
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('issue' as const), purpose }),
  fc.record({ kind: fc.constant('consume' as const), pick: fc.nat(20), purpose }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 40 }) }),
  fc.constant({ kind: 'password-change' as const }),
);

let database: Database;
beforeAll(async () => {
  database = wrapPglite(await openFromTemplate());
});
afterAll(() => database.close());

describe('account token lifecycle (property)', () => {
  it('a token works once, only before expiry, only while it is the newest of its purpose, and not after a password change spent reset links', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const clock = createFixedClock('2026-11-21T06:30:00Z');
        const [user] = await database.db.insert(users).values({ email: `p-${crypto.randomUUID()}@example.com`, passwordHash: 'x' }).returning({ id: users.id });
        if (!user) throw new Error('no user');
        // The model: every issued token with its purpose, issue time and whether it is still live.
        const issued: { token: string; purpose: TokenPurpose; at: number; live: boolean }[] = [];
        for (const step of commands) {
          if (step.kind === 'issue') {
            const token = await issueAccountToken(database.db, clock, user.id, step.purpose, 'x@example.com');
            for (const older of issued) if (older.purpose === step.purpose) older.live = false;
            issued.push({ token, purpose: step.purpose, at: clock.now().getTime(), live: true });
          } else if (step.kind === 'consume') {
            const target = issued[step.pick % Math.max(1, issued.length)];
            if (!target) continue;
            const expected = target.live && target.purpose === step.purpose && clock.now().getTime() < target.at + TOKEN_TTL_MS[target.purpose];
            const ok = await consumeAccountToken(database.db, clock, target.token, step.purpose).then(() => true, () => false);
            expect(ok).toBe(expected);
            if (ok) target.live = false;
          } else if (step.kind === 'wait') {
            clock.advance(step.minutes * 60_000);
          } else {
            await spendAccountTokens(database.db, clock, user.id, ['password-reset']);
            for (const t of issued) if (t.purpose === 'password-reset') t.live = false;
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
