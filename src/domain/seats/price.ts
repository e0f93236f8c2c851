import type { SeatInclusion } from '../../core/fares';
import type { Seat, SeatMap, SeatZone } from '../../core/seats';

/** A zone's price band in rupees, [lowest, highest]: the best seat of the zone costs the highest. */
type Band = readonly [number, number];

interface ZoneBands {
  front: Band;
  exit: Band;
  xl: Band;
}

/** Low-cost carriers (IndiGo 2024–26 figures): rear standard free, front ₹150–400, exit ₹400–600, XL ₹400–2,000. */
const LOW_COST: ZoneBands = { front: [150, 400], exit: [400, 600], xl: [400, 2000] };
/** Akasa: about ₹1,500 for the seats it sells. */
const AKASA: ZoneBands = { front: [300, 900], exit: [1500, 1500], xl: [1200, 1800] };
/** Full-service carriers: dearer front, exit and extra-legroom seats; standard seats free. */
const FULL_SERVICE: ZoneBands = { front: [500, 1000], exit: [1500, 2500], xl: [1200, 3000] };

const LOW_COST_CARRIERS = new Set(['6E', 'IX', 'SG', 'G9', 'FZ', 'U2', '9I', 'S5', 'RA', 'BG', '8M']);

/** The zone price bands of an airline. @example bandsOf('QP').exit // [1500, 1500] */
function bandsOf(airline: string): ZoneBands {
  if (airline === 'QP') return AKASA;
  return LOW_COST_CARRIERS.has(airline) ? LOW_COST : FULL_SERVICE;
}

/** Rows of an economy cabin counted as its front zone. */
const FRONT_ROWS = 5;

export interface SeatBase {
  zone: SeatZone;
  /** The seat's price before fare family and passenger, in paise. */
  pricePaise: number;
}

/**
 * The price of every seat of a cabin, before fare family and passenger (the seat price rule):
 * - seats outside economy are included in the fare (zone `included`, free);
 * - an exit-row seat is in zone `exit`, else an extra-legroom seat in `xl`, else a seat of the
 *   first five economy rows in `front`, else `standard`, which is free;
 * - within its zone's band a seat costs more the nearer the front and by a window (then an aisle),
 *   rounded to ₹50;
 * - a middle seat is free (zone `standard`) except in the cabin's first row and in exit rows;
 * - at most `1 − freeShare` of the cabin's seats are paid (legacy DGCA cap): beyond that the cheapest
 *   paid seats become free (they keep their zone).
 * @example seatPrices(map, '6E', 0.75).get('12A') // { zone: 'exit', pricePaise: 60000 }
 */
export function seatPrices(map: SeatMap, airline: string, freeShare: number): Map<string, SeatBase> {
  const prices = new Map<string, SeatBase>();
  const total = map.rows.reduce((n, r) => n + r.seats.length, 0);
  if (map.cabin !== 'economy') {
    for (const r of map.rows) for (const s of r.seats) prices.set(`${r.row}${s.letter}`, { zone: 'included', pricePaise: 0 });
    return prices;
  }
  const bands = bandsOf(airline);
  const paid: { code: string; zone: SeatZone; pricePaise: number }[] = [];
  map.rows.forEach((r, rowIndex) => {
    const frontness = 1 - rowIndex / Math.max(1, map.rows.length - 1);
    for (const s of r.seats) {
      const code = `${r.row}${s.letter}`;
      const zone = zoneOf(s, rowIndex);
      const freeMiddle = s.kind === 'middle' && rowIndex !== 0 && !s.tags.includes('exit');
      if (zone === 'standard' || freeMiddle) {
        prices.set(code, { zone: 'standard', pricePaise: 0 });
        continue;
      }
      const [lo, hi] = bands[zone];
      const place = s.kind === 'window' ? 1 : s.kind === 'aisle' ? 0.8 : 0.3;
      const rupees = Math.round((lo + (hi - lo) * (0.5 * frontness + 0.5 * place)) / 50) * 50;
      paid.push({ code, zone, pricePaise: Math.max(lo, Math.min(hi, rupees)) * 100 });
    }
  });
  const cap = Math.floor(total * Math.max(0, Math.min(1, 1 - freeShare)));
  // The dearest seats stay paid (ties by seat order, so the cut is stable).
  const ranked = paid.map((p, i) => ({ ...p, i })).sort((a, b) => b.pricePaise - a.pricePaise || a.i - b.i);
  ranked.forEach((p, rank) => prices.set(p.code, { zone: p.zone, pricePaise: rank < cap ? p.pricePaise : 0 }));
  return prices;
}

