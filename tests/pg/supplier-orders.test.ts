import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, payments } from '../../src/db/schema';
import { ordersInFlight, reconcileSupplierOrders, SUPPLIER_ORDER_RECONCILE_AFTER_MS } from '../../src/domain/suppliers/bookings';
import { supplierBookingDeps } from '../../src/server/deps';
import { signUpAndLogin } from '../support/auth';
import { ADULT, confirmBooking, payOrder, postBooking, sandboxPay } from '../support/booking';
import { startDuffelFake, type DuffelFake } from '../support/duffel-fake/server';
import { DUFFEL_APP_NOW, createDuffelApp, duffelSearch } from '../support/duffel-app';
import { TEST_DATABASE_URL, openScratchPostgres } from '../support/postgres';

type Scratch = Awaited<ReturnType<typeof openScratchPostgres>>;
type Node = Awaited<ReturnType<typeof createDuffelApp>>;

// Skipped only where no PostgreSQL is configured; .ci/run fails if this suite did not run.
describe.skipIf(!TEST_DATABASE_URL)('PostgreSQL: Duffel payment and order are one outcome (contract fake)', () => {
  let database: Scratch;
  let fake: DuffelFake;
  let nodes: Node[];
  beforeAll(async () => {
    database = await openScratchPostgres(20);
    fake = await startDuffelFake({ now: Date.parse(DUFFEL_APP_NOW) });
    nodes = [await createDuffelApp({ database, fake }), await createDuffelApp({ database, fake })];
  });
  afterAll(async () => {
    await fake?.close();
    await database?.drop();
  });

  /** Searches, holds the Flex fare of a route and pays it in the sandbox on node 0; returns the confirm answer. */
  async function bookAndPay(from: string, to: string, beforeConfirm: () => void = () => {}) {
    const [node] = nodes;
    if (!node) throw new Error('no node');
    const { cookie } = await signUpAndLogin(node.app);
    const { itineraries } = await duffelSearch(node.app, from, to);
    const it = itineraries.find((i) => i.supplier?.fareBrand === 'Flex') ?? itineraries[0];
    if (!it) throw new Error('no offer');
    const held = await postBooking(node.app, cookie, { itineraryId: it.id, passengers: [ADULT], quotedTotal: it.price.total.total });
    const bookingId = (held.body as { booking: { id: string } }).booking.id;
    const order = await payOrder(node.app, cookie, bookingId);
    const paid = await sandboxPay(node.app, order.orderId);
    beforeConfirm();
    const answer = await confirmBooking(node.app, cookie, bookingId, paid.body);
    return { bookingId, answer };
  }

  const row = async (bookingId: string) => (await database.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];
  const paymentOf = async (bookingId: string) => (await database.db.select().from(payments).where(eq(payments.bookingId, bookingId)))[0];
  const ordersPosted = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/air/orders').length;

  it('order success: payment captured, one order, booking confirmed with the airline reference', async () => {
    const before = ordersPosted();
    const { bookingId, answer } = await bookAndPay('DEL', 'BOM');
    expect(answer.status).toBe(200);
    expect(ordersPosted()).toBe(before + 1);
    expect(await row(bookingId)).toMatchObject({ status: 'confirmed', supplier: 'duffel', supplierOrderState: 'ordered', supplierBookingReference: expect.stringMatching(/^[A-Z0-9]{6}$/) });
    expect(await paymentOf(bookingId)).toMatchObject({ status: 'captured' });
  });

  it('order failure: the booking fails and the payment is refunded through the refund path', async () => {
    const { bookingId, answer } = await bookAndPay('LGW', 'STN');
    expect(answer.status).toBe(409);
    expect(await row(bookingId)).toMatchObject({ status: 'cancelled', supplierOrderState: 'failed' });
    expect(['refunding', 'refunded']).toContain((await paymentOf(bookingId))?.status);
  });

  it('unknown outcome: two runners reconcile at once, exactly one records the order Duffel made; no second order', async () => {
    const { bookingId, answer } = await bookAndPay('DEL', 'BLR', () => fake.failNextOrder('internal_server_error'));
    expect(answer.status).toBe(200);
    expect(await row(bookingId)).toMatchObject({ supplierOrderState: 'ordering' });
    const posted = ordersPosted();
    for (const node of nodes) node.clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1_000);
    const reports = await Promise.all(
      nodes.map((node) => {
        if (node.deps.supplier.id === 'world') throw new Error('not duffel');
        return reconcileSupplierOrders(supplierBookingDeps(node.deps, node.deps.supplier));
      }),
    );
    expect(reports.reduce((n, r) => n + r.ordered, 0)).toBe(1);
    expect(reports.reduce((n, r) => n + r.failed + r.unknown, 0)).toBe(0);
    expect(ordersPosted()).toBe(posted);
    expect(await row(bookingId)).toMatchObject({ status: 'confirmed', supplierOrderState: 'ordered' });
    expect(await ordersInFlight(database.db)).toBe(0);
  });

  it('a crash between payment and order (booking stuck "paid, ordering", no order made) is failed and refunded by the job', async () => {
    const { bookingId } = await bookAndPay('BOM', 'DEL');
    // As if the node died after capturing the payment and before Duffel was asked.
    await database.db.update(bookings).set({ supplierOrderState: 'ordering', supplierOrderId: null, supplierOfferId: 'off_0000neverordered' }).where(eq(bookings.id, bookingId));
    for (const node of nodes) node.clock.advance(SUPPLIER_ORDER_RECONCILE_AFTER_MS + 1_000);
    const [node] = nodes;
    if (!node || node.deps.supplier.id === 'world') throw new Error('not duffel');
    expect(await reconcileSupplierOrders(supplierBookingDeps(node.deps, node.deps.supplier))).toEqual({ ordered: 0, failed: 1, unknown: 0 });
    expect(await row(bookingId)).toMatchObject({ status: 'cancelled', supplierOrderState: 'failed' });
    expect(['refunding', 'refunded']).toContain((await paymentOf(bookingId))?.status);
  });
});
