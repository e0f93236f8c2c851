import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { ALERT_MESSAGES, type AlertView, type CreateAlertBody, MAX_ALERT_RANGE_DAYS, triggeredBanner } from '../../core/alerts';
import type { Clock } from '../../core/clock';
import { AppError } from '../../core/errors';
import { SEARCH_MESSAGES } from '../../core/search-options';
import type { Db } from '../../db/client';
import { priceAlerts } from '../../db/schema';
import type { Tx } from '../booking/catalog';
import { notify } from '../notifications/notify';
import { queuePush } from '../notifications/push-queue';
import { dayNumber, indiaToday } from '../world/time';
import type { World } from '../world/world';
import { daysAheadBand, routeHistory, verdictFor } from './verdict';

/** Who owns alerts: a signed-in traveller, or a browser holding an owner token (its SHA-256 here). */
export type AlertOwner = { userId: string; email: string } | { tokenHash: string };

type AlertRow = typeof priceAlerts.$inferSelect;

const ownedBy = (owner: AlertOwner) => ('userId' in owner ? eq(priceAlerts.userId, owner.userId) : and(eq(priceAlerts.ownerTokenHash, owner.tokenHash), isNull(priceAlerts.userId)));

/** "4,210" — rupees with Indian digit grouping. */
const rupees = (amount: number) => amount.toLocaleString('en-IN');

/** The results page for an alert's first open date (a round trip's with its return day), where the traveller can book. */
function alertResultsPath(row: Pick<AlertRow, 'from' | 'to' | 'dateFrom' | 'returnDate' | 'cabin' | 'adults' | 'children' | 'infants'>): string {
  const params = new URLSearchParams({
    from: row.from,
    to: row.to,
    date: row.dateFrom,
    cabin: row.cabin,
    adults: String(row.adults),
    children: String(row.children),
    infants: String(row.infants),
  });
  if (row.returnDate !== null) {
    params.set('tripType', 'roundTrip');
    params.set('returnDate', row.returnDate);
  }
  return `/result?${params.toString()}`;
}

/** "DEL → BOM, 2026-12-10, 1 traveller"; a round trip "DEL → BOM, 2026-12-10, returning 2026-12-14, 1 traveller". */
function describeTrip(row: Pick<AlertRow, 'from' | 'to' | 'dateFrom' | 'dateTo' | 'returnDate' | 'adults' | 'children' | 'infants'>): string {
  const dates = row.dateFrom === row.dateTo ? row.dateFrom : `${row.dateFrom} to ${row.dateTo}`;
  const back = row.returnDate === null ? '' : `, returning ${row.returnDate}`;
  const people = row.adults + row.children + row.infants;
  return `${row.from} → ${row.to}, ${dates}${back}, ${people} traveller${people === 1 ? '' : 's'}`;
}

/**
 * The view the browser gets; the verdict compares the latest adult fare with the route's history.
 * @example toAlertView(row, verdict)
 */
function toAlertView(row: AlertRow, verdict: AlertView['verdict']): AlertView {
  return {
    id: row.id,
    from: row.from,
    to: row.to,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    returnDate: row.returnDate,
    cabin: row.cabin,
    adults: row.adults,
    children: row.children,
    infants: row.infants,
    targetPrice: row.targetPrice,
    currentPrice: row.currentPrice,
    priceSeenAt: row.currentPriceSeenAt ? row.currentPriceSeenAt.toISOString() : null,
    email: row.email,
    emailConfirmed: row.emailConfirmedAt !== null,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    triggered: row.triggered,
    triggeredPrice: row.triggeredPrice,
    triggeredAt: row.triggeredAt ? row.triggeredAt.toISOString() : null,
    lastCheckedAt: row.lastCheckedAt ? row.lastCheckedAt.toISOString() : null,
    priceHistory: row.priceHistory,
    verdict,
  };
}

async function withVerdict(db: Db, row: AlertRow, today: string): Promise<AlertView> {
  const history = await routeHistory(db, row, daysAheadBand(row.dateFrom < today ? today : row.dateFrom, today), today);
  return toAlertView(row, verdictFor(history, row.currentAdultFare));
}

export interface CreateAlertInput extends Omit<CreateAlertBody, 'from' | 'to'> {
  /** Airport codes, already resolved from what the traveller typed. */
  from: string;
  to: string;
}

