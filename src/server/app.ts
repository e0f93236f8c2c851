import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { secureHeaders } from 'hono/secure-headers';
import { toErrorBody } from '../core/errors';
import { THEME_INIT_SCRIPT } from '../core/theme-init';
import { sessionMiddleware } from './auth/session-middleware';
import { compressAnswers } from './compress';
import { type Config, allowedOrigins } from './config';
import type { AppDeps, AppEnv } from './context';
import { handleError } from './errors';
import { requestLog, requireSameOriginJson } from './middleware';
import { type OpenApiApp, apiDocument, createOpenApiApp } from './openapi';
import { registerAirports } from './routes/airports';
import { registerAssistant } from './routes/assistant';
import { registerAccount } from './routes/account';
import { registerAuth } from './routes/auth';
import { registerBoardingPasses } from './routes/boarding-passes';
import { registerBookings } from './routes/bookings';
import { registerChanges } from './routes/changes';
import { registerCancellations } from './routes/cancellations';
import { registerDisruptions } from './routes/disruptions';
import { registerCredit } from './routes/credit';
import { registerCheckIn } from './routes/check-in';
import { registerExplore } from './routes/explore';
import { registerFaresCalendar } from './routes/fares-calendar';
import { registerFlightStatus } from './routes/flight-status';
import { registerGroups } from './routes/groups';
import { registerHealth } from './routes/health';
import { registerTestClock } from './routes/test-clock';
import { isOffsetClock } from '../core/clock';
import { registerNotifications } from './routes/notifications';
import { registerPayments } from './routes/payments';
import { registerPriceAlerts } from './routes/price-alerts';
import { registerRecommendations } from './routes/recommendations';
import { registerProfile } from './routes/profile';
import { registerQuote } from './routes/quote';
import { registerSearch } from './routes/search';
import { registerSeats } from './routes/seats';
import { registerPersonalData } from './routes/personal-data';
import { registerPlans } from './routes/plans';
import { registerWeather } from './routes/weather';
import { registerWebhooks } from './routes/webhooks';
import { registerSupplierWebhooks } from './routes/supplier-webhooks';
import { registerWebApp } from './web';
import { weatherOf } from './weather';

export interface CreateAppOptions extends AppDeps {
  /** Serve the built web app from config.WEB_DIST_DIR (off in API tests). */
  serveWeb?: boolean;
  /** Middleware run on every request just before the routes (the API tests check answers against their schemas here). */
  beforeRoutes?: MiddlewareHandler<AppEnv>[];
}

/** Paths that authenticate by signature instead of cookie, so skip the Origin check. */
const CSRF_EXEMPT = ['/api/webhooks/', '/api/suppliers/duffel/webhooks'];

/** The one inline script the page may run: the theme, applied before the first paint. */
const themeInitHash = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;

