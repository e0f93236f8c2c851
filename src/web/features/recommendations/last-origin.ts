import { DEFAULT_RECOMMENDATION_ORIGIN } from '../../../core/recommendation-options';
import { personalKey, readStored, writeStored } from '../../lib/storage';

/** The origin of the traveller's last search (personal: wiped on logout). */
const LAST_SEARCH_FROM_KEY = personalKey('last-search-from');

export function rememberSearchOrigin(code: string): void {
  if (/^[A-Z]{3}$/.test(code)) writeStored(LAST_SEARCH_FROM_KEY, code);
}

/** The last search's origin, else Delhi. */
export function recommendationOrigin(): string {
  const code = readStored(LAST_SEARCH_FROM_KEY);
  return code && /^[A-Z]{3}$/.test(code) ? code : DEFAULT_RECOMMENDATION_ORIGIN;
}
