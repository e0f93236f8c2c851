/** Smart recommendations' constants and messages (no zod: the Home panel imports these). */

/** Budget when the traveller sets none, INR. */
export const DEFAULT_RECOMMENDATION_BUDGET = 20_000;
/** At most this many destinations are recommended. */
export const MAX_RECOMMENDATIONS = 4;
/** Origin when the traveller has not searched yet. */
export const DEFAULT_RECOMMENDATION_ORIGIN = 'DEL';
/** Days ahead the lowest fare is looked for. */
export const RECOMMENDATION_WINDOW_DAYS = 30;
/** Days ahead the typical (median) fare is taken over. */
export const RECOMMENDATION_TYPICAL_DAYS = 60;
export const RECOMMENDATION_BUDGET_MIN = 1_000;
export const RECOMMENDATION_BUDGET_MAX = 100_000;

export const recommendationSelected = (name: string) => `Selected ${name} - Great choice!`;
