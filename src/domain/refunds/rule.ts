import type { BookingStatus } from '../../core/booking';
import { AppError } from '../../core/errors';
import type {
  ChangeQuote,
  DisplayStatus,
  FareFamily,
  FareLine,
  FeeBand,
  FeeSchedule,
  PassengerLegFare,
  RefundLine,
  RefundQuote,
  RefundReason,
  RefundRule,
  RefundStatus,
} from '../../core/fares';
import { endOfWorkingDaysAfter } from './working-days';
import { bandWords, changeFeeWords, cutoffWords, feeWords, money } from './words';

/**
 * The one refund and change rule: what a cancellation gives back and what a change costs, per
 * passenger and leg, as pure functions of the booking, its fares and the time. The quote screen,
 * the API and the refund itself all call these.
 *
 * Refund of one passenger-leg (its lines: `fare` = base + YQ, `tax`, `safarFee`, `addon`):
 * - Taxes and airport charges (`tax` lines) are always refunded: voluntary, inside the cutoff,
 *   after departure, no-show, "non-refundable" families alike.
 * - The airline cancelled (`airlineCancelled`): everything comes back, Safar's fee and add-ons
 *   included.
 * - No-show (`noShow`) or a cancellation after the leg departed (`departed`): base + YQ are kept,
 *   taxes come back.
 * - Safar's free window (`freeWindow`, Safar's own policy, not the law; the regime is chosen by
 *   the booking date): booked from 26 Mar 2026 (IST), 48 hours after booking when the first
 *   departure is at least 7 days (domestic) / 15 days (any international leg) after booking;
 *   booked before, 24 hours when the first departure is at least 7 days after booking. Inside
 *   it a voluntary cancellation keeps nothing: no airline fee, no Safar fee, add-ons back.
 * - A family whose cancellation is not allowed (`notAllowed`, a "non-refundable" fare) keeps
 *   base + YQ; taxes come back.
 * - Inside the family's cutoff (`insideCutoff`, minutes before departure) base + YQ are kept;
 *   taxes come back.
 * - Otherwise (`schedule`) the airline fee is the family's cancel band for the hours left before
 *   that leg's departure: a fixed amount, a percent of the base fare, or forfeit (all of
 *   base + YQ). A time outside every band takes the nearest band below it (closer to departure),
 *   or the lowest band. An allowed schedule with no bands charges nothing.
 * - The airline fee never exceeds base + YQ of that passenger-leg.
 * - Safar's fee is shown separately and kept only on a voluntary cancellation outside the free
 *   window; then Safar's fee kept + the airline fee never exceed base + YQ (Safar's fee is
 *   reduced first), so it is not kept at all when base + YQ are forfeited.
 * - Add-ons (seat) come back when the airline cancelled or in the free window; otherwise kept.
 * - Per passenger-leg: paid = the sum of its lines; retained = airline fee + Safar's fee kept +
 *   add-ons kept; refund = paid − retained, so refund + retained = paid and the refund never
 *   exceeds what was paid. The quote's totals are the sums of its lines.
 * - The refund is due within 14 working days of the cancellation for a booking made from
 *   26 Mar 2026 (a portal booking under the 2026 rule), 30 working days before (see
 *   working-days.ts for what a working day is).
 *
 * Change of one passenger-leg to another flight:
 * - The change fee is the family's change band for the hours left before the old leg's
 *   departure (a percent is of the old base fare, never above the old base + YQ); nothing
 *   inside Safar's free window, nothing for a family that changes free (an allowed schedule with
 *   no bands, or a zero band).
 * - Not changeable: the leg has departed, the family does not allow changes, the leg is inside its
 *   cutoff, or the change band for the time left is a forfeit band (changes closed then).
 *   `changeQuote` then throws `NotChangeableError` (a 409 with the reason in words), so no caller
 *   can price a change that cannot be made.
 * - Fare difference = total of the new passenger-legs − total of the old ones (same passengers).
 *   Due now = the change fees + the difference when positive. A lower new fare is paid back only
 *   when every old leg's family refunds the difference; otherwise it is not paid back.
 */

