import {
  type BlockBand,
  type Compensation,
  type Deadline,
  type DeniedBoardingBand,
  type Disruption,
  type DowngradeBand,
  type Entitlements,
  type EntitlementOption,
  type Facility,
  type NoticeBand,
} from '../../core/disruptions';
import type { PassengerLegFare } from '../../core/fares';
import { CABINS, type Cabin } from '../../core/search-options';

/**
 * The entitlement rule (DGCA CAR Section 3 Series M Part IV, as Safar applies it): what one
 * passenger is owed on one leg for one disruption, as a pure function of the disruption, the
 * passenger-leg and the time. The notices, the "Your trip changed" screen and the jobs call it.
 *
 * Notice = scheduled departure − the moment the airline announced the change.
 *
 * Cancellation by the airline:
 * - Options: accept the protected flight; another flight free, departing within 2 h of the
 *   original when the notice is 24 h to 14 days, else within 24 h (Safar's list of free
 *   alternatives); or a full refund of everything paid, Safar's fee and add-ons included.
 * - Compensation, only when the notice is under 24 h (or this leg is a connection on the same
 *   booking missed because of the cancellation): min(₹5,000, base + YQ) for a block time up to
 *   1 h, min(₹7,500, base + YQ) for 1–2 h, min(₹10,000, base + YQ) over 2 h. None with 24 h or
 *   more notice ⚠ (some summaries pay these amounts for any notice under 14 days).
 * - Meals and refreshments while waiting at the airport for the alternate flight.
 * - If the traveller does nothing, Safar keeps the protected flight; the choice stays open until
 *   the original departure.
 *
 * Delay (expected departure delay d, block time b):
 * - Meals and refreshments when d ≥ 2 h (b ≤ 2 h 30), ≥ 3 h (b 2 h 30–5 h), ≥ 4 h (b > 5 h),
 *   from that threshold on; the tier goes by d: refreshments up to 2 h, a snack 2–4 h, a meal
 *   beyond 4 h.
 * - A hotel with transfers when d > 24 h, or d > 6 h for a departure scheduled 20:00–03:00 local.
 * - When d > 6 h and the delay was announced more than 24 h before departure: another flight
 *   within 6 h of the original, or a full refund; the choice stays open until the original
 *   departure, else the booking stands.
 * - Delays carry no compensation.
 *
 * Retiming (the airline moved the scheduled time by s minutes):
 * - Options: accept the new time; another flight within 24 h of the original; a full refund (a
 *   schedule change not accepted is refunded in full).
 * - A later time announced under 24 h before departure counts as a delay of s for meals and hotel.
 * - No compensation.
 * - A significant retiming (|s| ≥ 3 h domestic, ≥ 6 h international) left unanswered is
 *   refunded 24 h after the announcement, or at the earlier of the two departures if that comes
 *   first; any other retiming is accepted at that departure.
 *
 * Aircraft swap: nothing changes for a passenger whose cabin is on the new aircraft (the seat may
 * change). A passenger whose cabin the new aircraft lacks is downgraded to the best cabin below
 * it: the involuntary downgrade refund below, and the choice of another flight within 24 h in the
 * booked cabin or a full refund, open until departure, else the booking stands.
 *
 * Involuntary downgrade: a refund of the ticket price with taxes (base + YQ + taxes): 75 %
 * domestic; international 30 % up to 1,500 km, 50 % for 1,500–3,500 km, 75 % beyond.
 *
 * Denied boarding (an oversold flight; the passenger on time and eligible), by the alternate
 * flight's departure after the original: within 1 h ⚠ nothing; within 24 h 200 % of base + YQ,
 * at most ₹10,000; later 400 %, at most ₹20,000. Refusing the alternate (or none offered): a full
 * refund and 400 %, at most ₹20,000.
 *
 * Gate and terminal changes: information only.
 *
 * Extraordinary circumstances (by the root reason: weather and fog, natural disaster, security;
 * see REASONS) remove compensation and the hotel, never the options or the meals.
 */

/** One passenger on one leg, with what they paid. */
export interface PassengerLeg {
  flightId: string;
  basePaise: number;
  yqPaise: number;
  /** Statutory taxes and airport charges. */
  taxesPaise: number;
  /** Everything paid for this passenger-leg: fare, taxes, Safar's fee and add-ons. */
  paidPaise: number;
  cabin: Cabin;
  blockMinutes: number;
  domestic: boolean;
  distanceKm: number;
  /** A later leg of the same booking, missed because an earlier leg was cancelled. */
  missedConnection?: boolean;
}

