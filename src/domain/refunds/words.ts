import { formatMoney } from '../../core/currency';
import type { FeeBand } from '../../core/fares';

/**
 * The refund and change rule in plain words: bands, fees and cutoffs as a traveller reads them
 * ("72 hours or more before departure: ₹3,999 airline fee").
 */

/** Paise as rupees with Indian digit grouping ("₹3,999", "₹12.50"). */
export function money(paise: number): string {
  return formatMoney(paise / 100, 'INR');
}

/** Hours as words: whole days from a week up ("10 days"), else hours ("72 hours"), else minutes. */
function hoursWords(hours: number): string {
  if (hours >= 168 && hours % 24 === 0) return `${hours / 24} days`;
  if (Number.isInteger(hours)) return hours === 1 ? '1 hour' : `${hours} hours`;
  return `${Math.round(hours * 60)} minutes`;
}

/** A cutoff in minutes as words ("3 hours", "90 minutes"). */
export function cutoffWords(minutes: number): string {
  return minutes % 60 === 0 ? hoursWords(minutes / 60) : `${minutes} minutes`;
}

/** When a band applies, in words ("24 to 72 hours before departure"). */
export function bandWords(band: FeeBand | null): string {
  if (!band || (band.fromHoursBefore === 0 && band.toHoursBefore === null)) return 'Any time before departure';
  if (band.toHoursBefore === null) return `${hoursWords(band.fromHoursBefore)} or more before departure`;
  const to = hoursWords(band.toHoursBefore);
  if (band.fromHoursBefore === 0) return `Less than ${to} before departure`;
  const from = hoursWords(band.fromHoursBefore);
  const unit = from.split(' ')[1];
  const short = unit === to.split(' ')[1] ? from.split(' ')[0] : from;
  return `${short} to ${to} before departure`;
}

/** The airline's cancellation fee of a band in words, noting a cap at the fare paid. */
export function feeWords(band: FeeBand | null, feePaise: number, basePaise: number): string {
  if (!band || feePaise === 0) return 'no airline fee';
  const fee = band.fee;
  if (fee.kind === 'percentOfBase') {
    const raw = Math.round((basePaise * fee.percent) / 100);
    const capped = raw > feePaise ? ', capped at the fare paid' : '';
    return `${fee.percent}% of the base fare, ${money(feePaise)} airline fee${capped}`;
  }
  if (fee.kind === 'amount' && fee.paise > feePaise) return `${money(feePaise)} airline fee (the airline's ${money(fee.paise)}, capped at the fare paid)`;
  return `${money(feePaise)} airline fee`;
}

/** A change fee in words ("72 hours or more before departure: ₹2,250 change fee"). */
export function changeFeeWords(band: FeeBand | null, feePaise: number, basePaise: number): string {
  if (feePaise === 0) return 'This fare changes free: no change fee';
  return `${bandWords(band)}: ${feeWords(band, feePaise, basePaise).replace('airline fee', 'change fee')}`;
}
