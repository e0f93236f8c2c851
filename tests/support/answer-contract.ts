import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ZodType } from 'zod';
import { toErrorBody } from '../../src/core/errors';
import type { AppEnv } from '../../src/server/context';
import type { OpenApiApp } from '../../src/server/openapi';

/**
 * The runtime contract check of the API tests: every 2xx JSON answer is parsed against the
 * schema its route declares for that status (routes outside the OpenAPI document, such as the
 * document itself, declare none). An answer that does not match (or a 2xx JSON
 * answer the route does not declare) becomes a 500 whose message says what differs, and is
 * printed, so the test that made the request fails at its first status check.
 * Not in production (ADR 0030: the handlers' types already bind most answers to their schemas).
 */

type Decoder = (bytes: Buffer) => Buffer;
const DECODERS: Record<string, Decoder> = { gzip: gunzipSync, br: brotliDecompressSync, deflate: inflateSync };

/** The JSON schema a route declares per status, keyed `GET /api/bookings/:id` like Hono's route paths. */
function schemasByRoute(app: OpenApiApp): Map<string, Map<string, ZodType | undefined>> {
  const routes = new Map<string, Map<string, ZodType | undefined>>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route') continue;
    const route: RouteConfig = definition.route;
    const byStatus = new Map<string, ZodType | undefined>();
    for (const [status, response] of Object.entries(route.responses)) {
      const media = 'content' in response ? response.content?.['application/json'] : undefined;
      const schema = media && 'schema' in media ? media.schema : undefined;
      byStatus.set(status, schema instanceof ZodType ? schema : undefined);
    }
    routes.set(`${route.method.toUpperCase()} ${route.path.replace(/\{([^}]+)\}/g, ':$1')}`, byStatus);
  }
  return routes;
}

/** Why `body` is not what the route declares for `status`, or null when it is. */
function mismatch(routes: Map<string, Map<string, ZodType | undefined>>, route: string, status: number, body: unknown): string | null {
  const declared = routes.get(route);
  // Not an operation of the document (the document itself): nothing declared to check against.
  if (!declared) return null;
  if (!declared.has(String(status))) return `${route} answered ${status}, which it does not declare`;
  const schema = declared.get(String(status));
  if (!schema) return `${route} answered ${status} with JSON but declares no JSON body for it`;
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issues = parsed.error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return `${route} ${status} does not match its schema: ${issues.join('; ')}`;
}

/**
 * Middleware for `createApp({ beforeRoutes })`; `app` is read at the first request (the app is
 * built after the middleware). `onMismatch` hears every mismatch.
 * @example const check = answerContract(() => app); createApp({ ...deps, beforeRoutes: [check] })
 */
export function answerContract(app: () => OpenApiApp, onMismatch: (message: string) => void = (message) => console.error(`API contract: ${message}`)): MiddlewareHandler<AppEnv> {
  let routes: Map<string, Map<string, ZodType | undefined>> | undefined;
  return async (c, next) => {
    await next();
    const res = c.res;
    if (res.status < 200 || res.status > 299 || !(res.headers.get('content-type') ?? '').startsWith('application/json')) return;
    routes ??= schemasByRoute(app());
    const responder = matchedRoutes(c)[c.req.routeIndex];
    const route = `${c.req.method} ${responder?.path ?? c.req.path}`;
    let bytes: Buffer = Buffer.from(await res.clone().arrayBuffer());
    for (const encoding of (res.headers.get('content-encoding') ?? '').split(',').map((e) => e.trim()).filter(Boolean).reverse()) {
      const decode = DECODERS[encoding];
      if (!decode) throw new Error(`API contract: cannot read a ${encoding} answer`);
      bytes = decode(bytes);
    }
    let problem: string | null;
    try {
      problem = mismatch(routes, route, res.status, JSON.parse(bytes.toString('utf8')));
    } catch {
      problem = `${route} ${res.status} is not JSON`;
    }
    if (!problem) return;
    onMismatch(problem);
    c.res = undefined;
    c.res = new Response(JSON.stringify(toErrorBody('internal', `API contract: ${problem}`)), { status: 500, headers: { 'Content-Type': 'application/json' } });
  };
}
