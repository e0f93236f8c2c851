import { and, asc, eq, lt, sql } from 'drizzle-orm';
import {
  BOOKING_ERROR_MESSAGES,
  BOOKING_REASONS,
  type BookingView,
  type PaymentConfig,
  type PaymentMethod,
  type PaymentOrder,
  type SandboxPayBody,
  type SandboxPayResult,
} from '../../core/booking';
import type { Clock } from '../../core/clock';
import type { Quote, QuoteQuery } from '../../core/quote';
import type { ChangeAnswer } from '../../core/trip-changes';
import type { ApplyCreditAnswer } from '../../core/credit';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { bookings, payments, webhookEvents } from '../../db/schema';
import { type BookingCatalog, type InventoryListener, applyInventory } from '../booking/catalog';
import { type ConfirmOutcome, type PaymentNotice, confirmPayment } from '../booking/confirm';
import { cancelHold, sweepExpiredHolds } from '../booking/expire';
import { type HoldRequest, type PartyHoldRequest, type TripHoldRequest, createHold, createPartyHold, createTripHold, notBookable } from '../booking/holds';
import type { KeyedAnswer } from '../booking/keyed-answer';
import { chooseFamily } from '../fares/families/options';
import { settleRefunds } from '../booking/refunds';
import { mailGroupConfirmed } from '../companion/confirmed-mail';
import { type ChangeRequestInput, requestChange } from '../changes/changes';
import { createPaymentOrder } from '../payments/orders';
import { CREDIT, spendCredit } from '../credit/ledger';
import type { PaymentProvider } from '../payments/provider';
import { signSandboxWebhook } from '../payments/sandbox';
import { claimSandboxWebhooks, markSandboxWebhooksDelivered, noteSandboxWebhookFailure, sandboxCheckout } from '../payments/sandbox-gateway';
import { type PaymentSettings, selectPaymentProvider } from '../payments/select';
import { parseWebhookEvent, recordIfSettled, recordWebhookEvent } from '../payments/webhook-events';
import { recordRefundWebhook } from '../cancellations/refund-sender';
import { SUPPLIER_ORDER_FAILED } from '../suppliers/bookings';

/**
 * Webhooks are delivered at least once and out of order, so: verify, skip events already
 * processed, settle idempotently (the callback may have won the race), then remember the event
 * id — after processing, so a failure mid-way is redelivered instead of lost.
 *
 * The checkout service: the one place that moves a booking and its money along
 * hold → order → pay → confirm, and ends every payment in exactly one of a confirmed booking
 * or a refund (reconciliation). Routes and jobs call it; it owns provider selection, the
 * sandbox gateway, webhook settlement and the in-memory inventory mirror. Built once per app
 * (`createCheckoutService` in the app's dependencies).
 */

interface CheckoutLogger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
}

interface CheckoutSettings extends PaymentSettings {
  /** Default lifetime of a seat hold. */
  holdMs: number;
  /** Production refuses sandbox payments signed with the public development secret. */
  production: boolean;
  /** True when PAYMENT_SANDBOX_SECRET is configured (not the development default). */
  sandboxSecretConfigured: boolean;
  /** Share of sandbox UPI payments (other than the test handles) that succeed. */
  upiSuccessRate: number;
  /** How long an authorized payment waits for its confirmation before the reconciler settles it (default RECONCILE_AFTER_MS). */
  reconcileAfterMs?: number | undefined;
}

export interface CheckoutDeps {
  db: Db;
  clock: Clock;
  catalog: BookingCatalog;
  /** Search's in-memory seat view, told about every committed inventory change. */
  inventory: InventoryListener;
  logger: CheckoutLogger;
  settings: CheckoutSettings;
  /**
   * Settles a payment of a remote supplier's booking (capture, then the supplier's order); null when the payment is
   * not one, so the world's confirmation runs. Absent with the world supplier (decision 0064).
   */
  supplierPayments?: ((notice: PaymentNotice) => Promise<ConfirmOutcome | null>) | undefined;
}

