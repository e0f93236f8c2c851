import { ArrowRight } from 'lucide-react';
import type { SearchQuery } from '../../../core/search';
import { travelDayText, travellersText } from '../../../core/search-draft';
import { CABIN_LABELS } from '../../../core/search-options';

/**
 * The Results screen's heading and the search it shows. The server draws the same markup into the
 * page before the script runs (core/results-first-frame.ts): change the two together.
 */
export function ResultsHead({ query, returnDate }: { query: SearchQuery | undefined; returnDate?: string | undefined }) {
  return (
    <header className="results-head">
      <h1>Flight Results</h1>
      {query ? (
        <p className="results-summary">
          <strong>
            {query.from} <ArrowRight aria-label="to" size={16} className="inline-icon" /> {query.to}
          </strong>
          {returnDate ? <span>Round trip</span> : null}
          <span>{returnDate ? `${travelDayText(query.date)} – ${travelDayText(returnDate)}` : travelDayText(query.date)}</span>
          <span>{travellersText(query)}</span>
          <span>{CABIN_LABELS[query.cabin]}</span>
        </p>
      ) : null}
    </header>
  );
}

/** What a results URL shows while the screen's code loads: its heading, then a skeleton. */
export function ResultsFirstFrame({ query, returnDate }: { query: SearchQuery; returnDate?: string | undefined }) {
  return (
    <div className="container page results-page">
      <ResultsHead query={query} returnDate={returnDate} />
      <div role="status" aria-busy="true">
        <span className="visually-hidden">Loading…</span>
        <div className="skeleton skeleton-line" />
        <div className="skeleton skeleton-line short" />
      </div>
    </div>
  );
}
