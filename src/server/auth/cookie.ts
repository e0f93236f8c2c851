import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config';
import type { AppEnv } from '../context';

/**
 * The session cookie's name: `__Host-` in production, where the browser then
 * insists on Secure, Path=/ and no Domain; plain in development and tests (http).
 * @example sessionCookieName(config) // 'safar_session'
 */
function sessionCookieName(config: Pick<Config, 'NODE_ENV'>): string {
  return config.NODE_ENV === 'production' ? '__Host-safar_session' : 'safar_session';
}

/** Reads the raw session token from the request, if any. */
export function readSessionCookie(c: Context<AppEnv>): string | undefined {
  return getCookie(c, sessionCookieName(c.get('deps').config)) || undefined;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Path=/, Secure in production. */
export function writeSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date): void {
  const { config, clock } = c.get('deps');
  const secure = config.NODE_ENV === 'production';
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - clock.now().getTime()) / 1000));
  setCookie(c, sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    secure,
    maxAge,
  });
}

/** Tells the browser to forget the session cookie. */
export function clearSessionCookie(c: Context<AppEnv>): void {
  const { config } = c.get('deps');
  const secure = config.NODE_ENV === 'production';
  deleteCookie(c, sessionCookieName(config), { httpOnly: true, sameSite: 'Lax', path: '/', secure });
}
