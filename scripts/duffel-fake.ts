// The contract fake of Duffel's API (tests/support/duffel-fake/) as a standalone loopback server, for
// `npm run dev:duffel-fake` and the browser project `duffel`:
//
//   node --import tsx scripts/duffel-fake.ts --port 4010 \
//     --webhook-url http://127.0.0.1:3000/api/suppliers/duffel/webhooks --webhook-secret <secret>
//
// Prints `duffel-fake ready <url>` once it listens. Its clock follows real time (offers expire 30 min
// after they are made, as the app sees them); /_fake/advance moves it further.
//
// Loopback controls (JSON in and out; not part of Duffel's API, no token needed):
//   GET  /_fake/health                     → { ready: true, url, token, now }
//   GET  /_fake/orders                     → { orders: [{ id, booking_reference, total_amount, total_currency, metadata, slice_count, services }] }
//   POST /_fake/airline-change             { orderId? | bookingReference?, minutes = 90, tamper? } → the change, and the
//                                          webhook `order.airline_initiated_change_detected` delivered (signed) to --webhook-url
//   POST /_fake/fail-next-order            { code: 'order_not_created' | 'internal_server_error' }
//   POST /_fake/reprice-order              { orderId? | bookingReference?, totalMinor }
//   POST /_fake/sell-out                   { offerId }  (a Safar itinerary id `duffel-<offerId>` is accepted too)
//   POST /_fake/rate-limit                 { count = 1, resetSeconds = 30 }
//   POST /_fake/fail-next                  { status, type, code, count = 1 }
//   POST /_fake/delay-next                 { ms }   (the next API request answers after ms of real time)
//   POST /_fake/advance                    { ms }   (moves the fake's clock)
//   POST /_fake/change-pay-back            { to: 'voucher' | 'original_form_of_payment' }  (how change offers to a
//                                          cheaper flight pay the difference back; a voucher until told otherwise)
// With no order named, the controls act on the newest order.
import { parseArgs } from 'node:util';
import { startDuffelFake, type DuffelFake, type FakeOrder } from '../tests/support/duffel-fake/server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4010' },
    token: { type: 'string', default: 'duffel_test_contractfake0000000000' },
    'webhook-url': { type: 'string', default: 'http://127.0.0.1:3000/api/suppliers/duffel/webhooks' },
    'webhook-secret': { type: 'string', default: 'duffel-fake-webhook-secret' },
    currency: { type: 'string', default: 'GBP' },
    seed: { type: 'string', default: '20261126' },
  },
});

