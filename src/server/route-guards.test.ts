import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADULT, authed, bookAndPay, checkIn, findItinerary, postBooking } from '../../tests/support/booking';
import { signUpAndLogin } from '../../tests/support/auth';
import { TEST_ORIGIN, createTestApp } from '../../tests/support/test-app';
import { passkeys } from '../db/schema';
import { GUARD_EXTENSION, OWNED_RESOURCES, type OwnedResource, type RouteGuard } from './route-guard';

/**
 * The table is the OpenAPI document itself: every operation in /api/openapi.json is
 * checked against the guard it declares (`x-safar-guard`, see route-guard.ts), so an
 * endpoint added later is covered the moment it is registered, and fails here until it
 * declares its guard. Every API route Hono knows must also be in the document.
 */

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  example?: unknown;
  schema?: { example?: unknown };
}
interface OperationDoc {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { example?: unknown }> };
  [GUARD_EXTENSION]?: RouteGuard;
}
interface Operation {
  method: string;
  path: string;
  label: string;
  guard: RouteGuard | undefined;
  doc: OperationDoc;
}

const STATE_CHANGING = new Set(['post', 'put', 'patch', 'delete']);
const FOREIGN_ORIGIN = 'https://evil.example';

/** A real id of something traveller A owns, for each kind a route can declare. */
type Fixtures = Record<OwnedResource, string>;

async function loadOperations(ctx: Ctx): Promise<Operation[]> {
  const doc = (await (await ctx.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, OperationDoc>> };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method, path, label: `${method.toUpperCase()} ${path}`, guard: op[GUARD_EXTENSION], doc: op })),
  );
}

/** The example the route documents for a parameter, else a value of the right kind for the test. */
function parameterValue(parameter: Parameter): string {
  const example = parameter.example ?? parameter.schema?.example;
  if (typeof example === 'string' || typeof example === 'number' || typeof example === 'boolean') return String(example);
  return parameter.in === 'header' ? randomUUID() : 'x';
}

/**
 * A request an honest client would send to this operation, with `id` in every path
 * parameter: the documented body example, required headers and query parameters.
 */
function requestFor(op: Operation, id: string, headers: Record<string, string>): [string, RequestInit] {
  let url = op.path;
  const query = new URLSearchParams();
  const extraHeaders: Record<string, string> = {};
  for (const parameter of op.doc.parameters ?? []) {
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(id));
    else if (parameter.in === 'query' && parameter.required) query.set(parameter.name, parameterValue(parameter));
    else if (parameter.in === 'header' && parameter.required) extraHeaders[parameter.name] = parameterValue(parameter);
  }
  const init: RequestInit = { method: op.method.toUpperCase(), headers: { ...extraHeaders, ...headers } };
  const jsonBody = op.doc.requestBody?.content?.['application/json'];
  if (jsonBody) init.body = JSON.stringify(jsonBody.example ?? {});
  const search = query.toString();
  return [search ? `${url}?${search}` : url, init];
}

