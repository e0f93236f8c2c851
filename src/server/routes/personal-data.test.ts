import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, sessionCookieFrom, signUpAndLogin } from '../../../tests/support/auth';
import { ADULT, CHILD, authed, bookAndPay, findItinerary, postBooking } from '../../../tests/support/booking';
import { hasPdftotext, pdfHeader, pdfText } from '../../../tests/support/pdf';
import { decodeQuotedPrintable, startSmtpSink } from '../../../tests/support/smtp-sink';
import { createTestApp, jsonHeaders } from '../../../tests/support/test-app';
import { mayReceiveMarketingEmail } from '../../domain/personal-data/account-data';
import { outboxMailer } from '../jobs/outbox-mailer';

const SUPPLIER = { INVOICE_SUPPLIER_GSTIN: '29AAGCB7383J1Z4', INVOICE_SUPPLIER_NAME: 'Safar Travel Technologies Pvt Ltd', INVOICE_SUPPLIER_ADDRESS: '4th Floor, 80 Feet Road, Koramangala, Bengaluru 560034' };
const GST = { gstin: '27AAPFU0939F1ZV', registeredName: 'Udaan Traders LLP', registeredAddress: '12 Marine Drive, Mumbai 400020' };

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  sink = await startSmtpSink();
  ctx = await createTestApp({ env: { SMTP_URL: sink.url, ...SUPPLIER } });
});
afterAll(async () => {
  await ctx.close();
  await sink.close();
});

const req = (path: string, cookie: string, init: { method?: string; body?: unknown } = {}) =>
  ctx.app.request(path, { method: init.method ?? 'GET', headers: authed(cookie), ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });

describe('saved travellers', () => {
  it('saves, lists, edits and deletes co-travellers; Aadhaar keeps only its last four digits', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const bad = await req('/api/saved-travellers', cookie, { method: 'POST', body: { title: 'Ms', firstName: '', lastName: 'Sharma', dob: '1992-13-02', mobileNo: '12345' } });
    expect(bad.status).toBe(400);
    const badBody = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(badBody.error.fields).toMatchObject({ firstName: 'First name is required', dob: 'Use a date like 1990-05-24', mobileNo: 'Enter a valid Indian mobile number' });

    const created = await req('/api/saved-travellers', cookie, { method: 'POST', body: { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02', aadharCard: '234123412346' } });
    expect(created.status).toBe(201);
    const { traveller } = (await created.json()) as { traveller: { id: string; aadhaarMasked: string | null } };
    expect(traveller.aadhaarMasked).toBe('XXXX XXXX 2346');
    expect(JSON.stringify(traveller)).not.toContain('23412341');

    const edited = await req(`/api/saved-travellers/${traveller.id}`, cookie, { method: 'PUT', body: { title: 'Mrs', firstName: 'Asha', lastName: 'Verma', dob: '1992-03-02' } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { traveller: { lastName: string; aadhaarMasked: string } }).traveller).toMatchObject({ lastName: 'Verma', aadhaarMasked: 'XXXX XXXX 2346' });

    const list = (await (await req('/api/saved-travellers', cookie)).json()) as { travellers: { id: string }[] };
    expect(list.travellers.map((t) => t.id)).toEqual([traveller.id]);
    expect((await req(`/api/saved-travellers/${traveller.id}`, cookie, { method: 'DELETE' })).status).toBe(204);
    expect((await req(`/api/saved-travellers/${traveller.id}`, cookie, { method: 'DELETE' })).status).toBe(404);
  });

  it("saves a booking's passengers once, and editing a saved traveller never changes the booking", async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24', adults: 1, children: 1 });
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT, CHILD]);
    const bookingId = confirm.body.booking.id;
    const first = (await (await req(`/api/bookings/${bookingId}/saved-travellers`, cookie, { method: 'POST' })).json()) as { added: number; travellers: { id: string; firstName: string; aadhaarMasked: string | null }[] };
    expect(first.added).toBe(2);
    expect(first.travellers.map((t) => t.firstName)).toEqual(['Rahul', 'Asha']);
    expect(first.travellers[0]?.aadhaarMasked).toBe('XXXX XXXX 2346');
    const again = (await (await req(`/api/bookings/${bookingId}/saved-travellers`, cookie, { method: 'POST' })).json()) as { added: number };
    expect(again.added).toBe(0);

    const rahul = first.travellers[0]!;
    await req(`/api/saved-travellers/${rahul.id}`, cookie, { method: 'PUT', body: { title: 'Mr', firstName: 'Rohan', lastName: 'Kapoor', dob: '1991-01-01' } });
    const booking = (await (await req(`/api/bookings/${bookingId}`, cookie)).json()) as { booking: { passengers: { firstName: string; lastName: string; dob: string }[] } };
    expect(booking.booking.passengers[0]).toMatchObject({ firstName: 'Rahul', lastName: 'Sharma', dob: '1990-05-24' });
  });
});

