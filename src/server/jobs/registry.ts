import { authCleanup } from './auth-cleanup';
import { checkInReminders } from './check-in-reminders';
import { disruptionWatch } from './disruptions';
import { supplierChangePoll } from './supplier-changes';
import { demandSimulator, inventoryRefresh } from './demand-simulator';
import { flightWatch } from './flight-watch';
import { holdSweeper } from './hold-sweeper';
import { idempotencyCleanup } from './idempotency-cleanup';
import { outboxMailer } from './outbox-mailer';
import { priceAlertChecker } from './price-alerts';
import { pushSender } from './push-sender';
import { paymentReconciler } from './payment-reconciler';
import { refundSender } from './refund-sender';
import { sandboxWebhooks } from './sandbox-webhooks';
import { supplierCancellations } from './supplier-cancellations';
import { supplierOrders } from './supplier-orders';
import { webhookCleanup } from './webhook-cleanup';
import type { Job } from './runner';

/**
 * Every background job the server runs. Add yours here (one file per job in this folder).
 * main.ts starts them; tests call their `run` directly with their own deps.
 */
export const JOBS: Job[] = [authCleanup, demandSimulator, inventoryRefresh, holdSweeper, outboxMailer, pushSender, priceAlertChecker, paymentReconciler, supplierOrders, refundSender, sandboxWebhooks, flightWatch, disruptionWatch, supplierChangePoll, idempotencyCleanup, webhookCleanup, checkInReminders, supplierCancellations];
