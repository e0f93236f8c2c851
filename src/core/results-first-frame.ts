// The Results screen's first frame as HTML, drawn by the server into the page it serves for a
// results URL, so the heading and the search summary paint before the app's script has run. The
// screen (web/features/search/results-head.tsx) draws the same elements when it starts; a browser
// test compares the two, so change them together.

import type { SearchQuery } from './search';
import { travellersText, travelDayText } from './search-draft';
import { CABIN_LABELS } from './search-options';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

// lucide-react's ArrowRight at 16 px, as the screen renders it.
const ARROW =
  '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-arrow-right inline-icon" aria-label="to"><path d="M5 12h14"></path><path d="m12 5 7 7-7 7"></path></svg>';

/**
 * The inside of `<main>` for a results URL naming `query`: the screen's heading and summary, then
 * a loading skeleton where the list will be. A round trip (`returnDate`) says so and shows both days.
 * @example resultsFirstFrame(queryFromDraft(draftFromSearch('?from=DEL&to=BOM&date=2026-12-24'))) // '<div class="container page results-page"><header class="results-head"><h1>Flight Results</h1>…'
 */
export function resultsFirstFrame(query: SearchQuery, returnDate?: string): string {
  const days = returnDate ? `${travelDayText(query.date)} – ${travelDayText(returnDate)}` : travelDayText(query.date);
  const summary =
    `<p class="results-summary"><strong>${escapeHtml(query.from)} ${ARROW} ${escapeHtml(query.to)}</strong>` +
    (returnDate ? '<span>Round trip</span>' : '') +
    `<span>${escapeHtml(days)}</span><span>${escapeHtml(travellersText(query))}</span><span>${escapeHtml(CABIN_LABELS[query.cabin])}</span></p>`;
  return (
    `<div class="container page results-page"><header class="results-head"><h1>Flight Results</h1>${summary}</header>` +
    '<div role="status" aria-busy="true"><span class="visually-hidden">Loading…</span><div class="skeleton skeleton-line"></div><div class="skeleton skeleton-line short"></div></div></div>'
  );
}
