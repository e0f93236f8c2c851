import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { authUserSchema } from '../../src/core/auth';
import { TEST_CLIENT_IP_HEADER } from '../../src/server/auth/client-ip';
import { jsonHeaders } from './test-app';

/** Anything with Hono's in-process `request` (the app from createTestApp). */
interface RequestableApp {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

export const TEST_PASSWORD = 'Safar-test-pass-1';

let counter = 0;

/** A fresh address per call, so per-IP signup/login limits never trip other people's tests. */
function uniqueIp(): string {
  counter += 1;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

/**
 * Creates an account and signs in through the real endpoints.
 * `cookie` is the `name=value` pair to send as the `Cookie` header.
 * @example
 * const { cookie, user } = await signUpAndLogin(app);
 * await app.request('/api/bookings', { headers: { ...jsonHeaders(), Cookie: cookie } });
 */
export async function signUpAndLogin(app: RequestableApp, email?: string): Promise<{ cookie: string; user: { id: string; email: string } }> {
  const address = email ?? `traveller-${randomUUID()}@example.com`;
  const headers = jsonHeaders({ [TEST_CLIENT_IP_HEADER]: uniqueIp() });
  const signup = await app.request('/api/auth/signup', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: address, password: TEST_PASSWORD, confirmPassword: TEST_PASSWORD }),
  });
  if (signup.status !== 201) throw new Error(`signup failed: ${signup.status} ${await signup.text()}`);
  const login = await app.request('/api/auth/login', {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: address, password: TEST_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const cookie = sessionCookieFrom(login);
  if (!cookie) throw new Error('login did not set a session cookie');
  const { user } = z.object({ user: authUserSchema }).parse(await login.json());
  return { cookie, user };
}

/**
 * The `name=value` of the session cookie a response sets, if any.
 * @example sessionCookieFrom(res) // 'safar_session=abc...'
 */
export function sessionCookieFrom(response: Response): string | undefined {
  const header = response.headers.getSetCookie().find((line) => /^(__Host-)?safar_session=/.test(line));
  return header?.split(';')[0];
}
