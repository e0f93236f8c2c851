/**
 * The delay model's inputs and distributions: on-time performance (OTP) per airline and
 * month, the Delhi fog window, cancellation rates and a heavy-tailed lateness distribution.
 * Every draw takes uniforms from `drawUniform`, seeded by world seed + flight + date, so the
 * same flight-day always comes out the same.
 */
import { hashString } from '../schedule/rng';

/**
 * Share of flights arriving within 15 min of schedule in a normal month (DGCA's OTP at the four
 * metros: IndiGo ~0.82, Akasa ~0.88, Air India Express ~0.78, Air India ~0.76, SpiceJet ~0.55,
 * Alliance ~0.60). Foreign carriers, not measured by DGCA, get 0.80.
 */
export const OTP_BASELINE: Readonly<Record<string, number>> = {
  '6E': 0.82,
  QP: 0.88,
  IX: 0.78,
  AI: 0.76,
  SG: 0.55,
  '9I': 0.6,
  S5: 0.72,
};
const FOREIGN_OTP = 0.8;

/** Month multipliers on OTP (index 0 = January): monsoon July–September is worse, spring better. */
const MONTH_FACTOR: readonly number[] = [0.97, 1.0, 1.04, 1.04, 1.02, 0.98, 0.94, 0.93, 0.95, 1.0, 1.0, 0.97];

/** North-India airports whose legs suffer in the fog window (10 Dec – 10 Feb). */
export const FOG_AIRPORTS: ReadonlySet<string> = new Set(['DEL', 'ATQ', 'LKO', 'JAI', 'PAT', 'VNS', 'IXC']);
/** OTP multiplier on fog-airport legs inside the fog window. */
const FOG_OTP_FACTOR = 0.75;
/** Share of fog-window nights with dense fog at Delhi (~53 h/month in ~5 h nights ≈ 11 nights). */
export const FOG_NIGHT_SHARE = 0.35;
/** Dense fog closes departures and arrivals from 03:00 to 08:00 local on a fog night. */
export const FOG_START_LOCAL = 3 * 60;
export const FOG_END_LOCAL = 8 * 60;

/** Cancellation probability per operated leg: normal months, and fog legs in the fog window. */
const CANCEL_NORMAL = 0.006;
const CANCEL_FOG = 0.025;
/** Airlines may cancel in advance a fog-window flight predicted more than 3 h late. */
export const FOG_ADVANCE_CANCEL_MINUTES = 180;

/** Late flights are 15 + X minutes late, X ~ LogNormal(ln m, s); past 180 min a Pareto tail. */
export const LATENESS = {
  normal: { m: 22, s: 1.0 },
  fog: { m: 26, s: 1.05 },
} as const;
const PARETO_FROM = 180;
const PARETO_ALPHA = 2;
/** Nothing waits longer than 12 h; beyond that airlines cancel. */
const MAX_DELAY = 720;

/** Is an ISO date (YYYY-MM-DD) inside the 10 Dec – 10 Feb fog window? */
export function inFogWindow(isoDate: string): boolean {
  const month = Number(isoDate.slice(5, 7));
  const day = Number(isoDate.slice(8, 10));
  return (month === 12 && day >= 10) || month === 1 || (month === 2 && day <= 10);
}

/** Does a leg touch a fog airport inside the fog window? */
export function isFogLeg(from: string, to: string, isoDate: string): boolean {
  return inFogWindow(isoDate) && (FOG_AIRPORTS.has(from) || FOG_AIRPORTS.has(to));
}

/**
 * Input on-time share of one leg: airline baseline × month factor, × 0.75 on fog legs in the
 * fog window, capped at 0.97.
 * @example onTimeTarget('6E', '2026-05-02', 'BOM', 'BLR') // 0.82 × 1.02 ≈ 0.836
 */
export function onTimeTarget(carrier: string, isoDate: string, from: string, to: string): number {
  const base = OTP_BASELINE[carrier] ?? FOREIGN_OTP;
  const month = MONTH_FACTOR[Number(isoDate.slice(5, 7)) - 1] ?? 1;
  const fog = isFogLeg(from, to, isoDate) ? FOG_OTP_FACTOR : 1;
  return Math.min(0.97, base * month * fog);
}

/** Cancellation probability of one leg. */
export function cancelProbability(from: string, to: string, isoDate: string): number {
  return isFogLeg(from, to, isoDate) ? CANCEL_FOG : CANCEL_NORMAL;
}

/**
 * A uniform in [0, 1) for (seed, key, stream): independent streams per flight-day.
 * @example drawUniform(20261121, '6E2174@2026-12-24', 1)
 */
export function drawUniform(seed: number, key: string, stream: number): number {
  let h = hashString(`${seed}|${key}|${stream}`);
  // One round of murmur3's finaliser spreads FNV's low-entropy high bits.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/**
 * Inverse of the standard normal CDF (Acklam's rational approximation, |error| < 1.2e-9).
 * @example normalQuantile(0.975) // ≈ 1.96
 */
function normalQuantile(p: number): number {
  const q0 = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  const at = (xs: number[], i: number) => xs[i] ?? 0;
  if (q0 < low) {
    const q = Math.sqrt(-2 * Math.log(q0));
    return (((((at(c, 0) * q + at(c, 1)) * q + at(c, 2)) * q + at(c, 3)) * q + at(c, 4)) * q + at(c, 5)) / ((((at(d, 0) * q + at(d, 1)) * q + at(d, 2)) * q + at(d, 3)) * q + 1);
  }
  if (q0 > 1 - low) return -normalQuantile(1 - q0);
  const q = q0 - 0.5;
  const r = q * q;
  return (
    ((((((at(a, 0) * r + at(a, 1)) * r + at(a, 2)) * r + at(a, 3)) * r + at(a, 4)) * r + at(a, 5)) * q) /
    (((((at(b, 0) * r + at(b, 1)) * r + at(b, 2)) * r + at(b, 3)) * r + at(b, 4)) * r + 1)
  );
}

/**
 * Minutes late of a late flight: 15 + LogNormal(ln m, s), continued past 180 min by a Pareto
 * tail (α = 2) so the largest delays decay as a power law. Capped at 12 h.
 * @example lateMinutes(0.5, 'normal') // 37 (the median)
 */
export function lateMinutes(u: number, regime: keyof typeof LATENESS): number {
  const { m, s } = LATENESS[regime];
  const d = 15 + Math.exp(Math.log(m) + s * normalQuantile(u));
  if (d <= PARETO_FROM) return Math.round(d);
  // Probability mass past 180 min, re-spread as a Pareto tail starting at 180.
  const pTail = 1 - normalCdf((Math.log(PARETO_FROM - 15) - Math.log(m)) / s);
  const v = (1 - u) / pTail; // in (0, 1]: where this draw sits inside the tail
  return Math.min(MAX_DELAY, Math.round(PARETO_FROM * Math.pow(Math.max(v, 1e-9), -1 / PARETO_ALPHA)));
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 through erf, |error| < 1.5e-7). */
function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}
