import { type Disruption, isExtraordinary, type ReasonCode } from '../../core/disruptions';
import type { PassengerLeg } from './entitlements';

/**
 * Hand-made disruptions and passenger-legs for the entitlement tests: a DEL–BOM flight
 * scheduled at `departure` (local, +05:30) and 2 h 10 min long unless told otherwise.
 */

const HOUR_MS = 3_600_000;

/** A local time in India as a dated flight writes it. */
export function ist(date: string, hhmm: string): string {
  return `${date}T${hhmm}:00+05:30`;
}

/** `local` shifted by `minutes`, written in India time. */
function shifted(local: string, minutes: number): string {
  const at = new Date(Date.parse(local) + minutes * 60_000 + 330 * 60_000).toISOString();
  return `${at.slice(0, 16)}:00+05:30`;
}

interface Common {
  departure?: string;
  blockMinutes?: number;
  /** Hours between the announcement and the scheduled departure. */
  noticeHours: number;
  reason?: ReasonCode;
}

function common(kind: string, { departure = ist('2027-01-15', '10:00'), blockMinutes = 130, noticeHours, reason = 'technical' }: Common) {
  return {
    id: `6E2134@2027-01-15|${kind}|1`,
    flightId: '6E2134@2027-01-15',
    flightNumber: '6E 2134',
    from: 'DEL',
    to: 'BOM',
    announcedAt: new Date(Date.parse(departure) - noticeHours * HOUR_MS).toISOString(),
    scheduled: { departure, arrival: shifted(departure, blockMinutes) },
    reason,
    rootReason: reason,
    extraordinary: isExtraordinary(reason),
  };
}

export const cancellation = (options: Common): Disruption => ({ ...common('cancellation', options), kind: 'cancellation' });

export function delay(options: Common & { delayMinutes: number }): Disruption {
  const c = common('delay', options);
  return { ...c, kind: 'delay', delayMinutes: options.delayMinutes, expected: { departure: shifted(c.scheduled.departure, options.delayMinutes), arrival: shifted(c.scheduled.arrival, options.delayMinutes) } };
}

export function retiming(options: Common & { shiftMinutes: number }): Disruption {
  const c = common('retiming', { reason: 'schedule-change', ...options });
  return { ...c, kind: 'retiming', shiftMinutes: options.shiftMinutes, expected: { departure: shifted(c.scheduled.departure, options.shiftMinutes), arrival: shifted(c.scheduled.arrival, options.shiftMinutes) } };
}

export function deniedBoarding(options: Omit<Common, 'noticeHours' | 'reason'> & { alternateAfterMinutes: number | null }): Disruption {
  const c = common('denied-boarding', { ...options, noticeHours: 0.5, reason: 'oversold' });
  return { ...c, kind: 'denied-boarding', alternateDeparture: options.alternateAfterMinutes === null ? null : shifted(c.scheduled.departure, options.alternateAfterMinutes) };
}

export const downgrade = (options: Omit<Common, 'noticeHours'>): Disruption => ({ ...common('downgrade', { ...options, noticeHours: 1 }), kind: 'downgrade', fromCabin: 'business', toCabin: 'economy' });

/** An Air India A320neo with business swapped for the same without (or the reverse). */
export function swap(options: Common & { lose: boolean }): Disruption {
  const withBusiness = { business: 8, economy: 156 };
  const economyOnly = { economy: 186 };
  return {
    ...common('aircraft-swap', options),
    kind: 'aircraft-swap',
    fromAircraft: options.lose ? 'A20N_J' : 'A20N',
    toAircraft: options.lose ? 'A20N' : 'A20N_J',
    toAircraftName: 'Airbus A320neo',
    seatsBefore: options.lose ? withBusiness : economyOnly,
    seatsAfter: options.lose ? economyOnly : withBusiness,
    cabinsLost: options.lose ? ['business'] : [],
  };
}

export const gateChange = (options: Common): Disruption => ({ ...common('gate-change', { reason: 'airport-operations', ...options }), kind: 'gate-change', fromGate: '7', toGate: '12' });

/** A passenger-leg: base + YQ in rupees (split 85/15), taxes ₹653, Safar's fee ₹199, on a DEL–BOM economy seat. */
export function leg(fareRupees: number, overrides: Partial<PassengerLeg> = {}): PassengerLeg {
  const base = Math.round(fareRupees * 0.85) * 100;
  const yq = fareRupees * 100 - base;
  const taxes = 653_00;
  return {
    flightId: '6E2134@2027-01-15',
    basePaise: base,
    yqPaise: yq,
    taxesPaise: taxes,
    paidPaise: base + yq + taxes + 199_00,
    cabin: 'economy',
    blockMinutes: 130,
    domestic: true,
    distanceKm: 1140,
    ...overrides,
  };
}