const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`--port must be a port number (1-65535), not ${values.port}\n`);
  process.exit(1);
}
const webhookUrl = values['webhook-url'];
const webhookSecret = values['webhook-secret'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const field = (body: unknown, name: string): unknown => (isRecord(body) ? body[name] : undefined);
const numberField = (body: unknown, name: string, fallback: number): number => {
  const value = field(body, name);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
};
const textField = (body: unknown, name: string): string | undefined => {
  const value = field(body, name);
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};
const problem = (status: number, message: string) => ({ status, body: { error: message } });

/** The running fake, once started (the controls are handed to it before it exists). */
const running: { fake?: DuffelFake } = {};

/** Every order the fake holds, oldest first, read through its own API. */
async function allOrders(): Promise<FakeOrder[]> {
  const fake = running.fake;
  if (!fake) return [];
  const found: FakeOrder[] = [];
  let after: string | null = null;
  do {
    const query: string = after ? `&after=${encodeURIComponent(after)}` : '';
    const response = await fetch(`${fake.url}/air/orders?limit=200${query}`, { headers: { authorization: `Bearer ${fake.token}`, 'duffel-version': 'v2', accept: 'application/json' } });
    const page = (await response.json()) as { data: FakeOrder[]; meta: { after: string | null } };
    found.push(...page.data);
    after = page.meta.after;
  } while (after);
  return found;
}

/** The order a control names by `orderId` or `bookingReference`, else the newest. */
async function namedOrder(body: unknown): Promise<FakeOrder | undefined> {
  const orders = await allOrders();
  const orderId = textField(body, 'orderId');
  const reference = textField(body, 'bookingReference');
  if (orderId) return orders.find((o) => o.id === orderId);
  if (reference) return orders.find((o) => o.booking_reference === reference);
  return orders.at(-1);
}

async function control(request: { method: string; path: string; body: unknown }): Promise<{ status: number; body: unknown }> {
  const fake = running.fake;
  if (!fake) return problem(503, 'starting');
  const { method, path, body } = request;
  switch (`${method} ${path}`) {
    case 'GET /_fake/health':
      return { status: 200, body: { ready: true, url: fake.url, token: fake.token, now: new Date(fake.now()).toISOString() } };
    case 'GET /_fake/orders':
      return { status: 200, body: { orders: (await allOrders()).map((o) => ({ id: o.id, booking_reference: o.booking_reference, total_amount: o.total_amount, total_currency: o.total_currency, metadata: o.metadata, slice_count: o.slices.length, services: o.services })) } };
    case 'POST /_fake/airline-change': {
      const order = await namedOrder(body);
      if (!order) return problem(404, 'no such order');
      const { change, event } = fake.airlineChange(order.id, numberField(body, 'minutes', 90));
      const delivered = await fake.deliver(webhookUrl, event, webhookSecret, { tamper: field(body, 'tamper') === true }).catch((error: unknown) => `not delivered: ${String(error)}`);
      return { status: 200, body: { change, event, delivered } };
    }
    case 'POST /_fake/fail-next-order': {
      const code = field(body, 'code');
      if (code !== 'order_not_created' && code !== 'internal_server_error') return problem(400, 'code must be order_not_created or internal_server_error');
      fake.failNextOrder(code);
      return { status: 200, body: { armed: code } };
    }
    case 'POST /_fake/reprice-order': {
      const order = await namedOrder(body);
      if (!order) return problem(404, 'no such order');
      const totalMinor = numberField(body, 'totalMinor', Number.NaN);
      if (!Number.isInteger(totalMinor) || totalMinor < 0) return problem(400, 'totalMinor must be a whole number of minor units');
      fake.repriceOrder(order.id, totalMinor);
      return { status: 200, body: { orderId: order.id, totalMinor } };
    }
    case 'POST /_fake/sell-out': {
      const offerId = textField(body, 'offerId')?.replace(/^duffel-/, '');
      if (!offerId) return problem(400, 'offerId is required');
      fake.sellOut(offerId);
      return { status: 200, body: { offerId } };
    }
    case 'POST /_fake/rate-limit':
      fake.rateLimitNext(numberField(body, 'count', 1), numberField(body, 'resetSeconds', 30));
      return { status: 200, body: { armed: true } };
    case 'POST /_fake/fail-next': {
      const status = numberField(body, 'status', 503);
      const type = textField(body, 'type') ?? 'api_error';
      const code = textField(body, 'code') ?? 'service_unavailable';
      fake.failNext({ status, type, code }, numberField(body, 'count', 1));
      return { status: 200, body: { armed: { status, type, code } } };
    }
    case 'POST /_fake/delay-next':
      fake.delayNext(numberField(body, 'ms', 0));
      return { status: 200, body: { armed: true } };
    case 'POST /_fake/advance':
      fake.advance(numberField(body, 'ms', 0));
      return { status: 200, body: { now: new Date(fake.now()).toISOString() } };
    case 'POST /_fake/change-pay-back': {
      const to = field(body, 'to');
      if (to !== 'voucher' && to !== 'original_form_of_payment') return problem(400, 'to must be voucher or original_form_of_payment');
      fake.payBackChanges(to);
      return { status: 200, body: { to } };
    }
    default:
      return problem(404, `no control ${method} ${path}`);
  }
}

const started = await startDuffelFake({ port, token: values.token, currency: values.currency, seed: Number(values.seed), now: Date.now(), control });
running.fake = started;
// The fake's clock keeps up with real time (and stays ahead once /_fake/advance moved it).
setInterval(() => {
  const behind = Date.now() - started.now();
  if (behind > 0) started.advance(behind);
}, 1000).unref();

process.stdout.write(`duffel-fake ready ${started.url} (webhooks to ${webhookUrl})\n`);
const stop = () => {
  void started.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
