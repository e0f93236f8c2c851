import { type RouteConfig, createRoute } from '@hono/zod-openapi';
import { createMiddleware } from 'hono/factory';
import { toErrorBody } from '../core/errors';
import { requireUser } from './auth/require-user';
import type { AppEnv } from './context';
import type { ApiTag } from './openapi';

/**
 * Every API route declares who may call it. The declaration is written into the
 * OpenAPI document as this extension on the operation, where the table-driven
 * guard test (`src/server/route-guards.test.ts`) reads it: an operation without it
 * fails that test, so a new endpoint is covered the moment it is registered.
 */
export const GUARD_EXTENSION = 'x-safar-guard';

/**
 * Things a traveller owns. A path id naming one of another traveller's answers 404,
 * exactly like an id that does not exist (never 403, which would confirm it exists).
 */
export const OWNED_RESOURCES = ['booking', 'boarding-pass', 'price-alert', 'trip-plan', 'group', 'saved-traveller', 'session', 'passkey'] as const;
export type OwnedResource = (typeof OWNED_RESOURCES)[number];

export type RouteGuard =
  /** Anyone, signed in or not (search, airports, sign-in itself). */
  | { auth: 'public' }
  /**
   * A signed-in traveller (401 otherwise); `owns` names what the path's `{id}` points at.
   * `idIsPublic` instead says the path id names a public thing (an Explore catalogue route)
   * and the change applies to the caller's own list, so no id can reach another traveller's data.
   * `idIsSecret` says the path id is itself the credential (a group invitation's 256-bit token, of
   * which only the hash is stored): whoever holds it may use it, and a wrong one is a 404.
   */
  | { auth: 'traveller'; owns?: OwnedResource; idIsPublic?: true; idIsSecret?: true }
  /** A payment provider: no cookie, no Origin check; the body's HMAC signature is the credential. */
  | { auth: 'signature' }
  /**
   * A signed-in traveller, or a visitor without an account holding an owner token (sent as
   * `X-Alert-Owner`; only its hash is stored) — price alerts need no sign-in. 401 with neither;
   * `owns` as for traveller routes (404 for anyone else's id).
   */
  | { auth: 'owner-token'; owns?: OwnedResource };

/**
 * What every operation documents besides its shape: a stable camelCase `operationId` (verbNoun,
 * e.g. `createHold`; generated clients name their calls by it, so it never changes), the one
 * resource it belongs to, a one-line summary and a description (who may call it, what it does).
 */
type RouteSpec = Omit<RouteConfig, 'middleware' | 'operationId' | 'tags' | 'summary' | 'description'> & {
  operationId: string;
  tags: [ApiTag];
  summary: string;
  description: string;
};

/**
 * A route anyone may call.
 * @example const route = publicRoute({ method: 'get', path: '/api/airports', responses: {...} })
 */
export function publicRoute<P extends string, R extends Omit<RouteSpec, 'path'> & { path: P }>(route: R) {
  return createRoute({ ...route, [GUARD_EXTENSION]: { auth: 'public' } satisfies RouteGuard });
}

/**
 * A route for the signed-in traveller: `requireUser` runs before validation (401 signed out).
 * Pass `owns` when the path carries the id of something the traveller owns.
 * @example const route = travellerRoute({ owns: 'booking' }, { method: 'get', path: '/api/bookings/{id}', ... })
 */
export function travellerRoute<P extends string, R extends Omit<RouteSpec, 'path'> & { path: P }>(guard: { owns?: OwnedResource; idIsPublic?: true; idIsSecret?: true }, route: R) {
  return createRoute({ ...route, middleware: requireUser, [GUARD_EXTENSION]: { auth: 'traveller', ...guard } satisfies RouteGuard });
}

/**
 * A route a payment provider calls, authenticated by the signature the handler checks.
 * Its path must also be listed in the app's CSRF exemptions.
 * @example const route = signedRoute({ method: 'post', path: '/api/webhooks/sandbox', ... })
 */
export function signedRoute<P extends string, R extends Omit<RouteSpec, 'path'> & { path: P }>(route: R) {
  return createRoute({ ...route, [GUARD_EXTENSION]: { auth: 'signature' } satisfies RouteGuard });
}

/** The header an anonymous owner sends its secret token in (price alerts, their push subscriptions). */
export const OWNER_TOKEN_HEADER = 'x-alert-owner';
/** An owner token: 32 random bytes in base64url (43 characters). */
const OWNER_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 401 unless signed in or carrying a well-formed owner token (whose hash the handler then matches). */
const requireUserOrOwnerToken = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.header(OWNER_TOKEN_HEADER);
  if (!c.get('user') && !(token && OWNER_TOKEN_PATTERN.test(token))) {
    return c.json(toErrorBody('unauthorized', 'Sign in, or open this from the browser or link you created the alert with.'), 401);
  }
  await next();
  return undefined;
});

/**
 * A route for a signed-in traveller or an anonymous owner token holder (price alerts).
 * @example const route = ownerTokenRoute({ owns: 'price-alert' }, { method: 'delete', path: '/api/price-alerts/{id}', ... })
 */
export function ownerTokenRoute<P extends string, R extends Omit<RouteSpec, 'path'> & { path: P }>(guard: { owns?: OwnedResource }, route: R) {
  return createRoute({ ...route, middleware: requireUserOrOwnerToken, [GUARD_EXTENSION]: { auth: 'owner-token', ...guard } satisfies RouteGuard });
}
