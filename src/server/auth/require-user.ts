import { createMiddleware } from 'hono/factory';
import { AUTH_MESSAGES } from '../../core/auth';
import { toErrorBody } from '../../core/errors';
import type { AppEnv, SessionUser } from '../context';

/**
 * Guards a route: 401 `{error:{code:'unauthorized', message:'Please login to book flights'}}`
 * without a signed-in user. After it, `c.get('user')` is set (use `currentUser(c)` for the type).
 * @example app.use('/api/bookings/*', requireUser)
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) return c.json(toErrorBody('unauthorized', AUTH_MESSAGES.loginRequired), 401);
  await next();
  return undefined;
});

/**
 * The signed-in user inside a handler behind `requireUser` (throws if misused without it).
 * @example const user = currentUser(c); await listBookings(db, user.id)
 */
export function currentUser(c: { get(key: 'user'): SessionUser | undefined }): SessionUser {
  const user = c.get('user');
  if (!user) throw new Error('currentUser() called on a route without requireUser');
  return user;
}