export interface RefundLegInput {
  legIndex: number;
  departureUtc: Date;
  international: boolean;
  family: FareFamily;
}

export interface RefundInput {
  bookedAt: Date;
  /** Every leg of the booking (the free window looks at the first departure and any international leg). */
  legs: RefundLegInput[];
  /** The passenger-legs being cancelled (status active). */
  fares: PassengerLegFare[];
  now: Date;
  reason: RefundReason;
}

export interface ChangeInput {
  bookedAt: Date;
  legs: RefundLegInput[];
  /** The passenger-legs being moved (status active). */
  oldFares: PassengerLegFare[];
  /** The same passengers on the new flight, priced now. */
  newFares: PassengerLegFare[];
  now: Date;
}

export type Regime = '2016' | '2026';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** 26 Mar 2026 00:00 IST: bookings from then on follow the 2026 refund rule. */
export const REGIME_2026_FROM = new Date('2026-03-25T18:30:00Z');

/** The rules regime of a booking, chosen by its booking date. */
export function regimeOf(bookedAt: Date): Regime {
  return bookedAt.getTime() >= REGIME_2026_FROM.getTime() ? '2026' : '2016';
}

/**
 * Until when Safar's free window runs, or null when the booking never had it (first departure too
 * soon after booking). 2026 regime: 48 h, departure ≥ 7 days (domestic) / 15 days (international)
 * after booking; 2016 regime: 24 h, departure ≥ 7 days.
 * @example freeWindowUntil(new Date('2026-11-01T06:00Z'), new Date('2026-11-20T06:00Z'), false) // 2026-11-03T06:00Z
 */
export function freeWindowUntil(bookedAt: Date, firstDepartureUtc: Date, international: boolean): Date | null {
  const regime = regimeOf(bookedAt);
  const minLeadDays = regime === '2026' && international ? 15 : 7;
  const windowHours = regime === '2026' ? 48 : 24;
  if (firstDepartureUtc.getTime() - bookedAt.getTime() < minLeadDays * DAY_MS) return null;
  return new Date(bookedAt.getTime() + windowHours * HOUR_MS);
}

/** The date by which a refund must reach the traveller: the end of the 14th (2026) / 30th (2016) working day after `from`. */
export function refundDeadline(regime: Regime, from: Date): Date {
  return endOfWorkingDaysAfter(from, regime === '2026' ? 14 : 30);
}

/** The band of a schedule for a time before departure: the one containing it, else the nearest below it, else the lowest. */
function bandAt(bands: FeeBand[], hoursBefore: number): FeeBand | null {
  const sorted = [...bands].sort((a, b) => a.fromHoursBefore - b.fromHoursBefore);
  const inside = sorted.find((band) => hoursBefore >= band.fromHoursBefore && (band.toHoursBefore === null || hoursBefore < band.toHoursBefore));
  if (inside) return inside;
  const below = sorted.filter((band) => band.fromHoursBefore <= hoursBefore);
  return below.at(-1) ?? sorted[0] ?? null;
}

/**
 * The airline's fee on one passenger-leg for a schedule and the hours left before departure,
 * capped at base + YQ. Not allowed → forfeit (all of base + YQ), band null; allowed with no
 * bands → 0, band null.
 * @example feeFor({ allowed: true, bands: [{ fromHoursBefore: 72, toHoursBefore: null, fee: { kind: 'amount', paise: 399900 } }] }, 100, 450000, 80000) // { feePaise: 399900, forfeit: false, band }
 */
