// The search as a results URL carries it, shared by the Results screen and the server (which
// starts the screen's API request as soon as it serves the page). No zod: the home page loads it.

/** The search as the form holds it and the URL carries it: every value a string, nothing validated yet. */
export interface SearchDraft {
  from: string;
  to: string;
  date: string;
  cabin: string;
  adults: string;
  children: string;
  infants: string;
}

export const SEARCH_FIELDS = ['from', 'to', 'date', 'cabin', 'adults', 'children', 'infants'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

export const EMPTY_DRAFT: SearchDraft = { from: '', to: '', date: '', cabin: 'economy', adults: '1', children: '0', infants: '0' };

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

/** The API query string for a draft (GET /api/search takes the same names as the URL). */
export function draftToParams(draft: SearchDraft): string {
  return new URLSearchParams({ ...draft }).toString();
}

