import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndLogin } from '../../../tests/support/auth';
import { decodeQuotedPrintable, startSmtpSink } from '../../../tests/support/smtp-sink';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import type { AlertView } from '../../core/alerts';
import { notifications, outbox, priceAlerts, routeFareHistory } from '../../db/schema';
import { checkDueAlerts } from '../../domain/alerts/check';
import { outboxMailer } from '../jobs/outbox-mailer';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_ORIGIN: 'https://safar.example' } });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});
const decoded = decodeQuotedPrintable;

const newOwnerToken = () => randomBytes(32).toString('base64url');
const anon = (token: string, extra: Record<string, string> = {}) => jsonHeaders({ 'X-Alert-Owner': token, ...extra });
const signed = (cookie: string, extra: Record<string, string> = {}) => jsonHeaders({ Cookie: cookie, ...extra });
const BODY = { from: 'DEL', to: 'BOM', targetPrice: 4000, currentPrice: 5200, email: 'traveller@example.com', dateFrom: '2026-12-24' };

async function create(headers: Record<string, string>, body: Record<string, unknown> = BODY, key = randomUUID()) {
  const res = await ctx.app.request('/api/price-alerts', { method: 'POST', headers: { ...headers, 'Idempotency-Key': key }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { alert: AlertView; error?: { message: string; fields?: Record<string, string> } } };
}
async function list(headers: Record<string, string>) {
  const res = await ctx.app.request('/api/price-alerts', { headers });
  return { status: res.status, alerts: res.ok ? ((await res.json()) as { alerts: AlertView[] }).alerts : [] };
}
const patch = (headers: Record<string, string>, id: string, active: boolean) => ctx.app.request(`/api/price-alerts/${id}`, { method: 'PATCH', headers, body: JSON.stringify({ active }) });
const remove = (headers: Record<string, string>, id: string) => ctx.app.request(`/api/price-alerts/${id}`, { method: 'DELETE', headers });
const deps = () => ctx.deps;
const check = () => checkDueAlerts({ db: ctx.database.db, clock: ctx.clock, world: ctx.world, inventory: ctx.inventory });

describe('POST /api/price-alerts validation', () => {
  it.each([
    [{ ...BODY, from: '' }, 'from'],
    [{ ...BODY, to: undefined }, 'to'],
    [{ ...BODY, targetPrice: undefined }, 'targetPrice'],
    [{ ...BODY, email: '' }, 'email'],
  ])('answers "Please fill all required fields" when a required field is missing (%#)', async (body, field) => {
    const { status, body: answer } = await create(anon(newOwnerToken()), body);
    expect(status).toBe(400);
    expect(answer.error?.message).toBe('Please fill all required fields');
    expect(answer.error?.fields?.[field]).toBe('Please fill all required fields');
  });

  it('ties other mistakes to their field', async () => {
    const past = await create(anon(newOwnerToken()), { ...BODY, dateFrom: '2026-11-01' });
    expect(past.body.error?.fields?.dateFrom).toBe('Choose a date from today on');
    const unknown = await create(anon(newOwnerToken()), { ...BODY, to: 'Atlantis' });
    expect(unknown.body.error?.fields?.to).toBe("We don't know an airport called 'Atlantis'");
    const long = await create(anon(newOwnerToken()), { ...BODY, dateTo: '2027-01-20' });
    expect(long.body.error?.fields?.dateTo).toBe('Choose at most 14 days');
  });

  it('answers 400 on returnDate for a return before the (last) departure day, with the search\'s message; a round trip is stored with both dates', async () => {
    for (const body of [
      { ...BODY, returnDate: '2026-12-23' },
      { ...BODY, dateTo: '2026-12-26', returnDate: '2026-12-25' },
    ]) {
      const { status, body: answer } = await create(anon(newOwnerToken()), body);
      expect(status).toBe(400);
      expect(answer.error?.fields?.returnDate).toBe('Return date cannot be before departure date');
    }
    const roundTrip = await create(anon(newOwnerToken()), { ...BODY, returnDate: '2026-12-24' });
    expect(roundTrip.status).toBe(201);
    expect(roundTrip.body.alert).toMatchObject({ dateFrom: '2026-12-24', dateTo: '2026-12-24', returnDate: '2026-12-24' });
    const oneWay = await create(anon(newOwnerToken()), BODY);
    expect(oneWay.body.alert.returnDate).toBeNull();
  });
});

describe('price alerts CRUD', () => {
  it('a signed-in traveller creates, lists, toggles and deletes; another traveller gets 404', async () => {
    const alice = await signUpAndLogin(ctx.app);
    const bob = await signUpAndLogin(ctx.app);
    const created = await create(signed(alice.cookie), { ...BODY, email: alice.user.email, adults: 2 });
    expect(created.status).toBe(201);
    const alert = created.body.alert;
    expect(alert).toMatchObject({ from: 'DEL', to: 'BOM', targetPrice: 4000, currentPrice: 5200, active: true, triggered: false, emailConfirmed: true, adults: 2, dateTo: '2026-12-24' });
    // Their own address needs no confirmation: nothing queued.
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, alice.user.email))).toHaveLength(0);

    expect((await list(signed(alice.cookie))).alerts.map((a) => a.id)).toEqual([alert.id]);
    expect((await list(signed(bob.cookie))).alerts).toEqual([]);
    expect((await patch(signed(bob.cookie), alert.id, false)).status).toBe(404);
    expect((await remove(signed(bob.cookie), alert.id)).status).toBe(404);
    expect((await patch(anon(newOwnerToken()), alert.id, false)).status).toBe(404);

    const off = await patch(signed(alice.cookie), alert.id, false);
    expect(((await off.json()) as { alert: AlertView }).alert.active).toBe(false);
    expect((await remove(signed(alice.cookie), alert.id)).status).toBe(200);
    expect((await remove(signed(alice.cookie), alert.id)).status).toBe(404);
    expect((await list(signed(alice.cookie))).alerts).toEqual([]);
  });

  it('an anonymous owner manages its alerts with its token; another token sees nothing and gets 404; no token is 401', async () => {
    const token = newOwnerToken();
    const created = await create(anon(token));
    expect(created.status).toBe(201);
    expect(created.body.alert.emailConfirmed).toBe(false);
    const id = created.body.alert.id;
    expect((await list(anon(token))).alerts.map((a) => a.id)).toEqual([id]);
    const stranger = anon(newOwnerToken());
    expect((await list(stranger)).alerts).toEqual([]);
    expect((await patch(stranger, id, false)).status).toBe(404);
    expect((await remove(stranger, id)).status).toBe(404);
    expect((await list(jsonHeaders())).status).toBe(401);
    expect((await ctx.app.request(`/api/price-alerts/${id}`, { method: 'DELETE', headers: jsonHeaders() })).status).toBe(401);
    expect((await patch(anon(token), id, false)).status).toBe(200);
    expect((await remove(anon(token), id)).status).toBe(200);
    // The owner token is stored only as a hash.
    const rows = await ctx.database.db.select().from(priceAlerts);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('replays a create with the same Idempotency-Key instead of making a second alert', async () => {
    const token = newOwnerToken();
    const key = randomUUID();
    const first = await create(anon(token), BODY, key);
    const again = await create(anon(token), BODY, key);
    expect(again.status).toBe(201);
    expect(again.body.alert.id).toBe(first.body.alert.id);
    expect((await list(anon(token))).alerts).toHaveLength(1);
  });
});

