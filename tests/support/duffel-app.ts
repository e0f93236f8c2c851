import { afterEach } from 'vitest';
import type { Database } from '../../src/db/client';
import { signUpAndLogin } from './auth';
import type { CompactSearchResponse } from '../../src/core/search';
import { expandSearchResponse } from '../../src/core/search-wire';
import type { Itinerary } from '../../src/core/search';
import { startDuffelFake, type DuffelFake } from './duffel-fake/server';
import { createTestApp, jsonHeaders } from './test-app';

/** The test app's clock start; the fake's clock starts at the same instant. */
export const DUFFEL_APP_NOW = '2026-11-21T06:30:00Z';
/** A departure date the search accepts from DUFFEL_APP_NOW. */
const DUFFEL_DATE = '2026-12-15';

/**
 * An in-process app selling Duffel offers from the contract fake (DUFFEL_ACCESS_TOKEN set, DUFFEL_API_URL the fake);
 * `env` adds settings (such as SUPPLIER_SEARCHES_PER_MINUTE).
 * @example const { app, fake, close } = await createDuffelApp()
 */
export async function createDuffelApp(options: { database?: Database; fake?: DuffelFake; env?: Record<string, string> } = {}) {
  const fake = options.fake ?? (await startDuffelFake({ now: Date.parse(DUFFEL_APP_NOW) }));
  const ctx = await createTestApp({ now: DUFFEL_APP_NOW, env: { ...options.env, DUFFEL_ACCESS_TOKEN: fake.token, DUFFEL_API_URL: fake.url }, ...(options.database ? { database: options.database } : {}) });
  return {
    ...ctx,
    fake,
    close: async () => {
      await ctx.close();
      if (!options.fake) await fake.close();
    },
  };
}

/** GET /api/search answered by the supplier, expanded as the Results screen expands it. */
export async function duffelSearch(app: { request: (path: string, init?: RequestInit) => Response | Promise<Response> }, from: string, to: string, extra = '') {
  const res = await app.request(`/api/search?from=${from}&to=${to}&date=${DUFFEL_DATE}${extra}`, { headers: jsonHeaders() });
  const body: unknown = await res.json();
  return { status: res.status, body, itineraries: res.status === 200 ? expandSearchResponse(body as CompactSearchResponse).itineraries : ([] as Itinerary[]) };
}

/** An in-process Safar app selling through the Duffel adapter, with its contract fake. */
export type DuffelApp = Awaited<ReturnType<typeof createDuffelApp>>;

/**
 * One Duffel app per test, closed after it: call at a test file's top level; `start()` makes the app and
 * signs up a traveller.
 * @example const start = duffelAppPerTest(); … const { app, cookie, fake } = await start();
 */
export function duffelAppPerTest() {
  let ctx: DuffelApp | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  return async function start() {
    ctx = await createDuffelApp();
    const { cookie } = await signUpAndLogin(ctx.app);
    return { ...ctx, cookie };
  };
}