describe('every endpoint declares its guard and the guard holds', () => {
  let ctx: Ctx;
  let operations: Operation[];
  let bob: { cookie: string };
  let fixtures: Fixtures;

  beforeAll(async () => {
    ctx = await createTestApp();
    operations = await loadOperations(ctx);
    const alice = await signUpAndLogin(ctx.app);
    bob = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const held = await postBooking(ctx.app, alice.cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    // A pass exists from check-in: the next day's flight is inside the window.
    const soon = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-11-22' });
    const paid = await bookAndPay(ctx.app, alice.cookie, soon, [ADULT]);
    await checkIn(ctx.app, alice.cookie, paid.confirm.body.booking.id);
    const passes = (await (await ctx.app.request('/api/boarding-passes', { headers: authed(alice.cookie) })).json()) as { passes: { id: string }[] };
    const pass = passes.passes[0];
    if (held.status !== 201 || !pass) throw new Error('fixtures: expected a held booking and a boarding pass for alice');
    const alert = await ctx.app.request('/api/price-alerts', {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ from: 'DEL', to: 'BOM', targetPrice: 4000, email: 'alice@example.com', dateFrom: '2026-12-24' }),
    });
    const alertId = ((await alert.json()) as { alert?: { id: string } }).alert?.id;
    if (!alertId) throw new Error('fixtures: expected a price alert for alice');
    const tripPlan = await ctx.app.request('/api/trip-plans', {
      method: 'POST',
      headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }),
      body: JSON.stringify({ mode: 'price', stops: [{ city: 'DEL', date: '2026-12-24' }, { city: 'BOM', date: '2026-12-24' }], itineraryIds: [itinerary.id] }),
    });
    const planId = ((await tripPlan.json()) as { plan?: { id: string } }).plan?.id;
    if (!planId) throw new Error('fixtures: expected a trip plan for alice');
    const group = await ctx.app.request('/api/groups', { method: 'POST', headers: authed(alice.cookie, { 'Idempotency-Key': randomUUID() }), body: JSON.stringify({ itineraryId: itinerary.id }) });
    const groupId = ((await group.json()) as { group?: { id: string } }).group?.id;
    if (!groupId) throw new Error('fixtures: expected a travel companion group for alice');
    const saved = await ctx.app.request('/api/saved-travellers', { method: 'POST', headers: authed(alice.cookie), body: JSON.stringify({ title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02' }) });
    const savedId = ((await saved.json()) as { traveller?: { id: string } }).traveller?.id;
    if (!savedId) throw new Error('fixtures: expected a saved traveller for alice');
    const sessions = (await (await ctx.app.request('/api/account/sessions', { headers: authed(alice.cookie) })).json()) as { sessions: { id: string }[] };
    const sessionId = sessions.sessions[0]?.id;
    if (!sessionId) throw new Error('fixtures: expected a session for alice');
    // A stored credential row stands for a registered passkey (registration itself is tested with a virtual authenticator).
    const passkeyId = `fixture-${randomUUID()}`;
    await ctx.database.db.insert(passkeys).values({ id: passkeyId, userId: alice.user.id, publicKey: 'AA', deviceType: 'singleDevice', name: 'Fixture', createdAt: new Date() });
    fixtures = { booking: held.body.booking.id, 'boarding-pass': pass.id, 'price-alert': alertId, 'trip-plan': planId, group: groupId, 'saved-traveller': savedId, session: sessionId, passkey: passkeyId };
  });
  afterAll(() => ctx.close());

  it('lists every API route in the OpenAPI document, each with a known guard', () => {
    const documented = new Set(operations.map((op) => op.label));
    const registered = new Set(
      ctx.app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && route.path !== '/api/openapi.json')
        .map((route) => `${route.method} ${route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`),
    );
    expect([...registered].filter((label) => !documented.has(label)), 'routes missing from /api/openapi.json (register them with app.openapi)').toEqual([]);
    const undeclared = operations.filter((op) => !op.guard || !['public', 'traveller', 'signature', 'owner-token'].includes(op.guard.auth)).map((op) => op.label);
    expect(undeclared, 'operations without x-safar-guard: build them with publicRoute, travellerRoute, ownerTokenRoute or signedRoute (src/server/route-guard.ts)').toEqual([]);
    expect(operations.length).toBeGreaterThanOrEqual(20);
  });

  it('declares what every traveller route with a path id owns, and the kind has a fixture', () => {
    const missing = operations
      .filter((op) => (op.guard?.auth === 'traveller' || op.guard?.auth === 'owner-token') && (op.doc.parameters ?? []).some((p) => p.in === 'path'))
      .filter((op) =>
        op.guard?.auth === 'traveller'
          ? !op.guard.idIsPublic && !op.guard.idIsSecret && (!op.guard.owns || !OWNED_RESOURCES.includes(op.guard.owns))
          : op.guard?.auth !== 'owner-token' || !op.guard.owns || !OWNED_RESOURCES.includes(op.guard.owns),
      )
      .map((op) => op.label);
    expect(missing, 'traveller routes with a path id must declare travellerRoute({ owns: … })').toEqual([]);
  });

  it('answers 401 signed out on every traveller route (and owner-token route without a token)', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => o.guard?.auth === 'traveller' || o.guard?.auth === 'owner-token')) {
      const id = (op.guard?.auth === 'traveller' || op.guard?.auth === 'owner-token') && op.guard.owns ? fixtures[op.guard.owns] : 'x';
      const [url, init] = requestFor(op, id, { 'Content-Type': 'application/json', Origin: TEST_ORIGIN });
      const res = await ctx.app.request(url, init);
      const body = (await res.json()) as { error?: { code?: string } };
      if (res.status !== 401 || body.error?.code !== 'unauthorized') wrong.push(`${op.label} → ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it("answers 404 to another traveller's ids on every route that names an owned thing", async () => {
    const checked: string[] = [];
    const wrong: string[] = [];
    for (const op of operations) {
      if ((op.guard?.auth !== 'traveller' && op.guard?.auth !== 'owner-token') || !op.guard.owns) continue;
      const [url, init] = requestFor(op, fixtures[op.guard.owns], authed(bob.cookie));
      const res = await ctx.app.request(url, init);
      const text = await res.text();
      checked.push(op.label);
      if (res.status !== 404) wrong.push(`${op.label} → ${res.status} ${text.slice(0, 200)}`);
      // The answer is the same as for an id that never existed: nothing of alice's leaks.
      expect(text).not.toContain(fixtures[op.guard.owns].slice(4));
    }
    expect(wrong).toEqual([]);
    expect(checked.length).toBeGreaterThanOrEqual(7);
  });

  it('answers 403 to a foreign Origin (and to none) on every state-changing route except signed webhooks', async () => {
    const wrong: string[] = [];
    for (const op of operations.filter((o) => STATE_CHANGING.has(o.method))) {
      const id = (op.guard?.auth === 'traveller' || op.guard?.auth === 'owner-token') && op.guard.owns ? fixtures[op.guard.owns] : 'x';
      for (const origin of [FOREIGN_ORIGIN, undefined]) {
        const headers: Record<string, string> = { 'Content-Type': 'application/json', Cookie: bob.cookie };
        if (origin) headers.Origin = origin;
        const [url, init] = requestFor(op, id, headers);
        const res = await ctx.app.request(url, init);
        const isForbidden = res.status === 403;
        // Providers call webhooks from their own servers: the signature, not the Origin, is checked.
        if (op.guard?.auth === 'signature' ? isForbidden || res.status < 400 : !isForbidden) wrong.push(`${op.label} Origin=${origin ?? 'none'} → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses unsigned calls to signed routes, and never asks for sign-in on public ones', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.guard?.auth === 'signature') {
        const [url, init] = requestFor(op, 'x', { 'Content-Type': 'application/json' });
        const res = await ctx.app.request(url, init);
        if (res.status < 400 || res.status >= 500) wrong.push(`${op.label} unsigned → ${res.status}`);
      }
      if (op.guard?.auth === 'public' && !STATE_CHANGING.has(op.method)) {
        const [url, init] = requestFor(op, 'x', {});
        const res = await ctx.app.request(url, init);
        if (res.status === 401 || res.status >= 500) wrong.push(`${op.label} signed out → ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