const MINUTE_MS = 60_000;
const HOUR = 60;
const DAY = 24 * HOUR;

/** Cancellation compensation by block time (paise): up to 1 h, 1–2 h, over 2 h. */
export const CANCELLATION_COMPENSATION: Readonly<Record<BlockBand, number>> = {
  'up-to-1-hour': 5_000_00,
  '1-to-2-hours': 7_500_00,
  'over-2-hours': 10_000_00,
};

/** Denied boarding: percent of base + YQ and the maximum (paise). */
const DENIED_BOARDING: Readonly<Record<Exclude<DeniedBoardingBand, 'alternate-within-1-hour'>, { percent: number; maxPaise: number }>> = {
  'alternate-within-24-hours': { percent: 200, maxPaise: 10_000_00 },
  'alternate-after-24-hours': { percent: 400, maxPaise: 20_000_00 },
  'alternate-refused': { percent: 400, maxPaise: 20_000_00 },
};

/** Involuntary downgrade: percent of the ticket price with taxes. */
const DOWNGRADE_PERCENT: Readonly<Record<DowngradeBand, number>> = {
  domestic: 75,
  'international-up-to-1500-km': 30,
  'international-1500-to-3500-km': 50,
  'international-over-3500-km': 75,
};

/** The notice band of a change announced `minutes` before the scheduled departure. */
function noticeBand(minutes: number): NoticeBand {
  if (minutes >= 14 * DAY) return '14-days-or-more';
  if (minutes >= DAY) return '24-hours-to-14-days';
  return 'under-24-hours';
}

/** The block-time band of the cancellation compensation. */
function blockBand(blockMinutes: number): BlockBand {
  if (blockMinutes <= HOUR) return 'up-to-1-hour';
  if (blockMinutes <= 2 * HOUR) return '1-to-2-hours';
  return 'over-2-hours';
}

/** The delay from which meals are due, by block time: 2 h up to 2 h 30 of block, 3 h up to 5 h, else 4 h. */
function mealThreshold(blockMinutes: number): number {
  if (blockMinutes <= 150) return 2 * HOUR;
  if (blockMinutes <= 300) return 3 * HOUR;
  return 4 * HOUR;
}

/** What is served for a wait of `minutes`: refreshments up to 2 h, a snack up to 4 h, then a meal. */
function mealTier(minutes: number): 'refreshments' | 'snack' | 'meal' {
  if (minutes <= 2 * HOUR) return 'refreshments';
  if (minutes <= 4 * HOUR) return 'snack';
  return 'meal';
}

/** The downgrade band of a leg. */
function downgradeBand(domestic: boolean, distanceKm: number): DowngradeBand {
  if (domestic) return 'domestic';
  if (distanceKm <= 1500) return 'international-up-to-1500-km';
  if (distanceKm <= 3500) return 'international-1500-to-3500-km';
  return 'international-over-3500-km';
}

/** Minutes after local midnight of a local ISO time ("2026-12-24T21:30:00+05:30" → 1290). */
function localMinutes(localIso: string): number {
  return Number(localIso.slice(11, 13)) * 60 + Number(localIso.slice(14, 16));
}

/** Is a local departure time in the night band 20:00–03:00? */
function isNightDeparture(localIso: string): boolean {
  const m = localMinutes(localIso);
  return m >= 20 * HOUR || m < 3 * HOUR;
}

const minutesBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / MINUTE_MS);

/** Meals and hotel for a wait of `delay` minutes past the scheduled departure. */
function delayFacilities(delay: number, leg: PassengerLeg, scheduledDeparture: string, extraordinary: boolean): Facility[] {
  const facilities: Facility[] = [];
  const threshold = mealThreshold(leg.blockMinutes);
  if (delay >= threshold) facilities.push({ kind: 'meals', fromMinutes: threshold, tier: mealTier(delay) });
  if (!extraordinary && (delay > DAY || (delay > 6 * HOUR && isNightDeparture(scheduledDeparture)))) facilities.push({ kind: 'hotel' });
  return facilities;
}

function fullRefund(leg: PassengerLeg, compensationPaise = 0): EntitlementOption {
  return { kind: 'full-refund', refundPaise: leg.paidPaise, compensationPaise };
}

const none = (why: Extract<Compensation, { due: false }>['why'], approximate = false): Compensation => ({ due: false, why, approximate });