/**
 * Creates an alert for its owner. Mail to an address that is not the signed-in traveller's own
 * waits for confirmation: a confirmation message (with the browser's secret manage link for an
 * owner without an account) is queued in the same transaction.
 * @example await createAlert(db, clock, world, { tokenHash }, body, { ownerToken })
 */
export async function createAlert(db: Db, clock: Clock, world: World, owner: AlertOwner, input: CreateAlertInput, extra: { ownerToken?: string } = {}): Promise<AlertView> {
  const now = clock.now();
  const today = indiaToday(now);
  const dateTo = input.dateTo ?? input.dateFrom;
  const fields: Record<string, string> = {};
  if (input.dateFrom < today) fields.dateFrom = 'Choose a date from today on';
  else if (input.dateFrom > world.lastSaleDate(today)) fields.dateFrom = `Flights are on sale up to ${world.horizonDays} days ahead`;
  if (dayNumber(dateTo) - dayNumber(input.dateFrom) + 1 > MAX_ALERT_RANGE_DAYS) fields.dateTo = `Choose at most ${MAX_ALERT_RANGE_DAYS} days`;
  const returnDate = input.returnDate ?? null;
  if (returnDate !== null && returnDate < dateTo) fields.returnDate = SEARCH_MESSAGES.returnBeforeDeparture;
  else if (returnDate !== null && returnDate > world.lastSaleDate(today)) fields.returnDate = `Flights are on sale up to ${world.horizonDays} days ahead`;
  const first = Object.values(fields)[0];
  if (first) throw new AppError('validation_failed', first, fields);

  const email = input.email.trim().toLowerCase();
  const ownMail = 'userId' in owner && owner.email.toLowerCase() === email;
  const mailToken = randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(priceAlerts)
      .values({
        userId: 'userId' in owner ? owner.userId : null,
        ownerTokenHash: 'tokenHash' in owner ? owner.tokenHash : null,
        from: input.from,
        to: input.to,
        cabin: input.cabin ?? 'economy',
        dateFrom: input.dateFrom,
        dateTo,
        returnDate,
        adults: input.adults ?? 1,
        children: input.children ?? 0,
        infants: input.infants ?? 0,
        targetPrice: input.targetPrice,
        currentPrice: input.currentPrice ?? null,
        email,
        emailConfirmedAt: ownMail ? now : null,
        mailToken,
        nextCheckAt: now,
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    if (!ownMail) await queueConfirmation(tx, clock, row, extra.ownerToken);
    return toAlertView(row, null);
  });
}

async function queueConfirmation(tx: Tx, clock: Clock, row: AlertRow, ownerToken: string | undefined) {
  const links = [{ label: 'Confirm your address', path: `/alerts?confirm=${row.mailToken}` }];
  if (ownerToken) links.push({ label: 'Manage your alerts from any browser (keep this link private)', path: `/alerts?owner=${ownerToken}` });
  await notify(tx, clock, {
    to: { email: row.email },
    kind: 'price-alert',
    title: 'Confirm your Safar price alert',
    body: `Someone (we hope you) asked Safar to email this address when ${describeTrip(row)} drops to ₹${rupees(row.targetPrice)} or less. Nothing is sent until you confirm.`,
    dedupeKey: `alert:${row.id}:confirm`,
    mail: { links, unsubscribePath: `/alerts?unsubscribe=${row.mailToken}`, waitForVerifiedAccount: true },
    push: false,
  });
}

/**
 * The owner's alerts, newest first, each with its verdict.
 * @example await listAlerts(db, clock, { userId, email })
 */
export async function listAlerts(db: Db, clock: Clock, owner: AlertOwner): Promise<AlertView[]> {
  const today = indiaToday(clock.now());
  const rows = await db.select().from(priceAlerts).where(ownedBy(owner)).orderBy(desc(priceAlerts.createdAt), desc(priceAlerts.id)).limit(100);
  return Promise.all(rows.map((row) => withVerdict(db, row, today)));
}

/** Turns an alert on or off (the bell); 404 for anyone else's. Turning it on checks it at the next pass. */
export async function setAlertActive(db: Db, clock: Clock, owner: AlertOwner, id: string, active: boolean): Promise<AlertView> {
  const now = clock.now();
  const [row] = await db
    .update(priceAlerts)
    .set(active ? { active, nextCheckAt: now } : { active })
    .where(and(eq(priceAlerts.id, id), ownedBy(owner)))
    .returning();
  if (!row) throw new AppError('not_found', ALERT_MESSAGES.notFound);
  return withVerdict(db, row, indiaToday(now));
}

