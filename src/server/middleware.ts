import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { toErrorBody } from '../core/errors';
import type { AppEnv } from './context';

/** Gives each request an id (echoed as X-Request-Id) and logs one line when it finishes. */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    c.set('requestId', requestId);
    const started = performance.now();
    await next();
    // On the response's own headers: c.header() after next() would rebuild the response and turn
    // a ready body into a stream, which costs more than many handlers.
    c.res.headers.set('X-Request-Id', requestId);
    if (!c.req.path.startsWith('/api/')) return;
    c.get('deps').logger.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for the cookie session: a state-changing API request must carry
 * JSON and an Origin that is ours. Paths in `exempt` (signed webhooks) skip it.
 */
export function requireSameOriginJson(allowed: string[], exempt: string[] = []): MiddlewareHandler<AppEnv> {
  const allowedSet = new Set(allowed);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt.some((path) => c.req.path.startsWith(path))) return next();
    const origin = c.req.header('origin');
    const host = c.req.header('host');
    const sameHost = origin !== undefined && host !== undefined && safeHost(origin) === host;
    if (!origin || !(allowedSet.has(origin) || sameHost)) {
      return c.json(toErrorBody('forbidden', 'This request must come from the Safar app.'), 403);
    }
    // Forms and simple cross-site requests always carry a non-JSON content type.
    const type = c.req.header('content-type');
    if (type !== undefined && !type.toLowerCase().startsWith('application/json')) {
      return c.json(toErrorBody('unsupported_media_type', 'Send the request body as JSON.'), 415);
    }
    return next();
  };
}

function safeHost(origin: string): string | undefined {
  try {
    return new URL(origin).host;
  } catch {
    return undefined;
  }
}