describe('price-alert job and mail', () => {
  it('mails exactly one confirmation and, after confirmation, exactly one trigger message; a second pass stays quiet', async () => {
    const token = newOwnerToken();
    const email = `alerts-${randomUUID()}@example.com`;
    // A target no fare can miss, so the first check triggers.
    const { body } = await create(anon(token), { ...BODY, email, targetPrice: 500_000 });
    const id = body.alert.id;

    const mine = () => sink.received.filter((m) => m.to.includes(email));
    // Not confirmed yet: the check triggers (in-app state, push) but mails nothing.
    await outboxMailer.run(deps());
    expect(mine()).toHaveLength(1);
    const confirmation = decoded(mine()[0]!.data);
    expect(confirmation).toContain('Subject: Confirm your Safar price alert');
    const confirmToken = /alerts\?confirm=([A-Za-z0-9_-]{43})/.exec(confirmation)?.[1];
    expect(confirmToken).toBeDefined();
    expect(confirmation).toContain(`alerts?owner=${token}`);
    expect(confirmation).toMatch(/Unsubscribe: https:\/\/safar\.example\/alerts\?unsubscribe=/);

    const confirmed = await ctx.app.request('/api/price-alerts/confirm', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ token: confirmToken }) });
    expect(await confirmed.json()).toEqual({ confirmed: 1 });

    const result = await check();
    expect(result.triggered).toBeGreaterThanOrEqual(1);
    const [alert] = (await list(anon(token))).alerts;
    expect(alert?.triggered).toBe(true);
    expect(alert?.triggeredPrice).toBe(alert?.currentPrice);
    expect(alert?.priceHistory).toHaveLength(1);
    expect(alert?.lastCheckedAt).not.toBeNull();

    await outboxMailer.run(deps());
    expect(mine()).toHaveLength(2);
    const raw = mine()[1]!.data;
    const trigger = decoded(raw);
    // Headers are checked on the raw message: quoted-printable decoding would turn "=" followed by
    // two hex digits of the random token into another character.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?/m); // "Price drop: DEL → BOM now ₹…", MIME-encoded
    expect(trigger).toContain('DEL → BOM, 2026-12-24, 1 traveller: the lowest all-in price is now ₹');
    expect(trigger).toContain('(your target ₹5,00,000)');
    expect(raw.replace(/\r\n\s+/g, ' ')).toMatch(/List-Unsubscribe: <https:\/\/safar\.example\/alerts\?unsubscribe=/);

    // An hour later the job checks again: a new history point, no new message.
    ctx.clock.advance(61 * 60_000);
    await check();
    await outboxMailer.run(deps());
    expect(mine()).toHaveLength(2);
    const [again] = (await list(anon(token))).alerts;
    expect(again?.priceHistory).toHaveLength(2);
    expect(await ctx.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, id))).toHaveLength(1);
  });

  it('tells a signed-in owner in the app, and a triggered alert keeps its price until the fare rebounds', async () => {
    const alice = await signUpAndLogin(ctx.app);
    const { body } = await create(signed(alice.cookie), { ...BODY, email: alice.user.email, targetPrice: 500_000, dateFrom: '2026-12-26' });
    await check();
    const notices = await ctx.database.db.select().from(notifications).where(eq(notifications.userId, alice.user.id));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toMatch(/^Alert Triggered! Price dropped to ₹[\d,]+$/);
    expect(notices[0]?.url).toBe('/result?from=DEL&to=BOM&date=2026-12-26&cabin=economy&adults=1&children=0&infants=0');
    const [alert] = (await list(signed(alice.cookie))).alerts;
    expect(alert?.id).toBe(body.alert.id);
    expect(alert?.triggered).toBe(true);
  });

  it('gives a low / typical / high verdict against the route’s own history', async () => {
    const token = newOwnerToken();
    await create(anon(token), { ...BODY, from: 'BLR', to: 'HYD', targetPrice: 100, dateFrom: '2026-12-28' });
    await check();
    let [alert] = (await list(anon(token))).alerts;
    // One day of history is not enough to judge.
    expect(alert?.verdict).toBeNull();
    const fare = (await ctx.database.db.select().from(priceAlerts).where(eq(priceAlerts.id, alert!.id)))[0]!.currentAdultFare!;
    const band = 2; // 37 days ahead
    const days = [-1, -2, -3, -4, -5, -6].map((k) => new Date(Date.parse('2026-11-21') + k * 86_400_000).toISOString().slice(0, 10));
    await ctx.database.db.insert(routeFareHistory).values(days.map((observedOn, i) => ({ from: 'BLR', to: 'HYD', cabin: 'economy' as const, band, observedOn, lowestAdultFare: fare + 500 + i * 100 })));
    [alert] = (await list(anon(token))).alerts;
    expect(alert?.verdict?.level).toBe('low');
    expect(alert?.verdict?.days).toBe(7);
  });

  it('unsubscribes an address from the link in any message', async () => {
    const token = newOwnerToken();
    await create(anon(token), { ...BODY, email: 'leave@example.com' });
    const [row] = await ctx.database.db.select().from(priceAlerts).where(eq(priceAlerts.email, 'leave@example.com'));
    const res = await ctx.app.request('/api/price-alerts/unsubscribe', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ token: row!.mailToken }) });
    expect(await res.json()).toEqual({ unsubscribed: 1 });
    const unknown = await ctx.app.request('/api/price-alerts/unsubscribe', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ token: 'B'.repeat(43) }) });
    expect(unknown.status).toBe(404);
  });
});