function zoneOf(seat: Seat, rowIndex: number): 'exit' | 'xl' | 'front' | 'standard' {
  if (seat.tags.includes('exit')) return 'exit';
  if (seat.tags.includes('xl')) return 'xl';
  return rowIndex < FRONT_ROWS ? 'front' : 'standard';
}

export interface SeatBuyer {
  type: 'adult' | 'child' | 'infant';
  /** The fare family's seat inclusion. */
  inclusion: SeatInclusion;
  /** A child whose seat is next to an adult of the same booking. */
  nextToOwnAdult: boolean;
}

/**
 * What one passenger pays for a seat (paise):
 * - nothing when the fare family includes every seat (`allFree`), or standard and front seats (`standardFree`) and the seat is one;
 * - nothing for a child under 12 seated next to an adult of the same booking;
 * - otherwise the seat's price.
 * @example priceFor({ zone: 'exit', pricePaise: 50000 }, { type: 'adult', inclusion: 'paid', nextToOwnAdult: false }) // 50000
 */
export function priceFor(base: SeatBase, buyer: SeatBuyer): number {
  if (buyer.inclusion === 'allFree') return 0;
  if (buyer.inclusion === 'standardFree' && (base.zone === 'standard' || base.zone === 'front')) return 0;
  if (buyer.type === 'child' && buyer.nextToOwnAdult) return 0;
  return base.pricePaise;
}

export interface SeatTaker {
  type: 'adult' | 'child' | 'infant';
  /** Age on the travel date, in whole years. */
  age: number;
  /** Travels with an infant on the lap. */
  withInfant: boolean;
  /** Accepted the exit-row conditions (able to help in an evacuation, understands the instructions…). */
  exitConditionsAccepted: boolean;
}

/** Youngest age for an exit-row seat. */
export const EXIT_MIN_AGE = 15;

/**
 * Why a passenger may not take a seat, in words, or null when they may:
 * - an infant on a lap has no seat;
 * - an exit-row seat is only for a traveller aged 15 or over, without an infant on the lap, who
 *   accepted the exit-row conditions.
 * @example seatRefusal(exitSeat, { type: 'child', age: 9, withInfant: false, exitConditionsAccepted: true }) // 'Exit-row seats are …'
 */
export function seatRefusal(seat: Seat, who: SeatTaker): string | null {
  if (who.type === 'infant') return 'An infant travels on an adult’s lap and has no seat of their own.';
  if (!seat.tags.includes('exit')) return null;
  if (who.age < EXIT_MIN_AGE) return `Exit-row seats are only for travellers aged ${EXIT_MIN_AGE} or over.`;
  if (who.withInfant) return 'Exit-row seats are not for a traveller with an infant on the lap.';
  if (!who.exitConditionsAccepted) return 'Confirm the exit-row conditions to take this seat: you are able and willing to help open the exit in an emergency.';
  return null;
}

/** Whole years between a date of birth and a date (both YYYY-MM-DD). @example ageOn('2010-05-01', '2026-04-30') // 15 */
export function ageOn(dob: string, date: string): number {
  const [by, bm, bd] = dob.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  if (by === undefined || bm === undefined || bd === undefined || y === undefined || m === undefined || d === undefined) return 0;
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