export function feeFor(schedule: FeeSchedule, hoursBefore: number, basePaise: number, yqPaise: number): { feePaise: number; forfeit: boolean; band: FeeBand | null } {
  const cap = basePaise + yqPaise;
  if (!schedule.allowed) return { feePaise: cap, forfeit: true, band: null };
  const band = bandAt(schedule.bands, hoursBefore);
  if (!band) return { feePaise: 0, forfeit: false, band: null };
  const fee = band.fee;
  if (fee.kind === 'forfeit') return { feePaise: cap, forfeit: true, band };
  const raw = fee.kind === 'amount' ? fee.paise : Math.round((basePaise * fee.percent) / 100);
  return { feePaise: Math.min(raw, cap), forfeit: false, band };
}

const sumOf = (lines: FareLine[], keep: (line: FareLine) => boolean) => lines.filter(keep).reduce((sum, line) => sum + line.paise, 0);

/** A passenger-leg's lines summed by what they are. */
function partsOf(fare: PassengerLegFare) {
  const paid = sumOf(fare.lines, () => true);
  if (paid !== fare.totalPaise) throw new Error(`Passenger ${fare.passengerPosition} leg ${fare.legIndex}: lines add up to ${paid} paise, total says ${fare.totalPaise}`);
  return {
    paid,
    base: sumOf(fare.lines, (line) => line.kind === 'fare' && line.code === 'base'),
    yq: sumOf(fare.lines, (line) => line.kind === 'fare' && line.code !== 'base'),
    taxes: sumOf(fare.lines, (line) => line.kind === 'tax'),
    safarFee: sumOf(fare.lines, (line) => line.kind === 'safarFee'),
    addons: sumOf(fare.lines, (line) => line.kind === 'addon'),
  };
}

function legOf(legs: RefundLegInput[], fare: PassengerLegFare): RefundLegInput {
  const leg = legs.find((candidate) => candidate.legIndex === fare.legIndex);
  if (!leg) throw new Error(`Passenger ${fare.passengerPosition}: the booking has no leg ${fare.legIndex}`);
  if (fare.status !== 'active') throw new Error(`Passenger ${fare.passengerPosition} leg ${fare.legIndex} is ${fare.status}, not active`);
  return leg;
}

/** The booking's free window: until when, and whether it applies now. */
function freeWindowOf(bookedAt: Date, legs: RefundLegInput[], now: Date): { until: Date | null; applies: boolean } {
  if (legs.length === 0) return { until: null, applies: false };
  const first = Math.min(...legs.map((leg) => leg.departureUtc.getTime()));
  const until = freeWindowUntil(bookedAt, new Date(first), legs.some((leg) => leg.international));
  return { until, applies: until !== null && now.getTime() < until.getTime() };
}

const FARE_FORFEITED = 'the fare is not refunded; taxes are';

