import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * Header honoured only when NODE_ENV=test: in-process `app.request()` calls have
 * no socket, so API tests name the caller's IP with it to exercise per-IP limits.
 */
export const TEST_CLIENT_IP_HEADER = 'x-test-client-ip';

/**
 * The caller's IP for per-IP throttling: the socket address, or with
 * TRUST_PROXY=true the last X-Forwarded-For entry (the one our own proxy
 * appended; earlier entries are client-controlled). "unknown" when neither exists.
 * @example const ip = clientIp(c) // '203.0.113.9'
 */
export function clientIp(c: Context<AppEnv>): string {
  const { config } = c.get('deps');
  if (config.NODE_ENV === 'test') {
    const testIp = c.req.header(TEST_CLIENT_IP_HEADER)?.trim();
    if (testIp) return testIp.slice(0, 64);
  }
  if (config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').map((part) => part.trim()).filter(Boolean).at(-1);
    if (last) return last.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // No Node socket (in-process requests in tests).
    return 'unknown';
  }
}
