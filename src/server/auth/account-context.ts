import type { Context } from 'hono';
import { AppError } from '../../core/errors';
import type { AccountMailer } from '../../domain/accounts/account-mail';
import { type AuthLimits, authLimits } from '../../domain/accounts/rate-limit';
import type { RelyingParty } from '../../domain/accounts/passkeys';
import { publicOrigin } from '../config';
import type { AppDeps, AppEnv } from '../context';
import { mailTransport } from '../jobs/outbox-mailer';

/** The mail transport, sender and link origin account mail uses (the outbox mailer's transport). */
export function accountMailer(deps: AppDeps): AccountMailer {
  return { sender: mailTransport(deps.config), from: deps.config.MAIL_FROM, origin: publicOrigin(deps.config) };
}

/** The sign-in and recovery limits this server applies. */
export function limitsOf(deps: AppDeps): AuthLimits {
  const { config } = deps;
  return authLimits({ signupPerIp: config.SIGNUP_LIMIT_PER_IP, loginPerIp: config.LOGIN_LIMIT_PER_IP, resetPerIp: config.RESET_LIMIT_PER_IP });
}

/**
 * The WebAuthn relying party: PUBLIC_ORIGIN and its host name. Outside production, with
 * PUBLIC_ORIGIN unset, the request's own Origin (already checked against the allowed origins by
 * the CSRF middleware) stands in, so `npm run dev` and tests work on any local port.
 * @example const rp = relyingParty(c) // { rpID: 'safar.example', origin: 'https://safar.example' }
 */
export function relyingParty(c: Context<AppEnv>): RelyingParty {
  const { config } = c.get('deps');
  const origin = config.PUBLIC_ORIGIN ?? (config.NODE_ENV === 'production' ? undefined : c.req.header('origin'));
  if (!origin) throw new AppError('unavailable', 'Passkeys are not available: the server has no PUBLIC_ORIGIN configured.');
  return { rpID: new URL(origin).hostname, origin };
}