function refundLineOf(fare: PassengerLegFare, leg: RefundLegInput, now: Date, reason: RefundReason, inFreeWindow: boolean): RefundLine {
  const parts = partsOf(fare);
  const farePaise = parts.base + parts.yq;
  const msBefore = leg.departureUtc.getTime() - now.getTime();
  const family = leg.family;

  let rule: RefundRule;
  let airlineFee = 0;
  let words: string;
  if (reason === 'airlineCancelled') {
    rule = 'airlineCancelled';
    words = "The airline cancelled the flight: everything is refunded, Safar's fee and add-ons included";
  } else if (reason === 'noShow') {
    rule = 'noShow';
    airlineFee = farePaise;
    words = `Not flown (no-show): ${FARE_FORFEITED}`;
  } else if (msBefore <= 0) {
    rule = 'departed';
    airlineFee = farePaise;
    words = `The flight has departed: ${FARE_FORFEITED}`;
  } else if (inFreeWindow) {
    rule = 'freeWindow';
    words = "Inside Safar's free cancellation window (Safar's own policy): everything is refunded, no airline or Safar fee";
  } else if (!family.cancel.allowed) {
    rule = 'notAllowed';
    airlineFee = farePaise;
    words = `This fare cannot be cancelled for a refund: ${FARE_FORFEITED}`;
  } else if (msBefore < family.cutoffMinutes * 60_000) {
    rule = 'insideCutoff';
    airlineFee = farePaise;
    words = `Inside ${cutoffWords(family.cutoffMinutes)} of departure: ${FARE_FORFEITED}`;
  } else {
    rule = 'schedule';
    const fee = feeFor(family.cancel, msBefore / HOUR_MS, parts.base, parts.yq);
    airlineFee = fee.feePaise;
    words = `${bandWords(fee.band)}: ${fee.forfeit ? FARE_FORFEITED : feeWords(fee.band, fee.feePaise, parts.base)}`;
  }

  const keepsSafarFee = reason === 'voluntary' && rule !== 'freeWindow';
  const safarFeeKept = keepsSafarFee ? Math.min(parts.safarFee, Math.max(0, farePaise - airlineFee)) : 0;
  const addonsKept = rule === 'airlineCancelled' || rule === 'freeWindow' ? 0 : parts.addons;
  if (parts.safarFee > 0 && keepsSafarFee) {
    if (safarFeeKept === parts.safarFee) words += `; Safar fee ${money(safarFeeKept)} kept`;
    else if (safarFeeKept > 0) words += `; Safar fee ${money(safarFeeKept)} kept of ${money(parts.safarFee)}, so both fees stay within the fare`;
    else words += '; Safar fee refunded';
  }
  if (addonsKept > 0) words += `; add-ons (${money(addonsKept)}) not refunded`;

  const retained = airlineFee + safarFeeKept + addonsKept;
  return {
    passengerPosition: fare.passengerPosition,
    legIndex: fare.legIndex,
    rule,
    paidPaise: parts.paid,
    taxesPaise: parts.taxes,
    farePaise,
    airlineFeePaise: airlineFee,
    safarFeeKeptPaise: safarFeeKept,
    refundPaise: parts.paid - retained,
    retainedPaise: retained,
    explanation: words,
  };
}

/**
 * The refund quote for cancelling some passenger-legs of a booking (see the rule above).
 * @example refundQuote({ bookedAt, legs, fares, now, reason: 'voluntary' }).refundPaise
 */
export function refundQuote(input: RefundInput): RefundQuote {
  const window = freeWindowOf(input.bookedAt, input.legs, input.now);
  const applies = window.applies && input.reason === 'voluntary';
  const lines = input.fares.map((fare) => refundLineOf(fare, legOf(input.legs, fare), input.now, input.reason, applies));
  const total = (pick: (line: RefundLine) => number) => lines.reduce((sum, line) => sum + pick(line), 0);
  const regime = regimeOf(input.bookedAt);
  return {
    lines,
    paidPaise: total((line) => line.paidPaise),
    refundPaise: total((line) => line.refundPaise),
    airlineFeePaise: total((line) => line.airlineFeePaise),
    safarFeeKeptPaise: total((line) => line.safarFeeKeptPaise),
    retainedPaise: total((line) => line.retainedPaise),
    freeWindowUntil: window.until ? window.until.toISOString() : null,
    freeWindowApplies: applies,
    refundDeadline: refundDeadline(regime, input.now).toISOString(),
    regime,
  };
}

/** Why a passenger-leg cannot be changed. */
export type NotChangeableReason = 'notAllowed' | 'insideCutoff' | 'departed' | 'closedBand';

/** A change that cannot be made: a 409 whose message says why in words. */
export class NotChangeableError extends AppError {
  readonly why: NotChangeableReason;
  readonly legIndex: number;

  constructor(why: NotChangeableReason, legIndex: number, message: string) {
    super('conflict', message, undefined, 'not-changeable');
    this.name = 'NotChangeableError';
    this.why = why;
    this.legIndex = legIndex;
  }
}

/**
 * What changing some passenger-legs to another flight costs now (see the rule above). Throws
 * NotChangeableError when a leg cannot be changed.
 */