function contentSecurityPolicy(config: Config) {
  // Razorpay Checkout loads its script, opens its frame and calls its API only when enabled.
  const razorpay = config.RAZORPAY_KEY_ID !== undefined;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: razorpay ? ["'self'", 'https://checkout.razorpay.com', themeInitHash] : ["'self'", themeInitHash],
    ...(razorpay ? { frameSrc: ["'self'", 'https://checkout.razorpay.com', 'https://api.razorpay.com'] } : {}),
    // sonner and Radix set inline styles at run time.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: razorpay ? ["'self'", 'https://api.razorpay.com', 'https://lumberjack.razorpay.com'] : ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(config.NODE_ENV === 'production' ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * Builds the whole HTTP application from its dependencies.
 * @example
 * const app = createApp({ database, clock: systemClock, config, logger });
 * const res = await app.request('/api/health');
 */
export function createApp(options: CreateAppOptions) {
  const { serveWeb = false, beforeRoutes = [], ...rest } = options;
  const deps: AppDeps = { ...rest, weather: weatherOf(rest) };
  const app = createOpenApiApp();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', requestLog());
  // Search answers arrive already in the encoding their route chose (src/server/encoding.ts).
  const compressBodies = compressAnswers();
  const compressUnlessSearch: MiddlewareHandler = (c, next) => (c.req.path === '/api/search' || c.req.path === '/api/search/round-trip' ? next() : compressBodies(c, next));
  app.use('*', compressUnlessSearch);
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: contentSecurityPolicy(deps.config),
      strictTransportSecurity: deps.config.NODE_ENV === 'production' ? 'max-age=31536000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginEmbedderPolicy: false,
    }),
  );
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    // The rest of the body is never read: close the connection, or the client's next
    // request on it would be taken for body bytes and lost.
    onError: (c) => c.json(toErrorBody('payload_too_large', 'The request is too large.'), 413, { Connection: 'close' }),
  });
  // Counting a body as it arrives builds a full web Request (an abort signal, streams, a header
  // copy) for the request; only bodies of unknown or excessive length need it.
  const limitUnboundedBodies: MiddlewareHandler = (c, next) => (needsBodyLimit(c.req.method, c.req.header('content-length'), c.req.header('transfer-encoding')) ? limitBody(c, next) : next());
  app.use('/api/*', limitUnboundedBodies);
  app.use('/api/*', requireSameOriginJson(allowedOrigins(deps.config), CSRF_EXEMPT));
  app.use('/api/*', sessionMiddleware());

  for (const middleware of beforeRoutes) app.use('*', middleware);

  registerApiRoutes(app);
  // Test-only (src/server/routes/test-clock.ts): the configuration allows it only with NODE_ENV=test.
  if (deps.config.TEST_CLOCK_CONTROL && deps.config.NODE_ENV === 'test' && isOffsetClock(deps.clock)) registerTestClock(app, deps.clock);
  app.doc31('/api/openapi.json', (c) => apiDocument(c.get('deps').config));

  app.all('/api/*', (c) => c.json(toErrorBody('not_found', `No API endpoint at ${c.req.method} ${c.req.path}`), 404));
  if (serveWeb) registerWebApp(app, deps.config.WEB_DIST_DIR);
  app.notFound((c) => c.json(toErrorBody('not_found', 'Not found'), 404));
  app.onError(handleError);
  return app;
}

/**
 * Registers every API operation on `app` (the OpenAPI document lists exactly these).
 * @example const app = createOpenApiApp(); registerApiRoutes(app); app.getOpenAPI31Document(apiDocument(config))
 */
function registerApiRoutes(app: OpenApiApp) {
  registerHealth(app);
  registerAuth(app);
  registerAccount(app);
  registerSearch(app);
  registerAirports(app);
  registerFaresCalendar(app);
  registerWebhooks(app);
  registerSupplierWebhooks(app);
  registerPayments(app);
  registerBookings(app);
  registerChanges(app);
  registerCancellations(app);
  registerDisruptions(app);
  registerCredit(app);
  registerSeats(app);
  registerCheckIn(app);
  registerQuote(app);
  registerBoardingPasses(app);
  registerProfile(app);
  registerNotifications(app);
  registerWeather(app);
  registerPlans(app);
  registerRecommendations(app);
  registerExplore(app);
  registerAssistant(app);
  registerPriceAlerts(app);
  registerFlightStatus(app);
  registerGroups(app);
  registerPersonalData(app);
}

/** The largest request body the API reads. */
const MAX_BODY_BYTES = 256 * 1024;

/**
 * Whether a request's body must be counted as it arrives: a chunked body (its length is unknown
 * until the end) or a declared length over the limit (answered 413 at once). A body whose
 * declared length is within the limit needs no counting — the HTTP parser reads exactly that
 * many bytes — and GET and HEAD requests that declare neither have none.
 * @example needsBodyLimit('POST', '512', undefined) // false
 */
export function needsBodyLimit(method: string, contentLength: string | undefined, transferEncoding: string | undefined): boolean {
  if (transferEncoding !== undefined) return true;
  // No length and not chunked: no body on the wire, but a request built in process may still carry one.
  if (contentLength === undefined) return method !== 'GET' && method !== 'HEAD';
  const length = Number(contentLength);
  return !Number.isSafeInteger(length) || length < 0 || length > MAX_BODY_BYTES;
}

/**
 * The OpenAPI document the app serves at /api/openapi.json, built without a database or a
 * server (for `npm run lint:api` and code generators).
 * @example const doc = openApiDocument(loadConfig({}))
 */
export function openApiDocument(config: Config) {
  const app = createOpenApiApp();
  registerApiRoutes(app);
  return app.getOpenAPI31Document(apiDocument(config));
}