/** An authorized payment that nobody confirmed within this long is settled by the reconciler (unless configured otherwise). */
export const RECONCILE_AFTER_MS = 30_000;
/** Longest hold anyone may ask for (a group waiting for every share). */
const MAX_HOLD_MS = 24 * 60 * 60_000;

interface OrderRequest {
  bookingId: string;
  /** When given, the booking must be this traveller's (404 otherwise). Share payers are checked by their caller. */
  userId?: string | undefined;
  email: string;
  method: PaymentMethod;
  /** One share of the total, in paise; omitted: everything not yet captured. */
  amountPaise?: number | undefined;
  /** The share this order pays (a group member's id); a share is captured at most once. */
  shareKey?: string | undefined;
}

interface CallbackRequest {
  userId: string;
  /** The caller's Idempotency-Key, recorded with its answer by the confirming transaction. */
  idempotency?: KeyedAnswer | undefined;
  bookingId: string;
  orderId: string;
  paymentId: string;
  signature: string;
  /** A group member's share of the organiser's booking: the order must be this share's (the caller checked the member). */
  shareKey?: string | undefined;
}

interface WebhookDelivery {
  provider: 'razorpay' | 'sandbox';
  rawBody: string;
  signature: string;
  eventId: string;
  /** Name of the header that carried the event id, for the error message. */
  eventHeader?: string;
}

interface ReconcileReport {
  confirmed: number;
  shares: number;
  refunded: number;
  unknown: number;
}

export interface CheckoutService {
  /** The active provider (Razorpay when configured, else the sandbox). */
  readonly provider: PaymentProvider;
  /** Default hold lifetime. */
  readonly holdMs: number;
  /** What the browser needs to open checkout. */
  paymentConfig(): PaymentConfig;
  /**
   * Prices an itinerary for a passenger mix with the hold's own pricing (the catalog's quote
   * from the database rows), so a hold sent with this total meets no price change unless a
   * fare really moved in between. 404 when the itinerary can no longer be booked.
   */
  quote(query: QuoteQuery): Promise<Quote>;
  /** Holds seats for a traveller (re-priced from the database); `holdMs` overrides the default lifetime. */
  hold(request: HoldRequest): Promise<BookingView>;
  /** Holds a whole trip of several journeys as one booking, all seats or none (decision 0062). */
  holdTrip(request: TripHoldRequest): Promise<BookingView>;
  /** Holds seats for a party of adults whose details come later (a Travel Companion group); `holdMs` up to MAX_HOLD_MS. */
  holdParty(request: PartyHoldRequest): Promise<BookingView>;
  /**
   * Holds a confirmed booking's change to another flight as a new booking (swapped in at once
   * when nothing is due; otherwise paid through createOrder/confirm like any hold).
   */
  requestChange(request: ChangeRequestInput): Promise<ChangeAnswer>;
  /** Gives a held booking's seats back at once (refunding any share already paid). */
  cancel(userId: string, bookingId: string): Promise<void>;
  /**
   * Spends Safar credit on a held booking (never pre-applied: the traveller asks for it) and
   * settles it like any payment: a share of the total, or the whole of it, which confirms the
   * booking without a gateway. A hold that ends unpaid gives the credit back once.
   */
  applyCredit(request: { userId: string; bookingId: string; amountPaise: number }): Promise<ApplyCreditAnswer>;
  /** A provider order for the rest due on a held booking, or for one share of it. */
  createOrder(request: OrderRequest): Promise<{ order: PaymentOrder; paymentRowId: string }>;
  /** The sandbox gateway's checkout: authorizes the order and queues its signed webhook. */
  sandboxPay(body: SandboxPayBody): Promise<{ ok: true; result: SandboxPayResult } | { ok: false; message: string }>;
  /** The browser's callback: verifies the signature and settles; throws the contract's errors. */
  confirm(request: CallbackRequest): Promise<BookingView>;
  /** Settles one verified payment (confirm, count a share, or refund) and applies its effects. */
  settle(notice: PaymentNotice): Promise<ConfirmOutcome>;
  /** A provider webhook: verify, dedupe by event id, settle. */
  receiveWebhook(delivery: WebhookDelivery): Promise<{ duplicate: boolean }>;
  /** The sandbox gateway delivering its queued webhooks (a job). */
  deliverSandboxWebhooks(limit?: number): Promise<{ delivered: number; failed: number }>;
  /** Expires dead holds and marks their money for refund (a job). */
  sweepHolds(): Promise<{ expired: number }>;
  /** Authorized payments nobody confirmed: capture-then-confirm on a live hold, else refund (a job). */
  reconcile(limit?: number): Promise<ReconcileReport>;
  /** Sends refunds marked `refunding` (a job; also right after an outcome that needs one). */
  sendRefunds(paymentRowId?: string): Promise<{ refunded: number; failed: number }>;
}