export function changeQuote(input: ChangeInput): ChangeQuote {
  const window = freeWindowOf(input.bookedAt, input.legs, input.now);
  const lines = input.oldFares.map((fare) => {
    const leg = legOf(input.legs, fare);
    const parts = partsOf(fare);
    const msBefore = leg.departureUtc.getTime() - input.now.getTime();
    const family = leg.family;
    if (msBefore <= 0) throw new NotChangeableError('departed', leg.legIndex, 'This flight has departed and can no longer be changed');
    if (!family.change.allowed) throw new NotChangeableError('notAllowed', leg.legIndex, `The ${family.name} fare cannot be changed`);
    if (msBefore < family.cutoffMinutes * 60_000) {
      throw new NotChangeableError('insideCutoff', leg.legIndex, `Changes close ${cutoffWords(family.cutoffMinutes)} before departure`);
    }
    const fee = feeFor(family.change, msBefore / HOUR_MS, parts.base, parts.yq);
    if (fee.forfeit) throw new NotChangeableError('closedBand', leg.legIndex, `${bandWords(fee.band)}: the ${family.name} fare can no longer be changed`);
    if (window.applies) {
      return { passengerPosition: fare.passengerPosition, legIndex: fare.legIndex, changeFeePaise: 0, explanation: "Inside Safar's free change window (Safar's own policy): no change fee" };
    }
    return { passengerPosition: fare.passengerPosition, legIndex: fare.legIndex, changeFeePaise: fee.feePaise, explanation: changeFeeWords(fee.band, fee.feePaise, parts.base) };
  });
  for (const fare of input.newFares) partsOf(fare);
  const changeFee = lines.reduce((sum, line) => sum + line.changeFeePaise, 0);
  const oldTotal = input.oldFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
  const newTotal = input.newFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
  const difference = newTotal - oldTotal;
  return {
    lines,
    changeFeePaise: changeFee,
    oldTotalPaise: oldTotal,
    newTotalPaise: newTotal,
    fareDifferencePaise: difference,
    duePaise: changeFee + Math.max(0, difference),
    refundPaise: fareDifferenceRefund(input.oldFares, input.newFares, (fare) => legOf(input.legs, fare).family.refundsFareDifference),
    freeWindowApplies: window.applies,
    // A disruption move's own window is freeChangeQuote's (domain/disruptions/free-changes.ts).
    disruptionFree: null,
  };
}

/**
 * A lower new fare paid back on a change: old total − new total when the new one is lower and the
 * family of every old fare refunds the difference; otherwise nothing.
 * @example fareDifferenceRefund(oldFares, newFares, (fare) => familyOf(fare).refundsFareDifference) // 120000
 */
export function fareDifferenceRefund<F extends { totalPaise: number }>(oldFares: readonly F[], newFares: readonly { totalPaise: number }[], refundsDifference: (fare: F) => boolean): number {
  const difference = newFares.reduce((sum, fare) => sum + fare.totalPaise, 0) - oldFares.reduce((sum, fare) => sum + fare.totalPaise, 0);
  return difference < 0 && oldFares.every(refundsDifference) ? -difference : 0;
}

/**
 * What a traveller sees as a booking's status.
 * - Held, Expired, Confirmed and Changed show as such.
 * - A cancelled or partly cancelled booking with a refund not yet completed shows "Refund pending".
 * - Once every refund is completed: a cancelled booking shows "Refunded", a partly cancelled one
 *   "Partly cancelled" (the rest of the trip still stands).
 * - A cancelled booking with no refund at all (nothing was refundable) shows "Cancelled".
 */
export function displayStatusOf(status: BookingStatus, refundStatuses: RefundStatus[]): DisplayStatus {
  switch (status) {
    case 'held':
      return 'Held';
    case 'expired':
      return 'Expired';
    case 'confirmed':
      return 'Confirmed';
    case 'changed':
      return 'Changed';
    case 'cancelled':
    case 'partly_cancelled': {
      if (refundStatuses.some((refund) => refund !== 'completed')) return 'Refund pending';
      if (status === 'partly_cancelled') return 'Partly cancelled';
      return refundStatuses.length > 0 ? 'Refunded' : 'Cancelled';
    }
  }
}
