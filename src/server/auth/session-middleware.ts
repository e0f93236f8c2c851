import type { MiddlewareHandler } from 'hono';
import { findSession } from '../../domain/accounts/sessions';
import type { AppEnv } from '../context';
import { clearSessionCookie, readSessionCookie, writeSessionCookie } from './cookie';

/**
 * Sets `c.get('user')` from a valid session cookie on every `/api/*` request
 * (undefined when there is none). A cookie whose session is gone is cleared;
 * one whose idle expiry slid is sent again with the new lifetime.
 * @example app.use('/api/*', sessionMiddleware())
 */
export function sessionMiddleware(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', undefined);
    const token = readSessionCookie(c);
    if (token) {
      const { database, clock } = c.get('deps');
      const session = await findSession(database.db, clock, token);
      if (session) {
        c.set('user', session.user);
        // The server slid the idle expiry: slide the browser's cookie lifetime with it.
        if (session.renewed) writeSessionCookie(c, token, session.expiresAt);
      } else {
        clearSessionCookie(c);
      }
    }
    await next();
  };
}