const paymentFailed = (message: string = BOOKING_ERROR_MESSAGES.cardPaymentFailed) => new AppError('bad_request', message, undefined, BOOKING_REASONS.paymentFailed);
/** Why a paid change did not happen: its original booking was cancelled or changed before the payment arrived. */
const CHANGE_ORIGINAL_GONE = 'Your booking was cancelled or changed before this change could be confirmed, so the change did not happen. Your payment for it has been refunded.';
const bookingNotFound = () => new AppError('not_found', 'Booking not found');

/**
 * Builds the checkout service.
 * @example const checkout = createCheckoutService({ db, clock, catalog, inventory, logger, settings })
 */
export function createCheckoutService(deps: CheckoutDeps): CheckoutService {
  const { db, clock, catalog, logger, settings } = deps;
  const provider = selectPaymentProvider(settings, settings);

  /** The provider for taking money: without a configured secret, production's sandbox takes none. */
  function paying(): PaymentProvider {
    if (provider.name === 'sandbox' && settings.production && !settings.sandboxSecretConfigured) {
      throw new AppError('unavailable', 'Payments are not configured on this server yet. Please try again later.');
    }
    return provider;
  }

  async function ownBooking(bookingId: string, userId: string) {
    const [row] = await db.select({ id: bookings.id }).from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)));
    if (!row) throw bookingNotFound();
  }

  async function sendRefunds(paymentRowId?: string) {
    const { refunded, failed } = await settleRefunds(db, clock, provider, paymentRowId ? { paymentRowId } : {});
    return { refunded: refunded.length, failed: failed.length };
  }

  /** Refunds now where possible; a provider outage leaves the rows `refunding` for the sweeper. */
  async function refundNow(rowIds: readonly string[]) {
    for (const id of rowIds) {
      await sendRefunds(id).catch((error: unknown) => {
        // Only our own messages go to the log: a database error's text may carry query parameters.
        logger.warn('refund deferred to the sweeper', { paymentRowId: id, error: error instanceof AppError ? error.message : error instanceof Error ? error.name : 'unknown' });
      });
    }
  }

  async function settle(notice: PaymentNotice, keyed?: KeyedAnswer): Promise<ConfirmOutcome> {
    // A remote supplier's booking settles on its own path (decision 0064); absent with the world supplier.
    const own = deps.supplierPayments ? await deps.supplierPayments(notice) : null;
    if (own) {
      if (own.kind === 'refund') await refundNow(own.refundRows);
      return own;
    }
    const outcome = await confirmPayment(db, clock, catalog, notice, keyed, { sharesComplete: mailGroupConfirmed });
    if (outcome.kind === 'confirmed' || outcome.kind === 'refund') applyInventory(deps.inventory, outcome.inventory);
    if (outcome.kind === 'refund') await refundNow(outcome.refundRows);
    return outcome;
  }

  const service: CheckoutService = {
    provider,
    holdMs: settings.holdMs,

    paymentConfig() {
      const body: PaymentConfig = { provider: provider.name, providerName: provider.displayName, upiEnabled: true };
      if (provider.publicKeyId) body.razorpayKeyId = provider.publicKeyId;
      return body;
    },

    async quote({ itineraryId, adults, children, infants, fareFamily }) {
      const quoted = await catalog.quote(db, itineraryId, { adults, children, infants }, clock.now());
      if (!quoted) throw notBookable();
      const chosen = chooseFamily(quoted.families, fareFamily);
      return {
        itineraryId: quoted.itinerary.id,
        passengers: { adults, children, infants },
        price: chosen.price,
        fareFamily: chosen.option.id,
        families: quoted.families.map((f) => f.option),
        breakdown: chosen.fares,
        seatsLeft: quoted.itinerary.seatsLeft,
        enoughSeats: quoted.seatsAvailable >= adults + children,
      };
    },

    async hold(request) {
      const holdMs = request.holdMs ?? settings.holdMs;
      if (!Number.isSafeInteger(holdMs) || holdMs < 1_000 || holdMs > MAX_HOLD_MS) throw new Error(`hold lifetime out of range: ${holdMs} ms`);
      const { booking, inventory } = await createHold(db, clock, catalog, { ...request, holdMs });
      applyInventory(deps.inventory, inventory);
      return booking;
    },

    async holdTrip(request) {
      const holdMs = request.holdMs ?? settings.holdMs;
      if (!Number.isSafeInteger(holdMs) || holdMs < 1_000 || holdMs > MAX_HOLD_MS) throw new Error(`hold lifetime out of range: ${holdMs} ms`);
      const { booking, inventory } = await createTripHold(db, clock, catalog, { ...request, holdMs });
      applyInventory(deps.inventory, inventory);
      return booking;
    },

    async holdParty(request) {
      if (!Number.isSafeInteger(request.holdMs) || request.holdMs < 1_000 || request.holdMs > MAX_HOLD_MS) throw new Error(`hold lifetime out of range: ${request.holdMs} ms`);
      const { booking, inventory } = await createPartyHold(db, clock, catalog, request);
      applyInventory(deps.inventory, inventory);
      return booking;
    },

    async requestChange(request) {
      const { answer, inventory } = await requestChange({ db, clock, catalog, holdMs: settings.holdMs }, request);
      applyInventory(deps.inventory, inventory);
      return answer;
    },

    async cancel(userId, bookingId) {
      const { inventory, refunds } = await cancelHold(db, clock, bookingId, userId);
      applyInventory(deps.inventory, inventory);
      await refundNow(refunds);
    },

    async applyCredit(request) {
      const spend = await spendCredit(db, clock, request);
      const outcome = await settle({ provider: CREDIT, orderId: spend.orderId, paymentId: spend.paymentId, expect: { bookingId: request.bookingId, userId: request.userId } });
      const answer = (booking: BookingView, duePaise: number): ApplyCreditAnswer => ({ booking, appliedPaise: spend.amountPaise, duePaise, balancePaise: spend.balancePaise });
      switch (outcome.kind) {
        case 'confirmed':
        case 'already-confirmed':
          return answer(outcome.booking, 0);
        case 'share-captured':
          return answer(outcome.booking, outcome.duePaise);
        case 'refund':
          // The hold ended meanwhile: the credit went back to the ledger.
          throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpired, undefined, BOOKING_REASONS.holdExpired);
        case 'unknown-order':
          throw bookingNotFound();
      }
    },

    async createOrder(request) {
      return createPaymentOrder(db, clock, paying(), request);
    },

    async sandboxPay(body) {
      if (paying().name !== 'sandbox') throw new AppError('not_found', 'The sandbox gateway is off: this server uses Razorpay.');
      const attempt = await sandboxCheckout(db, clock, { secret: settings.sandboxSecret, upiSuccessRate: settings.upiSuccessRate }, body);
      if (attempt.kind === 'unknown-order') throw new AppError('not_found', 'Unknown order', { orderId: 'Unknown order' });
      if (attempt.kind === 'already-paid') throw new AppError('conflict', 'This order has already been paid.');
      if (attempt.kind === 'declined') return { ok: false, message: attempt.message };
      return { ok: true, result: attempt.result };
    },

    async confirm(request) {
      const active = paying();
      // A share payer is not the booking's traveller: their caller checked the member instead.
      const mustOwn = async () => {
        if (request.shareKey === undefined) await ownBooking(request.bookingId, request.userId);
      };
      if (!active.verifyPayment(request)) {
        // Another traveller's booking is a 404 whatever the signature.
        await mustOwn();
        throw paymentFailed();
      }
      const outcome = await settle(
        {
          provider: active.name,
          orderId: request.orderId,
          paymentId: request.paymentId,
          expect: request.shareKey === undefined ? { bookingId: request.bookingId, userId: request.userId } : { bookingId: request.bookingId, shareKey: request.shareKey },
        },
        request.idempotency,
      );
      switch (outcome.kind) {
        case 'confirmed':
        case 'already-confirmed':
        case 'share-captured':
          return outcome.booking;
        case 'unknown-order':
          // Not this traveller's booking, or an order of another booking: 404, as for any other booking.
          await mustOwn();
          throw paymentFailed();
        case 'refund':
          if (outcome.why === 'hold-expired') throw new AppError('conflict', BOOKING_ERROR_MESSAGES.holdExpiredRefunded, undefined, BOOKING_REASONS.holdExpired);
          if (outcome.why === 'duplicate-payment') throw new AppError('conflict', 'This booking was already paid. This second payment has been refunded.');
          if (outcome.why === 'original-changed') throw new AppError('conflict', CHANGE_ORIGINAL_GONE);
          if (outcome.why === 'supplier-refused') throw new AppError('conflict', SUPPLIER_ORDER_FAILED, undefined, 'supplierRefused');
          throw paymentFailed('The amount paid does not match the booking. Your payment has been refunded.');
      }
    },

    settle,

    async receiveWebhook(delivery) {
      const active = paying();
      if (active.name !== delivery.provider) throw new AppError('not_found', `No ${delivery.provider} webhooks here: this server uses ${active.displayName}.`);
      if (!delivery.signature || !active.verifyWebhook(delivery.rawBody, delivery.signature)) throw new AppError('bad_request', 'Invalid webhook signature');
      if (!/^[A-Za-z0-9_.:-]{1,100}$/.test(delivery.eventId)) throw new AppError('bad_request', `Missing or invalid ${delivery.eventHeader ?? 'event id'} header`);
      const event = parseWebhookEvent(delivery.eventId, delivery.rawBody);
      if (!event) throw new AppError('bad_request', 'Unreadable webhook body');
      const recorded = { provider: active.name, eventId: delivery.eventId };
      if (event.kind === 'captured' && event.orderId && event.paymentId) {
        // Usually the browser's callback confirmed the booking first: then recording the event is all there is to do.
        const state = await recordIfSettled(db, { ...recorded, orderId: event.orderId, paymentId: event.paymentId, now: clock.now() });
        if (state !== 'open') return { duplicate: state === 'seen' };
        const outcome = await settle({ provider: active.name, orderId: event.orderId, paymentId: event.paymentId, amountPaise: event.amountPaise });
        if (outcome.kind === 'unknown-order') logger.warn('webhook for an unknown order', { provider: active.name, orderId: event.orderId, eventId: delivery.eventId });
        // Recorded after processing: a crash mid-way is redelivered by the provider rather than lost.
        await recordWebhookEvent(db, { ...recorded, now: clock.now() });
        return { duplicate: false };
      }
      const seenBefore = async () =>
        (await db
          .select({ id: webhookEvents.eventId })
          .from(webhookEvents)
          .where(and(eq(webhookEvents.provider, active.name), eq(webhookEvents.eventId, delivery.eventId)))).length > 0;
      if ((event.kind === 'refund-processed' || event.kind === 'refund-failed') && event.refundId) {
        // The refund tracker moves when the provider says so, not only at the next poll.
        if (await seenBefore()) return { duplicate: true };
        await recordRefundWebhook(db, clock.now(), { provider: active.name, refundId: event.refundId, state: event.kind === 'refund-processed' ? 'processed' : 'failed' });
        await recordWebhookEvent(db, { ...recorded, now: clock.now() });
        return { duplicate: false };
      }
      if (event.kind === 'failed' && event.orderId) {
        if (await seenBefore()) return { duplicate: true };
        await db
          .update(payments)
          .set({ failureReason: (event.failureReason ?? 'payment failed').slice(0, 500), updatedAt: clock.now() })
          .where(and(eq(payments.provider, active.name), eq(payments.providerOrderId, event.orderId), eq(payments.status, 'created')));
        await recordWebhookEvent(db, { ...recorded, now: clock.now() });
        return { duplicate: false };
      }
      // Nothing to process: recording the event tells whether it was seen before.
      return { duplicate: !(await recordWebhookEvent(db, { ...recorded, now: clock.now() })) };
    },

    async deliverSandboxWebhooks(limit = 100) {
      if (provider.name !== 'sandbox') return { delivered: 0, failed: 0 };
      const due = await claimSandboxWebhooks(db, clock, limit);
      const delivered: string[] = [];
      let failed = 0;
      for (const hook of due) {
        try {
          await service.receiveWebhook({ provider: 'sandbox', rawBody: hook.body, signature: signSandboxWebhook(settings.sandboxSecret, hook.body), eventId: hook.eventId });
          delivered.push(hook.id);
        } catch (error) {
          failed += 1;
          await noteSandboxWebhookFailure(db, hook.id, error instanceof AppError ? error.message : error instanceof Error ? error.name : 'unknown');
        }
      }
      await markSandboxWebhooksDelivered(db, delivered);
      return { delivered: delivered.length, failed };
    },

    async sweepHolds() {
      let expired = 0;
      for (let batch = 0; batch < 20; batch += 1) {
        const swept = await sweepExpiredHolds(db, clock);
        applyInventory(deps.inventory, swept.inventory);
        expired += swept.expired.length;
        if (swept.expired.length < 100) break;
      }
      return { expired };
    },

    async reconcile(limit = 50) {
      const report: ReconcileReport = { confirmed: 0, shares: 0, refunded: 0, unknown: 0 };
      const stale = await db
        .select({ provider: payments.provider, orderId: payments.providerOrderId, paymentId: payments.providerPaymentId })
        .from(payments)
        .where(and(eq(payments.status, 'authorized'), lt(payments.updatedAt, new Date(clock.now().getTime() - (settings.reconcileAfterMs ?? RECONCILE_AFTER_MS)))))
        .orderBy(asc(payments.updatedAt))
        .limit(limit);
      for (const row of stale) {
        // Safar credit's own payments settle here whatever the gateway.
        if (!row.paymentId || (row.provider !== provider.name && row.provider !== CREDIT)) {
          report.unknown += 1;
          continue;
        }
        // The gateway already holds the money (authorized); settling captures it for a live hold
        // and confirms, or marks it for refund when the hold is gone. Both are idempotent.
        const outcome = await settle({ provider: row.provider, orderId: row.orderId, paymentId: row.paymentId });
        if (outcome.kind === 'confirmed' || outcome.kind === 'already-confirmed') report.confirmed += 1;
        else if (outcome.kind === 'share-captured') report.shares += 1;
        else if (outcome.kind === 'refund') report.refunded += 1;
        else report.unknown += 1;
      }
      if (stale.length > 0) logger.info('payments reconciled', { ...report });
      return report;
    },

    sendRefunds,
  };
  return service;
}

/** Counts money in flight: payments authorized or refunding (for health checks and tests). */
export async function moneyInFlight(db: Db): Promise<{ authorized: number; refunding: number }> {
  const rows = await db
    .select({ status: payments.status, n: sql<number>`count(*)::int` })
    .from(payments)
    .where(sql`${payments.status} in ('authorized', 'refunding')`)
    .groupBy(payments.status);
  return { authorized: Number(rows.find((r) => r.status === 'authorized')?.n ?? 0), refunding: Number(rows.find((r) => r.status === 'refunding')?.n ?? 0) };
}