function cancellationCompensation(leg: PassengerLeg, notice: NoticeBand, extraordinary: boolean): Compensation {
  if (extraordinary) return none('extraordinary');
  if (!leg.missedConnection) {
    if (notice === '14-days-or-more') return none('notice-14-days-or-more');
    if (notice === '24-hours-to-14-days') return none('notice-24-hours-or-more', true);
  }
  const band = blockBand(leg.blockMinutes);
  const bandPaise = CANCELLATION_COMPENSATION[band];
  const capPaise = leg.basePaise + leg.yqPaise;
  return { due: true, amountPaise: Math.min(bandPaise, capPaise), bandPaise, capPaise, rule: 'cancellation', band, percent: null, approximate: false };
}

function deniedBoardingCompensation(leg: PassengerLeg, band: Exclude<DeniedBoardingBand, 'alternate-within-1-hour'>): Extract<Compensation, { due: true }> {
  const { percent, maxPaise } = DENIED_BOARDING[band];
  const bandPaise = Math.round(((leg.basePaise + leg.yqPaise) * percent) / 100);
  return { due: true, amountPaise: Math.min(bandPaise, maxPaise), bandPaise, capPaise: maxPaise, rule: 'denied-boarding', band, percent, approximate: false };
}

function downgradeRefundOf(leg: PassengerLeg, toCabin: Cabin): NonNullable<Entitlements['downgradeRefund']> {
  const band = downgradeBand(leg.domestic, leg.distanceKm);
  const percent = DOWNGRADE_PERCENT[band];
  const ticketPaise = leg.basePaise + leg.yqPaise + leg.taxesPaise;
  return { band, percent, ticketPaise, amountPaise: Math.round((ticketPaise * percent) / 100), toCabin };
}

/** The best cabin below `cabin` among those with seats, or null when there is none. */
function cabinBelow(cabin: Cabin, seats: Partial<Record<Cabin, number>>): Cabin | null {
  for (let i = CABINS.indexOf(cabin) - 1; i >= 0; i--) {
    const lower = CABINS[i];
    if (lower && (seats[lower] ?? 0) > 0) return lower;
  }
  return null;
}

/** What each case decides; the rest has defaults (no notice band, no facilities, no downgrade). */
type Parts = Pick<Entitlements, 'options' | 'compensation' | 'deadline'> & Partial<Pick<Entitlements, 'notice' | 'facilities' | 'downgradeRefund'>>;

const earlier = (a: string, b: string) => (Date.parse(a) <= Date.parse(b) ? a : b);
const deadlineAt = (localIso: string) => new Date(Date.parse(localIso)).toISOString();

/**
 * The entitlements of one passenger on one leg for a disruption, at `now`.
 * Throws when the disruption is not yet announced at `now` (nobody can be told about it).
 * @example entitlements(cancellation, { flightId, basePaise: 450000, yqPaise: 80000, taxesPaise: 65300, paidPaise: 615200, cabin: 'economy', blockMinutes: 130, domestic: true, distanceKm: 1140 }, now)
 */