/** Deletes an alert; 404 for anyone else's. */
export async function deleteAlert(db: Db, owner: AlertOwner, id: string): Promise<void> {
  const removed = await db.delete(priceAlerts).where(and(eq(priceAlerts.id, id), ownedBy(owner))).returning({ id: priceAlerts.id });
  if (removed.length === 0) throw new AppError('not_found', ALERT_MESSAGES.notFound);
}

/**
 * Confirms an alert's address (double opt-in) from the link in the confirmation message; the
 * owner's other alerts to the same address are confirmed with it.
 */
export async function confirmAlertEmail(db: Db, clock: Clock, token: string): Promise<{ confirmed: number }> {
  const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.mailToken, token));
  if (!row) throw new AppError('not_found', 'This link is not valid any more. The alert may have been deleted.');
  const sameOwner = row.userId ? eq(priceAlerts.userId, row.userId) : eq(priceAlerts.ownerTokenHash, row.ownerTokenHash ?? '');
  const changed = await db
    .update(priceAlerts)
    .set({ emailConfirmedAt: clock.now(), emailUnsubscribedAt: null })
    .where(and(sameOwner, eq(priceAlerts.email, row.email), isNull(priceAlerts.emailConfirmedAt)))
    .returning({ id: priceAlerts.id });
  return { confirmed: changed.length };
}

/** Stops mail for an address from this owner's alerts (the alerts stay, in the app and push). */
export async function unsubscribeAlertEmail(db: Db, clock: Clock, token: string): Promise<{ unsubscribed: number }> {
  const [row] = await db.select().from(priceAlerts).where(eq(priceAlerts.mailToken, token));
  if (!row) throw new AppError('not_found', 'This link is not valid any more. The alert may have been deleted.');
  const sameOwner = row.userId ? eq(priceAlerts.userId, row.userId) : eq(priceAlerts.ownerTokenHash, row.ownerTokenHash ?? '');
  const changed = await db
    .update(priceAlerts)
    .set({ emailUnsubscribedAt: clock.now() })
    .where(and(sameOwner, eq(priceAlerts.email, row.email), isNull(priceAlerts.emailUnsubscribedAt)))
    .returning({ id: priceAlerts.id });
  return { unsubscribed: changed.length };
}

/**
 * Sends the trigger message on every channel the owner has: the in-app notice (signed-in
 * owners), mail (confirmed and not unsubscribed addresses), Web Push (the owner's browsers).
 * Deduplicated per alert and India day, so a repeat can never send twice.
 */
export async function deliverTrigger(tx: Tx, clock: Clock, row: AlertRow, price: number): Promise<void> {
  const today = indiaToday(clock.now());
  const title = triggeredBanner(rupees(price));
  const body = `${describeTrip(row)}: the lowest all-in price is now ₹${rupees(price)} (your target ₹${rupees(row.targetPrice)}). Fares change; book soon if it suits you.`;
  const url = alertResultsPath(row);
  const mailOk = row.emailConfirmedAt !== null && row.emailUnsubscribedAt === null;
  const trip = row.returnDate === null ? `${row.from} → ${row.to}` : `${row.from} → ${row.to} and back (${row.dateFrom} to ${row.returnDate})`;
  const mail = mailOk ? { subject: `Price drop: ${trip} now ₹${rupees(price)}`, unsubscribePath: `/alerts?unsubscribe=${row.mailToken}`, waitForVerifiedAccount: true } : (false as const);
  const dedupeKey = `alert:${row.id}:trigger:${today}`;
  if (row.userId) {
    await notify(tx, clock, { to: { userId: row.userId, email: row.email }, kind: 'price-alert', title, body, url, dedupeKey, mail, data: { alertId: row.id, price } });
    return;
  }
  const created = mail ? (await notify(tx, clock, { to: { email: row.email }, kind: 'price-alert', title, body, url, dedupeKey, mail, push: false })).created : true;
  if (created && row.ownerTokenHash) await queuePush(tx, clock.now(), { alertOwnerHash: row.ownerTokenHash }, { title, body, url, tag: dedupeKey });
}
