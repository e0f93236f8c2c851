import { FARE_LINE_LABELS, type FareLine, type FareLineCode, type FareMarket } from '../../core/fares';
import type { Cabin, PassengerType } from '../../core/search';
import { hashString } from '../schedule/rng';
import { getAirport } from '../world/airports';

/**
 * A passenger's price on one leg, line by line (paise), from its airfare and taxes (whole rupees):
 *
 * - The airfare splits into base and YQ: YQ is a fixed share of the airfare per airline and
 *   market (4–7 % domestic, 18–27 % international); base is the rest.
 * - The taxes split into GST (5 % of the airfare in economy, 12 % in premium cabins: the
 *   pricing's own rule), then, at an Indian airport, the aviation security fee (₹236), on
 *   domestic flights the regional connectivity levy (₹50), the passenger service fee (₹91
 *   domestic, ₹150 international) and the user development fee (the rest); abroad, foreign
 *   taxes and charges (the rest). Each part is capped by what is left, so the lines always
 *   add up to exactly the taxes.
 * - Lines of zero are left out, except the base fare.
 */

const ASF = 236;
const RCS = 50;
const PSF: Record<FareMarket, number> = { domestic: 91, international: 150 };

/** YQ's share of the airfare for an airline in a market. @example yqShare('6E', 'domestic') // 0.04–0.07 */
export function yqShare(airline: string, market: FareMarket): number {
  const spread = hashString(`yq|${airline}`);
  return market === 'domestic' ? 0.04 + (spread % 4) / 100 : 0.18 + (spread % 10) / 100;
}

export interface LineContext {
  airline: string;
  /** Departure airport code. */
  from: string;
  market: FareMarket;
  cabin: Cabin;
  passengerType: PassengerType;
}

function line(code: FareLineCode, kind: FareLine['kind'], rupees: number): FareLine {
  return { code, kind, label: FARE_LINE_LABELS[code], paise: rupees * 100 };
}

/**
 * The lines of one passenger on one leg; they add up to (airfare + taxes) × 100 paise.
 * @example fareLines({ airline: '6E', from: 'DEL', market: 'domestic', cabin: 'economy', passengerType: 'adult' }, 8900, 1051)
 */
export function fareLines(ctx: LineContext, airfareRupees: number, taxesRupees: number): FareLine[] {
  const yq = Math.min(airfareRupees, Math.round(airfareRupees * yqShare(ctx.airline, ctx.market)));
  const lines: FareLine[] = [line('base', 'fare', airfareRupees - yq)];
  if (yq > 0) lines.push(line('yq', 'fare', yq));
  let rest = taxesRupees;
  const take = (wanted: number) => {
    const amount = Math.max(0, Math.min(wanted, rest));
    rest -= amount;
    return amount;
  };
  const gst = take(Math.round(airfareRupees * (ctx.cabin === 'economy' ? 0.05 : 0.12)));
  const taxes: FareLine[] = [];
  const indian = (getAirport(ctx.from)?.country ?? 'IN') === 'IN';
  if (indian && ctx.passengerType !== 'infant') {
    const asf = take(ASF);
    const rcs = ctx.market === 'domestic' ? take(RCS) : 0;
    const psf = take(PSF[ctx.market]);
    const udf = take(rest);
    taxes.push(line('udf', 'tax', udf), line('psf', 'tax', psf), line('asf', 'tax', asf), line('rcs', 'tax', rcs));
  } else if (!indian) {
    taxes.push(line('foreign', 'tax', take(rest)));
  }
  // Anything left (an infant's stored taxes beyond GST) belongs to GST's line: the lines must add up.
  taxes.push(line('gst', 'tax', gst + take(rest)));
  return [...lines, ...taxes.filter((l) => l.paise > 0)];
}

/** The sum of lines, paise. */
export function linesTotal(lines: readonly FareLine[]): number {
  return lines.reduce((sum, l) => sum + l.paise, 0);
}
