import type { Logger } from './logger';

/** Work started by a request but not awaited by its answer, until it settles. */
const pending = new Set<Promise<void>>();

/**
 * Runs work after the answer is sent (mail that must not shape the answer's timing); a failure
 * is logged, never thrown. Tests wait for it with `settleDetached()`.
 * @example detach(logger, 'password-reset mail', () => sendPasswordReset(db, clock, mailer, email))
 */
export function detach(logger: Logger, what: string, work: () => Promise<unknown>): void {
  const run: Promise<void> = Promise.resolve()
    .then(work)
    .then(
      () => undefined,
      (error: unknown) => logger.error(`${what} failed`, { error: error instanceof Error ? error.message : String(error) }),
    )
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every detached piece of work started so far has settled (tests). */
export async function settleDetached(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
