import { expect } from 'vitest';
import { createFixedClock } from '../../src/core/clock';
import type { Db } from '../../src/db/client';
import { sendCancellationRefunds } from '../../src/domain/cancellations/refund-sender';
import { createSandboxProvider } from '../../src/domain/payments/sandbox';
import { DEV_SANDBOX_SECRET } from '../../src/server/config';
import { type CrashRun, FAST_BOOKING_ENV, audit, buildServer, crashUnderLoad, readBooks, serverProcess, sleep, waitForHoldsToSettle } from './harness';

/** Kill -9 count per database, travellers booking at once, and how long the load runs between kills. */
const CRASH_SETTINGS = { crashes: 3, travellers: 8, loadMs: [1_500, 3_000] as [number, number], tailMs: 2_000 };

/**
 * The whole crash run on one database: start, book under load with `crashes` kill -9s, let holds
 * lapse and money settle, then audit the database. `read` opens the database for the audit
 * (after the server stopped, so PGlite's one-process lock is free).
 */
export async function runCrashSuite(options: { name: string; port: number; env: Record<string, string>; read: <T>(use: (db: Db) => Promise<T>) => Promise<T> }) {
  const bundle = await buildServer(`crash-build-${options.name}-${process.pid}`);
  const server = serverProcess(bundle.entry, options.port, { ...FAST_BOOKING_ENV, ...options.env });
  try {
    const firstStartMs = await server.start();
    const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const started = performance.now();
    const run: CrashRun = await crashUnderLoad(server, { ...CRASH_SETTINGS, date });
    // Every hold ends (confirmed, or lapsed and swept), then the reconciler gets its window to
    // settle payments nobody confirmed and to send their refunds.
    await waitForHoldsToSettle(server.origin, run.travellerCookies, 120_000);
    await sleep((Number(FAST_BOOKING_ENV.PAYMENT_RECONCILE_AFTER_SECONDS) + 3 * Number(FAST_BOOKING_ENV.PAYMENT_RECONCILE_SECONDS)) * 1000 + 2_000);
    const loadMs = performance.now() - started;
    await server.stop();
    // A refund whose sending a kill cut off is leased for a minute, then retried: run that retry now (the clock past the lease).
    const books = await options.read(async (db) => {
      const later = createFixedClock(new Date(Date.now() + 5 * 60_000).toISOString());
      await sendCancellationRefunds(db, later, createSandboxProvider({ secret: DEV_SANDBOX_SECRET }), { limit: 10_000 });
      return readBooks(db);
    });
    const result = audit(run, books);
    const retryMs = run.report.retries.map((r) => r.msAfterRestart);
    const figures = {
      database: options.name,
      crashes: run.crashes,
      acknowledgedBookings: result.acknowledgedBookings,
      acknowledgedHolds: result.acknowledgedHolds,
      lost: result.lostConfirmed.length + result.lostHolds.length,
      confirmedInDb: result.confirmedInDb,
      abandonedAfterPaying: run.report.abandonedPaid.size,
      holdExpiredRefunds: run.report.expiredAcks.size,
      refundedPayments: result.refunded,
      cancellationsAcknowledged: run.report.cancelledAcks.size,
      cancellationsInDb: result.cancellations,
      refundRows: result.refundRows,
      changesAcknowledged: run.report.changedAcks.size,
      changesInDb: result.changes,
      changesSwapped: result.changesSwapped,
      unpaidChanges: run.report.unpaidChanges.size,
      cutOffRequests: run.report.cutOff,
      retriesWithSameKey: run.report.retries.length,
      retryMaxMsAfterRestart: retryMs.length > 0 ? Math.round(Math.max(...retryMs)) : 0,
      firstStartMs: Math.round(firstStartMs),
      restartMs: run.restartMs.map(Math.round),
      loadAndSettleMs: Math.round(loadMs),
    };
    console.log(`crash suite ${JSON.stringify(figures)}`);

    expect(run.report.unexpected, 'answers no traveller should get').toEqual([]);
    expect(result.acknowledgedBookings, 'the load confirmed bookings').toBeGreaterThan(0);
    expect(result.lostConfirmed, 'acknowledged confirmations missing or not confirmed').toEqual([]);
    expect(result.lostHolds, 'acknowledged holds missing').toEqual([]);
    expect(result.unbalanced, 'inventory rows that do not add up or disagree with the bookings').toEqual([]);
    expect(result.stillHeld, 'holds never swept').toEqual([]);
    expect(result.inFlight, 'payments left authorized or refunding').toEqual([]);
    expect(result.keptWithoutBooking, 'money kept without a confirmed booking').toEqual([]);
    expect(result.unpaidConfirmed, 'confirmed bookings not paid in full').toEqual([]);
    expect(result.seatClashes, 'a seat given twice').toBe(0);
    expect(run.report.cancelledAcks.size, 'the load cancelled passengers').toBeGreaterThan(0);
    expect(result.lostCancellations, 'acknowledged cancellations missing').toEqual([]);
    expect(result.refundMismatches, 'cancellations whose refund rows do not add up').toEqual([]);
    expect(result.refundsOpen, 'refunds never completed').toEqual([]);
    expect(result.refundsSentTwice, 'a provider refund recorded twice').toBe(0);
    expect(result.overRefunded, 'payments refunded beyond their amount').toEqual([]);
    expect(result.creditEntries, 'the load refunded to Safar credit').toBeGreaterThan(0);
    expect(result.creditMismatches, 'Safar credit added twice, lost, or below zero').toEqual([]);
    expect(run.report.changedAcks.size, 'the load changed bookings').toBeGreaterThan(0);
    expect(result.halfChanges, 'changes not swapped completely or left half done').toEqual([]);
    expect(result.lostChanges, 'acknowledged changes missing').toEqual([]);
    expect(result.unpaidChangesSwapped, 'unpaid changes swapped').toEqual([]);
    expect(result.changeRefundMismatches, 'changes whose lower fare refund does not add up').toEqual([]);
    expect(result.segmentMismatches, 'bookings whose seats disagree with the passengers still travelling').toEqual([]);
    // Every request cut off by a crash got a final answer to its retry with the same key.
    expect(run.report.retries.every((r) => r.status < 500)).toBe(true);
    return figures;
  } finally {
    await server.kill();
    await bundle.remove();
  }
}