export function entitlements(disruption: Disruption, leg: PassengerLeg, now: Date): Entitlements {
  if (now.getTime() < Date.parse(disruption.announcedAt)) throw new Error(`Disruption ${disruption.id} is announced at ${disruption.announcedAt}, after ${now.toISOString()}`);
  const extraordinary = disruption.extraordinary;
  const noticeMinutes = minutesBetween(disruption.announcedAt, disruption.scheduled.departure);
  const finish = (parts: Parts): Entitlements => ({
    disruptionId: disruption.id,
    reason: disruption.reason,
    rootReason: disruption.rootReason,
    extraordinary,
    notice: parts.notice ?? null,
    options: parts.options,
    compensation: parts.compensation,
    downgradeRefund: parts.downgradeRefund ?? null,
    facilities: parts.facilities ?? [],
    deadline: parts.deadline,
    open: parts.deadline !== null && now.getTime() < Date.parse(parts.deadline.at),
  });

  switch (disruption.kind) {
    case 'cancellation': {
      const notice = noticeBand(noticeMinutes);
      return finish({
        notice,
        options: [{ kind: 'accept', what: 'protected-flight' }, { kind: 'another-flight', withinMinutes: notice === '24-hours-to-14-days' ? 2 * HOUR : DAY }, fullRefund(leg)],
        compensation: cancellationCompensation(leg, notice, extraordinary),
        facilities: [{ kind: 'meals', fromMinutes: 0, tier: 'refreshments' }],
        deadline: { at: deadlineAt(disruption.scheduled.departure), action: 'keep-protected-flight' },
      });
    }
    case 'delay': {
      const delay = disruption.delayMinutes;
      const choice = delay > 6 * HOUR && noticeMinutes > DAY;
      return finish({
        options: choice ? [{ kind: 'accept', what: 'new-time' }, { kind: 'another-flight', withinMinutes: 6 * HOUR }, fullRefund(leg)] : [{ kind: 'accept', what: 'new-time' }],
        compensation: none('delay'),
        facilities: delayFacilities(delay, leg, disruption.scheduled.departure, extraordinary),
        deadline: choice ? { at: deadlineAt(disruption.scheduled.departure), action: 'keep-booking' } : null,
      });
    }
    case 'retiming': {
      const shift = disruption.shiftMinutes;
      const significant = Math.abs(shift) >= (leg.domestic ? 3 * HOUR : 6 * HOUR);
      const firstDeparture = earlier(disruption.scheduled.departure, disruption.expected.departure);
      const deadline: Deadline = significant
        ? { at: new Date(Math.min(Date.parse(disruption.announcedAt) + DAY * MINUTE_MS, Date.parse(firstDeparture))).toISOString(), action: 'refund' }
        : { at: deadlineAt(firstDeparture), action: 'keep-booking' };
      return finish({
        notice: noticeBand(noticeMinutes),
        options: [{ kind: 'accept', what: 'new-time' }, { kind: 'another-flight', withinMinutes: DAY }, fullRefund(leg)],
        compensation: none('retiming'),
        facilities: shift > 0 && noticeMinutes < DAY ? delayFacilities(shift, leg, disruption.scheduled.departure, extraordinary) : [],
        deadline,
      });
    }
    case 'aircraft-swap': {
      const lower = disruption.cabinsLost.includes(leg.cabin) ? cabinBelow(leg.cabin, disruption.seatsAfter) : null;
      if (!lower) return finish({ options: [{ kind: 'accept', what: 'same-flight' }], compensation: none('no-change-to-the-trip'), deadline: null });
      return finish({
        options: [{ kind: 'accept', what: 'lower-cabin' }, { kind: 'another-flight', withinMinutes: DAY }, fullRefund(leg)],
        compensation: none('downgrade'),
        downgradeRefund: downgradeRefundOf(leg, lower),
        deadline: { at: deadlineAt(disruption.scheduled.departure), action: 'keep-booking' },
      });
    }
    case 'downgrade':
      return finish({
        options: [{ kind: 'accept', what: 'lower-cabin' }],
        compensation: none('downgrade'),
        downgradeRefund: downgradeRefundOf(leg, disruption.toCabin),
        deadline: null,
      });
    case 'denied-boarding': {
      const refused = deniedBoardingCompensation(leg, 'alternate-refused');
      const refundOption = fullRefund(leg, refused.amountPaise);
      if (disruption.alternateDeparture === null) return finish({ options: [refundOption], compensation: refused, deadline: null });
      const later = minutesBetween(disruption.scheduled.departure, disruption.alternateDeparture);
      const compensation = later <= HOUR ? none('alternate-within-1-hour', true) : deniedBoardingCompensation(leg, later <= DAY ? 'alternate-within-24-hours' : 'alternate-after-24-hours');
      return finish({ options: [{ kind: 'accept', what: 'protected-flight' }, refundOption], compensation, deadline: null });
    }
    case 'gate-change':
    case 'terminal-change':
      return finish({ options: [{ kind: 'accept', what: 'same-flight' }], compensation: none('no-change-to-the-trip'), deadline: null });
  }
}

/**
 * A passenger-leg as the entitlement rule reads it, from the fare lines stored with the booking
 * (`fare` lines: base and YQ; `tax` lines; the total includes Safar's fee and add-ons).
 * @example passengerLegOf(fare, { flightId: '6E2134@2026-12-24', cabin: 'economy', blockMinutes: 130, domestic: true, distanceKm: 1140 })
 */
export function passengerLegOf(fare: PassengerLegFare, flight: Omit<PassengerLeg, 'basePaise' | 'yqPaise' | 'taxesPaise' | 'paidPaise'>): PassengerLeg {
  const sum = (keep: (line: PassengerLegFare['lines'][number]) => boolean) => fare.lines.filter(keep).reduce((total, line) => total + line.paise, 0);
  return {
    ...flight,
    basePaise: sum((line) => line.kind === 'fare' && line.code === 'base'),
    yqPaise: sum((line) => line.kind === 'fare' && line.code !== 'base'),
    taxesPaise: sum((line) => line.kind === 'tax'),
    paidPaise: fare.totalPaise,
  };
}
