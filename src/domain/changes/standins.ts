import { asc, eq } from 'drizzle-orm';
import type { ChangeQuote, FareFamily, FareLine, PassengerLegFare } from '../../core/fares';
import type { Itinerary, ItineraryPrice } from '../../core/search';
import type { Db } from '../../db/client';
import { bookingFares } from '../../db/schema';
import type { Tx } from '../booking/catalog';

/**
 * Stand-ins for the fare families data (`families` branch) and the pure change rule
 * (`refundrule` branch) until they land; replaced by them, same shapes.
 */

const HOUR = 3_600_000;

/** A tier-0 family of an airline with the usual domestic change fees. */
export function familyByCode(code: string): FareFamily {
  const airline = code.split('.')[0] ?? 'XX';
  return {
    airline,
    code,
    name: 'Saver',
    tier: 0,
    cabin: 'economy',
    market: 'domestic',
    validFrom: '2020-01-01',
    validTo: null,
    asOf: '2026-11-26',
    approximate: true,
    checkedBag: { pieces: 1, kg: 15 },
    cabinBag: { pieces: 1, kg: 7 },
    seat: 'paid',
    meal: 'none',
    change: {
      allowed: true,
      bands: [
        { fromHoursBefore: 72, toHoursBefore: null, fee: { kind: 'amount', paise: 299_900 } },
        { fromHoursBefore: 2, toHoursBefore: 72, fee: { kind: 'amount', paise: 349_900 } },
      ],
    },
    cancel: { allowed: true, bands: [{ fromHoursBefore: 2, toHoursBefore: null, fee: { kind: 'amount', paise: 399_900 } }] },
    refundsFareDifference: false,
    cutoffMinutes: 120,
    priceFactor: 1,
    addRupees: 0,
  };
}

/** The family option id of an itinerary at a booking's family tier ("6E.SAVER~6E.SAVER"). */
export function familyOptionFor(itinerary: Itinerary): string {
  return itinerary.legs.map((leg) => `${leg.carrier}.SAVER`).join('~');
}

function split(total: number, parts: number): number[] {
  const each = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => each + (i === 0 ? total - each * parts : 0));
}

/** Each passenger's fare on each leg, from an itinerary price (whole rupees) split evenly over the legs. */
export function faresFor(price: ItineraryPrice, legCount: number, pax: readonly { position: number; type: 'adult' | 'child' | 'infant' }[], familyId: string): PassengerLegFare[] {
  const codes = familyId.split('~');
  return pax.flatMap((p) => {
    const per = price.perPassenger[p.type] ?? { baseFare: 0, taxesAndFees: 0, total: 0 };
    const base = split(per.baseFare * 100, legCount);
    const taxes = split(per.taxesAndFees * 100, legCount);
    return Array.from({ length: legCount }, (_, legIndex): PassengerLegFare => {
      const lines: FareLine[] = [
        { code: 'base', kind: 'fare', label: 'Base fare', paise: base[legIndex] ?? 0 },
        { code: 'psf', kind: 'tax', label: 'Passenger service fee (PSF)', paise: taxes[legIndex] ?? 0 },
      ];
      return { passengerPosition: p.position, passengerType: p.type, legIndex, familyCode: codes[legIndex] ?? codes[0] ?? '', lines, totalPaise: (base[legIndex] ?? 0) + (taxes[legIndex] ?? 0), status: 'active' };
    });
  });
}

/** A booking's stored fare rows. */
export async function storedFares(db: Db | Tx, bookingId: string): Promise<PassengerLegFare[]> {
  const rows = await db.select().from(bookingFares).where(eq(bookingFares.bookingId, bookingId)).orderBy(asc(bookingFares.passengerPosition), asc(bookingFares.legIndex));
  return rows.map((r) => ({ passengerPosition: r.passengerPosition, passengerType: r.passengerType, legIndex: r.legIndex, familyCode: r.familyCode, lines: r.lines, totalPaise: r.totalPaise, status: r.status }));
}

interface ChangeQuoteInput {
  bookedAt: Date;
  legs: { legIndex: number; departureUtc: Date; international: boolean; family: FareFamily }[];
  oldFares: PassengerLegFare[];
  newFares: PassengerLegFare[];
  now: Date;
}

/** The change fee by band for every passenger-leg, plus the fare difference; a lower fare is paid back only when the family says so. */
export function changeQuote(input: ChangeQuoteInput): ChangeQuote {
  const { bookedAt, legs, now } = input;
  const first = Math.min(...legs.map((l) => l.departureUtc.getTime()));
  const international = legs.some((l) => l.international);
  const freeWindow = now.getTime() - bookedAt.getTime() <= 48 * HOUR && first - bookedAt.getTime() >= (international ? 15 : 7) * 24 * HOUR;
  const lines = input.oldFares.map((fare) => {
    const leg = legs.find((l) => l.legIndex === fare.legIndex) ?? legs[0];
    const hours = leg ? (leg.departureUtc.getTime() - now.getTime()) / HOUR : 0;
    const band = leg?.family.change.bands.find((b) => hours >= b.fromHoursBefore && (b.toHoursBefore === null || hours < b.toHoursBefore));
    const base = fare.lines.filter((l) => l.code === 'base').reduce((sum, l) => sum + l.paise, 0);
    const fee = freeWindow || !band ? 0 : band.fee.kind === 'amount' ? band.fee.paise : band.fee.kind === 'percentOfBase' ? Math.round((base * band.fee.percent) / 100) : base;
    return { passengerPosition: fare.passengerPosition, legIndex: fare.legIndex, changeFeePaise: fee, explanation: freeWindow ? "Safar's free change window" : `Change fee ₹${fee / 100}` };
  });
  const changeFeePaise = lines.reduce((sum, l) => sum + l.changeFeePaise, 0);
  const oldTotalPaise = input.oldFares.reduce((sum, f) => sum + f.totalPaise, 0);
  const newTotalPaise = input.newFares.reduce((sum, f) => sum + f.totalPaise, 0);
  const fareDifferencePaise = newTotalPaise - oldTotalPaise;
  const refunds = legs.every((l) => l.family.refundsFareDifference);
  return {
    lines,
    changeFeePaise,
    oldTotalPaise,
    newTotalPaise,
    fareDifferencePaise,
    duePaise: changeFeePaise + Math.max(0, fareDifferencePaise),
    refundPaise: refunds ? Math.max(0, -fareDifferencePaise) : 0,
    freeWindowApplies: freeWindow,
  };
}
