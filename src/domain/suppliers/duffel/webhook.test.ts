import { createServer } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startDuffelFake, type DuffelFake } from '../../../../tests/support/duffel-fake/server';
import { parseDuffelEvent, verifyDuffelSignature } from './webhook';

const SECRET = 'whsec_contract_fake_secret';

let fake: DuffelFake | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('verifyDuffelSignature', () => {
  it("accepts the official Ruby client's test vector", () => {
    const body = '{"created_at":"2022-01-08T18:44:56.129339Z","data":{"changes":{},"object":{}},"id":"eve_0000AFEsrBKZAcKgGtZCnQ","live_mode":false,"object":"order","type":"order.updated"}';
    const header = 't=1641667496,v1=691f25ffb1f206c0fda5bb7b1a9d60fafe42c5f42819d44a06a7cfe09486f102';
    expect(verifyDuffelSignature(body, header, 'a_secret', 1641667496_000)).toEqual({ valid: true, timestamp: 1641667496 });
    expect(verifyDuffelSignature(body, header, 'another_secret', 1641667496_000)).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyDuffelSignature(`${body} `, header, 'a_secret', 1641667496_000)).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyDuffelSignature(Buffer.from(body), header, 'a_secret', 1641667496_000).valid).toBe(true);
  });

  it('refuses a missing or malformed header, a short signature, and a stale timestamp (replay)', async () => {
    fake = await startDuffelFake();
    const event = fake.event('ping.triggered', { id: 'whk_1' });
    const { body, signature } = fake.sign(event, SECRET);
    const now = fake.now();
    expect(verifyDuffelSignature(body, signature, SECRET, now).valid).toBe(true);
    expect(verifyDuffelSignature(body, undefined, SECRET, now)).toEqual({ valid: false, reason: 'missing' });
    expect(verifyDuffelSignature(body, 'v1=abc', SECRET, now)).toEqual({ valid: false, reason: 'malformed' });
    expect(verifyDuffelSignature(body, signature.slice(0, -2), SECRET, now)).toEqual({ valid: false, reason: 'mismatch' });
    expect(verifyDuffelSignature(body, signature, SECRET, now + 301_000)).toEqual({ valid: false, reason: 'stale' });
    expect(verifyDuffelSignature(body, signature, SECRET, now + 299_000).valid).toBe(true);
    const old = fake.sign(event, SECRET, { timestamp: Math.floor(now / 1000) - 3600 });
    expect(verifyDuffelSignature(old.body, old.signature, SECRET, now)).toEqual({ valid: false, reason: 'stale' });
  });

  it('checks events the fake delivers over HTTP: valid, tampered and stale signatures', async () => {
    fake = await startDuffelFake();
    const started = fake;
    const seen: { reason: string; kind: string | null }[] = [];
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const header = req.headers['x-duffel-signature'];
        const check = verifyDuffelSignature(raw, typeof header === 'string' ? header : null, SECRET, started.now());
        seen.push({ reason: check.valid ? 'valid' : check.reason, kind: check.valid ? (parseDuffelEvent(raw)?.kind ?? null) : null });
        res.writeHead(check.valid ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}/api/webhooks/duffel`;
    const event = fake.event('order.airline_initiated_change_detected', { id: 'ord_1', aic_id: 'aic_1' });
    expect(await fake.deliver(url, event, SECRET)).toBe(200);
    expect(await fake.deliver(url, event, SECRET, { tamper: true })).toBe(401);
    expect(await fake.deliver(url, event, SECRET, { timestamp: Math.floor(fake.now() / 1000) - 86_400 })).toBe(401);
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
    expect(seen).toEqual([
      { reason: 'valid', kind: 'airlineChangeDetected' },
      { reason: 'mismatch', kind: null },
      { reason: 'stale', kind: null },
    ]);
  });
});

describe('parseDuffelEvent', () => {
  it('reads each event type Safar acts on, and leaves others as other', async () => {
    fake = await startDuffelFake();
    const parse = (type: string, object: Record<string, unknown>) => parseDuffelEvent(JSON.stringify(fake?.event(type, object)));
    expect(parse('order.airline_initiated_change_detected', { id: 'ord_1', aic_id: 'aic_9' })).toMatchObject({ kind: 'airlineChangeDetected', orderId: 'ord_1', changeId: 'aic_9' });
    expect(parse('order.airline_initiated_change_detected', { id: 'ord_2' })).toMatchObject({ kind: 'airlineChangeDetected', orderId: 'ord_2', changeId: null });
    expect(parse('order.created', { id: 'ord_3' })).toMatchObject({ kind: 'orderCreated', orderId: 'ord_3' });
    expect(parse('order.creation_failed', { id: 'ord_4' })).toMatchObject({ kind: 'orderCreationFailed' });
    expect(parse('air.order.changed', { id: 'ord_5' })).toMatchObject({ kind: 'orderChanged', orderId: 'ord_5' });
    expect(parse('order_cancellation.confirmed', { id: 'ore_1', order_id: 'ord_6' })).toMatchObject({ kind: 'cancellationConfirmed', cancellationId: 'ore_1', orderId: 'ord_6' });
    expect(parse('order_cancellation.created', { id: 'ore_2', order_id: 'ord_6' })).toMatchObject({ kind: 'cancellationCreated' });
    expect(parse('air.payment.succeeded', { id: 'pay_1', order_id: 'ord_7' })).toMatchObject({ kind: 'paymentSucceeded', paymentId: 'pay_1' });
    expect(parse('air.payment.failed', { id: 'pay_2' })).toMatchObject({ kind: 'paymentFailed', orderId: null });
    expect(parse('ping.triggered', {})).toMatchObject({ kind: 'ping' });
    expect(parse('air.airline_credit.created', { id: 'acd_1' })).toMatchObject({ kind: 'other', type: 'air.airline_credit.created' });
    expect(parse('order.airline_initiated_change_detected', {})).toBeNull();
    expect(parseDuffelEvent('not json')).toBeNull();
    expect(parseDuffelEvent('{"id":"x"}')).toBeNull();
  });
});
