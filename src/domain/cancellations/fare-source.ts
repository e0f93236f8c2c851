import { eq } from 'drizzle-orm';
import type { FareFamily, PassengerLegFare } from '../../core/fares';
import type { Db } from '../../db/client';
import { bookingFares, bookings, passengers } from '../../db/schema';
import type { Tx } from '../booking/catalog';

/**
 * TEMPORARY: what the `families` branch provides (`storedFares`, `familyByCode`), until it merges.
 */

const FALLBACK: FareFamily = {
  airline: 'XX',
  code: 'XX.BASIC',
  name: 'Basic',
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
  change: { allowed: true, bands: [{ fromHoursBefore: 2, toHoursBefore: null, fee: { kind: 'amount', paise: 300_000 } }] },
  cancel: {
    allowed: true,
    bands: [
      { fromHoursBefore: 72, toHoursBefore: null, fee: { kind: 'amount', paise: 300_000 } },
      { fromHoursBefore: 2, toHoursBefore: 72, fee: { kind: 'amount', paise: 400_000 } },
    ],
  },
  refundsFareDifference: false,
  cutoffMinutes: 120,
  priceFactor: 1,
  addRupees: 0,
};

export function familyByCode(_code: string, _bookingDate: Date): FareFamily | undefined {
  return FALLBACK;
}

export async function storedFares(db: Db | Tx, bookingId: string): Promise<PassengerLegFare[]> {
  const rows = await db.select().from(bookingFares).where(eq(bookingFares.bookingId, bookingId));
  if (rows.length > 0) {
    return rows.map((r) => ({ passengerPosition: r.passengerPosition, passengerType: r.passengerType, legIndex: r.legIndex, familyCode: r.familyCode, lines: r.lines, totalPaise: r.totalPaise, status: r.status }));
  }
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) return [];
  const pax = await db.select().from(passengers).where(eq(passengers.bookingId, bookingId));
  const legs = booking.itinerary.legs.length;
  const out: PassengerLegFare[] = [];
  for (const p of pax) {
    const price = booking.price.perPassenger[p.type];
    const base = (price?.baseFare ?? 0) * 100;
    const taxes = (price?.taxesAndFees ?? 0) * 100;
    for (let leg = 0; leg < legs; leg += 1) {
      const share = (n: number) => Math.floor(n / legs) + (leg === 0 ? n % legs : 0);
      const b = share(base);
      const t = share(taxes);
      out.push({
        passengerPosition: p.position,
        passengerType: p.type,
        legIndex: leg,
        familyCode: FALLBACK.code,
        lines: [
          { code: 'base', kind: 'fare', label: 'Base fare', paise: b },
          { code: 'udf', kind: 'tax', label: 'Taxes', paise: t },
        ],
        totalPaise: b + t,
        status: p.cancelledAt ? 'cancelled' : 'active',
      });
    }
  }
  return out;
}
