// The search as a results URL carries it, shared by the Results screen and the server (which
// starts the screen's API request and draws its heading as soon as it serves the page). No zod:
// the home page loads it.

import type { SearchQuery } from './search';
import { type Cabin, CABINS, MAX_SEATS_PER_BOOKING } from './search-options';

/** The search as the form holds it and the URL carries it: every value a string, nothing validated yet. */
export interface SearchDraft {
  from: string;
  to: string;
  date: string;
  cabin: string;
  adults: string;
  children: string;
  infants: string;
  /** "oneWay" (the default) or "roundTrip"; the URL carries it only for a round trip. */
  tripType: string;
  /** The return date of a round trip ("" for one way). */
  returnDate: string;
}

export const SEARCH_FIELDS = ['from', 'to', 'date', 'cabin', 'adults', 'children', 'infants', 'tripType', 'returnDate'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const EMPTY_DRAFT: SearchDraft = { from: '', to: '', date: '', cabin: 'economy', adults: '1', children: '0', infants: '0', tripType: 'oneWay', returnDate: '' };

/** Whether a draft asks for a round trip. */
export function isRoundTripDraft(draft: SearchDraft): boolean {
  return draft.tripType === 'roundTrip';
}

/**
 * Reads a search from a URL query string. Returns null when the URL carries no search at all
 * (no from, to or date), so the page can show its "please search" state.
 * @example draftFromSearch('from=BOM&to=DEL&date=2026-12-24') // { from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: '1', ... }
 */
export function draftFromSearch(search: string): SearchDraft | null {
  const params = new URLSearchParams(search);
  if (!params.has('from') && !params.has('to') && !params.has('date')) return null;
  const draft = { ...EMPTY_DRAFT };
  for (const field of SEARCH_FIELDS) {
    const value = params.get(field);
    if (value !== null) draft[field] = value;
  }
  return draft;
}

/**
 * The API query string for a draft (GET /api/search and GET /api/search/round-trip take the same
 * names as the URL); the trip type and return date only for a round trip.
 */
export function draftToParams(draft: SearchDraft): string {
  const { tripType, returnDate, ...oneWay } = draft;
  return new URLSearchParams(tripType === 'roundTrip' ? { ...oneWay, tripType, returnDate } : oneWay).toString();
}

/** The API path of a draft's search. */
export function searchApiPath(draft: SearchDraft): string {
  return `${isRoundTripDraft(draft) ? '/api/search/round-trip' : '/api/search'}?${draftToParams(draft)}`;
}

const AIRPORT_CODE = /^[A-Z]{3}$/;
const DIGIT = /^\d$/;

/**
 * The search a results URL names when it is in the form the search form writes (airport codes,
 * an ISO date, a known class, one-digit counts), read without the validation library so the page
 * can draw its summary and fare calendar before the answer arrives. Anything else gives null, and
 * the server's answer supplies the query. Past dates are left to the server to refuse.
 * @example queryFromDraft({ from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: '1', children: '0', infants: '0' })
 * // { from: 'BOM', to: 'DEL', date: '2026-12-24', cabin: 'economy', adults: 1, children: 0, infants: 0 }
 */
export function queryFromDraft(draft: SearchDraft): SearchQuery | null {
  const { from, to, date, cabin } = draft;
  if (!AIRPORT_CODE.test(from) || !AIRPORT_CODE.test(to) || from === to) return null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return null;
  if (!(CABINS as readonly string[]).includes(cabin)) return null;
  if (![draft.adults, draft.children, draft.infants].every((v) => DIGIT.test(v))) return null;
  const adults = Number(draft.adults);
  const children = Number(draft.children);
  const infants = Number(draft.infants);
  if (adults < 1 || adults + children > MAX_SEATS_PER_BOOKING || infants > adults) return null;
  return { from, to, date, cabin: cabin as Cabin, adults, children, infants };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : word === 'child' ? 'ren' : 's'}`;
}

/**
 * Who travels, in words; children and infants only when there are any.
 * @example travellersText({ adults: 2, children: 0, infants: 1 }) // "2 adults, 1 infant"
 */
export function travellersText(query: Pick<SearchQuery, 'adults' | 'children' | 'infants'>): string {
  return [plural(query.adults, 'adult'), query.children ? plural(query.children, 'child') : '', query.infants ? plural(query.infants, 'infant') : ''].filter(Boolean).join(', ');
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/**
 * The day of travel as the results heading shows it.
 * @example travelDayText('2026-12-24') // "Thu, 24 Dec 2026"
 */
export function travelDayText(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

/**
 * The return date a round-trip draft names when it is in the form the search form writes (an ISO
 * date, not before the departure), for drawing the heading before the answer arrives; else undefined.
 * @example returnDateOf({ ...draft, tripType: 'roundTrip', returnDate: '2026-12-28' }) // '2026-12-28'
 */
export function returnDateOf(draft: SearchDraft): string | undefined {
  if (!isRoundTripDraft(draft) || !/^\d{4}-\d{2}-\d{2}$/.test(draft.returnDate) || draft.returnDate < draft.date) return undefined;
  return draft.returnDate;
}