describe('GST details and tax invoices', () => {
  it("refuses a GSTIN with a bad check character with 'Enter a valid GSTIN'", async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const held = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    const res = await req(`/api/bookings/${held.body.booking.id}/gst-details`, cookie, { method: 'PUT', body: { ...GST, gstin: '27AAPFU0939F1ZA' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; fields: Record<string, string> } };
    expect(body.error.fields.gstin).toBe('Enter a valid GSTIN');
  });

  it('issues numbered invoices without gaps, once per booking, whose PDF names the GSTIN', async () => {
    const { cookie } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const held = await postBooking(ctx.app, cookie, { itineraryId: itinerary.id, passengers: [ADULT], quotedTotal: itinerary.price.total.total, acceptPriceChange: true });
    const heldId = held.body.booking.id;
    expect((await req(`/api/bookings/${heldId}/invoice`, cookie, { method: 'POST' })).status).toBe(409); // no GST details
    const put = await req(`/api/bookings/${heldId}/gst-details`, cookie, { method: 'PUT', body: { ...GST, gstin: '27aapfu0939f1zv' } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { gstDetails: { gstin: string; state: string } }).gstDetails).toMatchObject({ gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' });
    const notPaid = await req(`/api/bookings/${heldId}/invoice`, cookie, { method: 'POST' });
    expect(notPaid.status).toBe(409);

    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);
      const id = confirm.body.booking.id;
      await req(`/api/bookings/${id}/gst-details`, cookie, { method: 'PUT', body: GST });
      const issued = (await (await req(`/api/bookings/${id}/invoice`, cookie, { method: 'POST' })).json()) as { invoice: { number: string; totalPaise: number; serviceFeePaise: number; collectedForAirlinePaise: number } };
      expect(issued.invoice.serviceFeePaise).toBe(0);
      expect(issued.invoice.totalPaise).toBe(confirm.body.booking.totalInr * 100);
      expect(issued.invoice.collectedForAirlinePaise).toBe(confirm.body.booking.totalInr * 100);
      const twice = (await (await req(`/api/bookings/${id}/invoice`, cookie, { method: 'POST' })).json()) as { invoice: { number: string } };
      expect(twice.invoice.number).toBe(issued.invoice.number);
      numbers.push(issued.invoice.number);
      // Once issued, the details on it cannot change.
      expect((await req(`/api/bookings/${id}/gst-details`, cookie, { method: 'PUT', body: GST })).status).toBe(409);

      const pdf = await req(`/api/bookings/${id}/invoice.pdf`, cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await pdf.arrayBuffer());
      expect(pdfHeader(bytes)).toBe('%PDF-');
      if (hasPdftotext) {
        const text = pdfText(bytes);
        expect(text).toContain('27AAPFU0939F1ZV');
        expect(text).toContain(SUPPLIER.INVOICE_SUPPLIER_GSTIN);
        expect(text).toContain(issued.invoice.number);
        expect(text).toContain("Collected on the airline's behalf");
        expect(text).toContain('Udaan Traders LLP');
      }
    }
    // Invoices are issued in the financial year of the test clock (November 2026 → 2026-27).
    const [a, b] = numbers.map((n) => Number(n.split('/')[2]));
    expect(numbers[0]).toMatch(/^SAF\/2627\/\d{6}$/);
    expect(b).toBe((a ?? 0) + 1);
    const list = (await (await req('/api/invoices', cookie)).json()) as { invoices: { number: string }[] };
    expect(list.invoices.map((i) => i.number)).toEqual([...numbers].reverse());
  });

  it("answers 503 when Safar's GST registration is not configured", async () => {
    const bare = await createTestApp();
    try {
      const { cookie } = await signUpAndLogin(bare.app);
      const itinerary = await findItinerary(bare.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
      const { confirm } = await bookAndPay(bare.app, cookie, itinerary, [ADULT]);
      const id = confirm.body.booking.id;
      await bare.app.request(`/api/bookings/${id}/gst-details`, { method: 'PUT', headers: authed(cookie), body: JSON.stringify(GST) });
      const res = await bare.app.request(`/api/bookings/${id}/invoice`, { method: 'POST', headers: authed(cookie) });
      expect(res.status).toBe(503);
    } finally {
      await bare.close();
    }
  });
});

describe('your data', () => {
  it('records marketing consent as opt-in events with their wording', async () => {
    const { cookie, user } = await signUpAndLogin(ctx.app);
    expect(await mayReceiveMarketingEmail(ctx.database.db, user.id)).toBe(false);
    const initial = (await (await req('/api/account/consents', cookie)).json()) as { marketingEmail: { granted: boolean; recordedAt: string | null } };
    expect(initial.marketingEmail).toMatchObject({ granted: false, recordedAt: null });
    const on = (await (await req('/api/account/consents', cookie, { method: 'PUT', body: { marketingEmail: true } })).json()) as { marketingEmail: { granted: boolean; wording: string } };
    expect(on.marketingEmail.granted).toBe(true);
    expect(on.marketingEmail.wording).toContain('Email me offers');
    expect(await mayReceiveMarketingEmail(ctx.database.db, user.id)).toBe(true);
    const off = (await (await req('/api/account/consents', cookie, { method: 'PUT', body: { marketingEmail: false } })).json()) as { marketingEmail: { granted: boolean } };
    expect(off.marketingEmail.granted).toBe(false);
    const exported = (await (await req('/api/account/export', cookie)).json()) as { consents: { granted: boolean }[] };
    expect(exported.consents.map((c) => c.granted)).toEqual([true, false]);
  });

  it('exports everything held about the traveller as a JSON attachment, without secrets', async () => {
    const { cookie, user } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);
    await req(`/api/bookings/${confirm.body.booking.id}/saved-travellers`, cookie, { method: 'POST' });
    await req(`/api/bookings/${confirm.body.booking.id}/gst-details`, cookie, { method: 'PUT', body: GST });
    const res = await req('/api/account/export', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="safar-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, unknown> & { account: { email: string }; sessions: { current: boolean }[]; bookings: { id: string; passengers: unknown[] }[]; payments: { amountPaise: number }[]; savedTravellers: unknown[]; gstDetails: unknown[] };
    expect(Object.keys(data).sort()).toEqual(
      ['account', 'bookings', 'consents', 'exportedAt', 'favouriteRoutes', 'flightTracking', 'groups', 'gstDetails', 'invoices', 'notices', 'payments', 'priceAlerts', 'pushSubscriptions', 'savedTravellers', 'sessions', 'tripPlans'].sort(),
    );
    expect(data.account.email).toBe(user.email);
    expect(data.sessions.some((s) => s.current)).toBe(true);
    expect(data.bookings[0]?.id).toBe(confirm.body.booking.id);
    expect(data.bookings[0]?.passengers).toHaveLength(1);
    expect(data.payments[0]?.amountPaise).toBe(confirm.body.booking.totalInr * 100);
    expect(data.savedTravellers).toHaveLength(1);
    expect(data.gstDetails).toHaveLength(1);
    expect(text).not.toMatch(/argon2|passwordHash|tokenHash|4111/);
  });

  it('deletes the account after re-authentication, keeps bookings without personal fields, mails a confirmation, and frees the email', async () => {
    const { cookie, user } = await signUpAndLogin(ctx.app);
    const itinerary = await findItinerary(ctx.app, { from: 'DEL', to: 'BOM', date: '2026-12-24' });
    const { confirm } = await bookAndPay(ctx.app, cookie, itinerary, [ADULT]);
    const bookingId = confirm.body.booking.id;
    await req('/api/saved-travellers', cookie, { method: 'POST', body: { title: 'Ms', firstName: 'Asha', lastName: 'Sharma', dob: '1992-03-02' } });
    await req('/api/account/consents', cookie, { method: 'PUT', body: { marketingEmail: true } });
    await outboxMailer.run(ctx.deps); // the booking confirmation goes first
    const before = sink.received.length;

    const wrong = await req('/api/account/delete', cookie, { method: 'POST', body: { password: 'not-the-password', confirm: 'DELETE' } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe('That password is not right');
    const unconfirmed = await req('/api/account/delete', cookie, { method: 'POST', body: { password: TEST_PASSWORD, confirm: 'yes' } });
    expect(unconfirmed.status).toBe(400);

    const deleted = await req('/api/account/delete', cookie, { method: 'POST', body: { password: TEST_PASSWORD, confirm: 'DELETE' } });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().join(';')).toMatch(/safar_session=;/);
    // The session is gone at once (not only after the session cache expires).
    expect((await req('/api/bookings', cookie)).status).toBe(401);
    const login = await ctx.app.request('/api/auth/login', { method: 'POST', headers: jsonHeaders(), body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }) });
    expect(login.status).toBe(401);

    // Tax records stay, without the passengers' personal fields; everything else is gone.
    const db = ctx.database.db;
    const { bookings, passengers, payments, savedTravellers, consentEvents, sessions, users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    expect(await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId))).toHaveLength(1);
    expect(await db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, bookingId))).toHaveLength(1);
    const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId));
    expect(pax[0]).toMatchObject({ firstName: 'Deleted', lastName: 'Traveller', dob: '', mobile: null, aadhaarLast4: null });
    expect(await db.select().from(savedTravellers).where(eq(savedTravellers.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(consentEvents).where(eq(consentEvents.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const [tombstone] = await db.select().from(users).where(eq(users.id, user.id));
    expect(tombstone?.email).toBe(`deleted:${user.id}`);

    await outboxMailer.run(ctx.deps);
    const mails = sink.received.slice(before).filter((m) => m.to.includes(user.email));
    expect(mails).toHaveLength(1);
    expect(decodeQuotedPrintable(mails[0]?.data ?? '')).toContain('Subject: Your Safar account has been deleted');

    // The address may sign up again, as a new account with nothing in it.
    const again = await signUpAndLogin(ctx.app, user.email);
    expect(again.user.id).not.toBe(user.id);
    const list = (await (await req('/api/bookings', again.cookie)).json()) as { bookings: unknown[] };
    expect(list.bookings).toEqual([]);
    expect(sessionCookieFrom(deleted)).toBeDefined();
  });
});
