import type { DisruptionBanner, DisruptionBannersAnswer } from '../../core/disruptions';
import { dayModel } from '../tracking/day-model';
import { FOG_AIRPORTS, FOG_END_LOCAL, FOG_START_LOCAL } from '../tracking/delay-model';
import { dayNumber } from '../world/time';
import type { World } from '../world/world';
import { disruptionsOfDay } from './generator';

/**
 * Banners for Results and Explore when an airport or an airline is in disruption on a date:
 * - fog: a dense-fog night in north India (the delay model's fog night) puts a banner on each fog
 *   airport asked about, from 18:00 IST the evening before (when the fog forecast is announced)
 *   until the end of the date; its window is 03:00–08:00 IST;
 * - cancellations: an airline with at least 5 cancellations known by now among its flights
 *   leaving that day (UTC day of the date), and at least 3 % of them, gets a banner with the count.
 * Banners are only about dates from yesterday to tomorrow (later ones are not known yet).
 */

const MASS_CANCELLATIONS = 5;
const MASS_SHARE = 0.03;
const IST = 330 * 60_000;
const DAY = 86_400_000;

const cityOf = (world: World, code: string) => world.getAirport(code)?.city ?? code;

/** Cancellations per airline among a day's flights, known at `now` (cached per world, day and 10 minutes). */
const cache = new WeakMap<World, Map<string, Map<string, { flights: number; cancelled: number }>>>();

function cancellationsOn(world: World, utcDay: number, now: Date): Map<string, { flights: number; cancelled: number }> {
  const key = `${utcDay}|${Math.floor(now.getTime() / 600_000)}`;
  let byKey = cache.get(world);
  if (!byKey) {
    byKey = new Map();
    cache.set(world, byKey);
  }
  const hit = byKey.get(key);
  if (hit) return hit;
  const at = now.toISOString();
  const out = new Map<string, { flights: number; cancelled: number }>();
  for (const { flight, disruptions } of disruptionsOfDay(world, utcDay)) {
    const entry = out.get(flight.carrier) ?? { flights: 0, cancelled: 0 };
    entry.flights += 1;
    if (disruptions.some((d) => d.kind === 'cancellation' && d.announcedAt <= at)) entry.cancelled += 1;
    out.set(flight.carrier, entry);
  }
  if (byKey.size > 8) byKey.clear();
  byKey.set(key, out);
  return out;
}

/**
 * The banners of a date (YYYY-MM-DD, IST) at `now`, for the airports asked about (all when empty).
 * @example disruptionBanners(world, '2027-01-15', ['DEL'], clock.now()).banners
 */
export function disruptionBanners(world: World, date: string, airports: readonly string[], now: Date): DisruptionBannersAnswer {
  const day = dayNumber(date);
  const dayStartUtc = day * DAY - IST;
  if (now.getTime() < dayStartUtc - DAY || now.getTime() >= dayStartUtc + 2 * DAY) return { date, banners: [] };
  const banners: DisruptionBanner[] = [];
  const announced = dayStartUtc - 6 * 3_600_000; // 18:00 IST the evening before
  if (dayModel(world, day).fogNight && now.getTime() >= announced) {
    const asked = airports.length > 0 ? airports.filter((a) => FOG_AIRPORTS.has(a)) : [...FOG_AIRPORTS];
    for (const airport of asked) {
      banners.push({
        id: `fog|${airport}|${date}`,
        kind: 'fog',
        airport,
        carrier: null,
        sentence: `Dense fog at ${cityOf(world, airport)} on the morning of ${date}: flights between 03:00 and 08:00 may be delayed or cancelled. Check your flight's status before you leave.`,
        from: new Date(dayStartUtc + FOG_START_LOCAL * 60_000).toISOString(),
        until: new Date(dayStartUtc + FOG_END_LOCAL * 60_000).toISOString(),
      });
    }
  }
  for (const [carrier, { flights, cancelled }] of [...cancellationsOn(world, day, now)].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (cancelled < MASS_CANCELLATIONS || cancelled / flights < MASS_SHARE) continue;
    banners.push({
      id: `cancellations|${carrier}|${date}`,
      kind: 'cancellations',
      airport: null,
      carrier,
      sentence: `${world.airlineName(carrier)} has cancelled ${cancelled} of its ${flights} flights on ${date}. If yours is one of them, you can rebook free or take a full refund.`,
      from: new Date(dayStartUtc).toISOString(),
      until: new Date(dayStartUtc + DAY).toISOString(),
    });
  }
  return { date, banners };
}
