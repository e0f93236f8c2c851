import { type Baggage, type FareFamily, type Fee, type FeeSchedule, TAXES_ALWAYS_REFUNDED } from '../../../core/fares';

/**
 * A fare family's rules in words, generated from its data (never written by hand):
 *
 * - Checked baggage, cabin baggage, seat and meal, one line each.
 * - Changes and cancellation: the fee of every band with its hours, the cutoff inside which the
 *   fare is forfeited, or "not allowed".
 * - "Taxes and airport charges are always refunded." on every family.
 * - Whether the base fare comes back on cancellation (fully, less the fee, or not at all).
 * - Several families (a connection whose legs differ): each family's lines are prefixed with its
 *   airline and name; the taxes line comes once, last.
 */


const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** "₹3,999" from paise. */
function money(paise: number): string {
  return `₹${rupees.format(Math.round(paise / 100))}`;
}

/** "15 kg", "2 pieces of 23 kg", "1 piece". */
export function baggageInWords(b: Baggage): string {
  if (b.pieces === 1) return b.kg === null ? '1 piece' : `${b.kg} kg`;
  return b.kg === null ? `${b.pieces} pieces` : `${b.pieces} pieces of ${b.kg} kg`;
}

function hoursInWords(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

function feeInWords(fee: Fee, what: 'change' | 'cancel'): string {
  if (fee.kind === 'forfeit') return what === 'change' ? 'not possible' : 'base fare and fuel charge forfeited';
  if (fee.kind === 'percentOfBase') return `${fee.percent}% of the base fare`;
  return fee.paise === 0 ? 'free' : money(fee.paise);
}

/** "more than 72 hours before departure: ₹3,999; 3–72 hours: ₹4,999; under 3 hours: …". */
function bandsInWords(schedule: FeeSchedule, what: 'change' | 'cancel'): string {
  return [...schedule.bands]
    .reverse()
    .map((band) => {
      const fee = feeInWords(band.fee, what);
      if (band.toHoursBefore === null) return band.fromHoursBefore === 0 ? `any time before departure: ${fee}` : `${hoursInWords(band.fromHoursBefore)} or more before departure: ${fee}`;
      if (band.fromHoursBefore === 0) return `under ${hoursInWords(band.toHoursBefore)} before departure${what === 'cancel' ? ' or no-show' : ''}: ${fee}`;
      return `${hoursInWords(band.fromHoursBefore)} to ${hoursInWords(band.toHoursBefore)} before departure: ${fee}`;
    })
    .join('; ');
}

function seatInWords(f: FareFamily): string {
  if (f.seat === 'allFree') return 'Seat: any seat free, extra-legroom included';
  if (f.seat === 'standardFree') return 'Seat: standard seats free; preferred seats for a fee';
  return 'Seat: a seat is assigned free at check-in; choosing one costs extra';
}

function mealInWords(f: FareFamily): string {
  if (f.meal === 'meal') return 'Meal: included';
  if (f.meal === 'snack') return 'Meal: a snack included';
  return 'Meal: not included; buy on board';
}

function changeInWords(f: FareFamily): string {
  if (!f.change.allowed) return 'Changes: not allowed';
  const difference = f.refundsFareDifference ? 'a higher fare is paid, a lower fare is refunded' : 'plus any fare difference; a lower fare is not refunded';
  return `Changes (${difference}): ${bandsInWords(f.change, 'change')}`;
}

function cancelInWords(f: FareFamily): string {
  if (!f.cancel.allowed) return 'Cancellation: base fare and fuel charge not refundable';
  return `Cancellation fee per passenger per flight: ${bandsInWords(f.cancel, 'cancel')}`;
}

function baseInWords(f: FareFamily): string {
  const cutoff = hoursInWords(f.cutoffMinutes / 60);
  if (!f.cancel.allowed) return 'Base fare: not refundable';
  const open = f.cancel.bands.filter((b) => b.fee.kind !== 'forfeit');
  if (open.length > 0 && open.every((b) => b.fee.kind === 'amount' && b.fee.paise === 0)) return `Base fare: fully refundable until ${cutoff} before departure`;
  return `Base fare: refundable less the cancellation fee until ${cutoff} before departure (the fee never exceeds base fare + fuel charge)`;
}

/**
 * A family's lines, said once per family: they depend on nothing but the family's own data, and
 * every priced option of every itinerary (search cards, quotes, change options) says them again.
 * Keyed by the family object (families are immutable data); callers get copies, never these arrays.
 */
const linesOfFamily = new WeakMap<FareFamily, readonly string[]>();

function familyLines(f: FareFamily): readonly string[] {
  let lines = linesOfFamily.get(f);
  if (!lines) {
    lines = linesInWords(f);
    linesOfFamily.set(f, lines);
  }
  return lines;
}

function linesInWords(f: FareFamily): string[] {
  const cutoff = hoursInWords(f.cutoffMinutes / 60);
  return [
    `Checked baggage: ${f.checkedBag === null || f.checkedBag.pieces === 0 ? 'none included (cabin bag only)' : baggageInWords(f.checkedBag)}`,
    `Cabin baggage: ${baggageInWords(f.cabinBag)}`,
    seatInWords(f),
    mealInWords(f),
    changeInWords(f),
    cancelInWords(f),
    `Changes and cancellations close ${cutoff} before departure`,
    baseInWords(f),
  ];
}

/**
 * The rules of the families of an itinerary's legs (in leg order; repeats are said once), in words.
 * @example rulesInWords([familyByCode('6E.SAVER', now)!]) // ['Checked baggage: 15 kg', …, 'Taxes and airport charges are always refunded.']
 */
export function rulesInWords(families: readonly FareFamily[], airlineName: (code: string) => string = (code) => code): string[] {
  const distinct = families.filter((f, i) => families.findIndex((g) => g.code === f.code) === i);
  if (distinct.length === 1 && distinct[0]) return [...familyLines(distinct[0]), TAXES_ALWAYS_REFUNDED];
  return [...distinct.flatMap((f) => familyLines(f).map((line) => `${airlineName(f.airline)} ${f.name} — ${line}`)), TAXES_ALWAYS_REFUNDED];
}
