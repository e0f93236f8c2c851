import type { OffsetClock } from '../../core/clock';
import { toErrorBody } from '../../core/errors';
import { z } from '../../core/zod';
import type { OpenApiApp } from '../openapi';

/**
 * TEST-ONLY: moves the server clock for the browser tests (check in when the window opens).
 * Registered only when TEST_CLOCK_CONTROL=true, which the configuration refuses unless
 * NODE_ENV=test; never in the OpenAPI document (it is no part of the public API) and never in
 * production. PUT {"offsetMs": n} sets how far the server's clock runs ahead of real time
 * (0 resets it); GET answers the offset and the server's now.
 */
const OffsetSchema = z.object({ offsetMs: z.number().int('must be a whole number of milliseconds').min(-366 * 86_400_000).max(366 * 86_400_000, 'must be within a year') });

/** Registers GET/PUT /api/test/clock on `app` for this clock. */
export function registerTestClock(app: OpenApiApp, clock: OffsetClock) {
  const answer = () => ({ offsetMs: clock.offsetMs(), now: clock.now().toISOString() });
  app.get('/api/test/clock', (c) => c.json(answer(), 200));
  app.put('/api/test/clock', async (c) => {
    const parsed = OffsetSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const fields = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
      return c.json(toErrorBody('validation_failed', 'Send {"offsetMs": whole milliseconds}', fields), 400);
    }
    clock.setOffset(parsed.data.offsetMs);
    return c.json(answer(), 200);
  });
}
