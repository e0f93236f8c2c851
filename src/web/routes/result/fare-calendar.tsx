import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { fareAge } from '../../../core/fare-age';
import type { SearchQuery } from '../../../core/search';
import { useCurrency } from '../../lib/currency-context';
import { FARE_BAND_LABELS, type FareBand, fareBand } from '../../features/search/result-filters';
import { useFareCalendar } from '../../features/search/search-api';
import { localIsoDate } from '../../features/search/search-url';

/**
 * Moves a YYYY-MM month by `delta` months.
 * @example addMonths('2026-12', 1) // "2027-01"
 */
function addMonths(month: string, delta: number): string {
  const [year = 1970, m = 1] = month.split('-').map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

const monthTitle = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const monthName = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

const BANDS: FareBand[] = ['low', 'fair', 'high', 'peak'];
const BAND_WORDS: Record<FareBand, string> = { low: 'low fare', fair: 'fair fare', high: 'high fare', peak: 'peak fare' };

/**
 * A month strip of the lowest all-in adult fare per day for the searched route, coloured by the
 * fare thresholds (legend alongside, so colour is not the only cue). Past days are disabled;
 * picking a day searches it.
 * @example <FareCalendar query={query} onPick={(date) => navigate(resultUrl({ ...query, date }))} />
 */
export function FareCalendar({ query, onPick, title = 'Fare calendar', idPrefix = '', minDate }: { query: SearchQuery; onPick(date: string): void; title?: string; idPrefix?: string; minDate?: string }) {
  const { format } = useCurrency();
  // Days before `minDate` (a return before its departure) are disabled like past days.
  const realToday = localIsoDate();
  const today = minDate && minDate > realToday ? minDate : realToday;
  const titleId = `${idPrefix}calendar-title`;
  const [month, setMonth] = useState(query.date.slice(0, 7));
  const calendar = useFareCalendar({ from: query.from, to: query.to, month, cabin: query.cabin });
  const strip = useRef<HTMLOListElement>(null);
  // Ages of last-known fares are read against the time the month arrived.
  const now = calendar.dataUpdatedAt;

  useEffect(() => {
    // Bring the searched day into view in the scrolling strip.
    const selected = strip.current?.querySelector<HTMLElement>('[aria-current="date"]');
    if (selected && strip.current) strip.current.scrollLeft = selected.offsetLeft - strip.current.clientWidth / 2 + selected.clientWidth / 2;
  }, [calendar.data, month]);

  const canGoBack = month > today.slice(0, 7);
  return (
    <section className="fare-calendar card" aria-labelledby={titleId}>
      <div className="cal-head">
        <h2 id={titleId}>{title}</h2>
        <div className="cal-nav">
          <button type="button" className="icon-btn" aria-label={`Previous month${idPrefix ? ` (${title})` : ''}`} disabled={!canGoBack} onClick={() => setMonth((m) => addMonths(m, -1))}>
            <ChevronLeft aria-hidden="true" size={20} />
          </button>
          <span className="cal-month" aria-live="polite">
            {monthTitle.format(utc(`${month}-01`))}
          </span>
          <button type="button" className="icon-btn" aria-label={`Next month${idPrefix ? ` (${title})` : ''}`} onClick={() => setMonth((m) => addMonths(m, 1))}>
            <ChevronRight aria-hidden="true" size={20} />
          </button>
        </div>
      </div>
      {calendar.isPending ? (
        <div className="cal-strip" role="status" aria-busy="true" aria-label="Loading fares">
          {Array.from({ length: 8 }, (_, i) => (
            <div key={i} className="skeleton cal-day-skeleton" />
          ))}
        </div>
      ) : calendar.isError ? (
        <p className="muted small">Fares for this month could not be loaded. Try another month or search again.</p>
      ) : (
        <ol className="cal-strip" ref={strip}>
          {calendar.data.days.map((day) => {
            const past = day.date < today;
            const pastWords = day.date < realToday ? 'past date' : 'before departure';
            const band = day.lowestFare !== null ? fareBand(day.lowestFare) : null;
            const selected = day.date === query.date;
            // A remote supplier's fares are last-known (with when they were seen); a day no search has
            // seen yet is not "no flights" but unknown, and picking it searches it.
            const lastKnown = day.seenAt !== undefined;
            const unseen = lastKnown && day.seenAt === null && day.lowestFare === null;
            const age = day.seenAt ? fareAge(day.seenAt, now) : null;
            const fareText = day.lowestFare !== null ? format(day.lowestFare) : unseen ? 'Not seen yet' : 'No flights';
            // The button's name is its visible text plus the hidden words around it, so what a
            // speech-input user reads out is what selects it: "Thu 24 December ₹4,567 low fare".
            const status = past ? pastWords : day.lowestFare !== null ? (band ? BAND_WORDS[band] : '') : unseen ? 'fare not seen yet' : 'no flights';
            return (
              <li key={day.date}>
                <button
                  type="button"
                  className={`cal-day${band && !past ? ` band-${band}` : ''}${lastKnown ? ' cal-day-aged' : ''}`}
                  disabled={past || (day.lowestFare === null && !unseen)}
                  aria-current={selected ? 'date' : undefined}
                  title={`${longDay.format(utc(day.date))}: ${past ? pastWords : day.lowestFare !== null ? `from ${fareText}${age ? `, ${age}` : ''}` : unseen ? 'fare not seen yet, search this day' : 'no flights'}`}
                  onClick={() => onPick(day.date)}
                >
                  <span className="cal-wd">{weekday.format(utc(day.date))}</span> <span className="cal-dn">{Number(day.date.slice(8, 10))}</span>
                  <span className="visually-hidden"> {monthName.format(utc(day.date))}</span> <span className="cal-fare">{past ? '—' : day.lowestFare !== null ? fareText : '—'}</span>
                  {status ? <span className="visually-hidden"> {status}</span> : null}
                  {age && !past ? <span className="cal-age"> {age}</span> : null}
                </button>
              </li>
            );
          })}
        </ol>
      )}
      <ul className="cal-legend small" aria-label="Fare colours">
        {BANDS.map((band) => (
          <li key={band}>
            <span className={`cal-swatch band-${band}`} aria-hidden="true" />
            {FARE_BAND_LABELS[band]}
          </li>
        ))}
      </ul>
      <p className="muted small cal-note">
        {calendar.data?.days.some((day) => day.seenAt !== undefined) ? 'Lowest all-in fare for one adult, as last seen by a search; it may have changed.' : 'Lowest all-in fare for one adult.'}
      </p>
    </section>
  );
}
