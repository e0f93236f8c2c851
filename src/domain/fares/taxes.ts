import type { Cabin, PassengerType } from '../../core/search';
import { getAirport } from '../world/airports';
import type { DatedFlight } from '../world/world';

/**
 * Taxes and fees per passenger type: airport user development fee (UDF), aviation
 * security fee (ASF), GST (5% economy, 12% premium cabins) and foreign departure taxes.
 * Infants pay a small fixed fare, no UDF/ASF and hold no seat.
 */

const UDF_DOMESTIC: Record<string, number> = { DEL: 320, BOM: 360, BLR: 420, HYD: 480, MAA: 300, CCU: 260, GOX: 480, NMI: 400, DXN: 400 };
const UDF_INTERNATIONAL: Record<string, number> = { DEL: 820, BOM: 900, BLR: 1000, HYD: 1100, MAA: 700, CCU: 600, COK: 600 };
const ASF = 236;
/** Foreign departure taxes, economy short/long haul in INR (e.g. the UK's APD). */
const FOREIGN_DEPARTURE: Record<string, [number, number]> = { GB: [1400, 9700], AE: [1700, 1700], US: [2400, 2400], FR: [1200, 2500], DE: [1400, 5800] };

/** Infant base fare: fixed on domestic flights, 10% of the adult fare abroad. */
export function infantBase(flight: DatedFlight, adultBase: number): number {
  return flight.international ? Math.round(adultBase * 0.1) : 1500;
}

/** Child base fare: same as adult on Indian domestic flights, 75% abroad. */
export function childBase(flight: DatedFlight, adultBase: number): number {
  return flight.international ? Math.round(adultBase * 0.75) : adultBase;
}

/**
 * Taxes and fees for one passenger on one leg, whole rupees.
 * @example taxesFor(flight, 'economy', 'adult', 5000) // e.g. 906
 */
export function taxesFor(flight: DatedFlight, cabin: Cabin, type: PassengerType, base: number): number {
  const gst = Math.round(base * (cabin === 'economy' ? 0.05 : 0.12));
  if (type === 'infant') return gst;
  return seatFees(flight, cabin) + gst;
}

/** The fixed fees of a seat on a pattern, by cabin: they depend on the route alone, and every leg priced needs them. */
const seatFeesOf = new WeakMap<DatedFlight['pattern'], Partial<Record<Cabin, number>>>();

function seatFees(flight: DatedFlight, cabin: Cabin): number {
  let byCabin = seatFeesOf.get(flight.pattern);
  if (!byCabin) seatFeesOf.set(flight.pattern, (byCabin = {}));
  let fees = byCabin[cabin];
  if (fees === undefined) byCabin[cabin] = fees = computeSeatFees(flight, cabin);
  return fees;
}

/** ASF in India, UDF at the departure airport (plus the regional connectivity levy at home), foreign departure taxes abroad. */
function computeSeatFees(flight: DatedFlight, cabin: Cabin): number {
  const country = getAirport(flight.from)?.country ?? 'IN';
  const fees = country === 'IN' ? ASF : 0;
  if (!flight.international) return fees + (UDF_DOMESTIC[flight.from] ?? 150) + 50 /* regional connectivity levy */;
  if (country === 'IN') return fees + (UDF_INTERNATIONAL[flight.from] ?? 500);
  const foreign = FOREIGN_DEPARTURE[country];
  const tax = foreign ? foreign[flight.pattern.distanceKm > 3000 ? 1 : 0] : 1500;
  return fees + (cabin === 'economy' ? tax : tax * 2);
}
