import { SlidersHorizontal } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { type Cabin, CABIN_LABELS, CABINS } from '../../../core/search-options';
import { useCurrency } from '../../lib/currency-context';
import { activeFilterCount, PRICE_MAX, type ResultFilters, STOP_OPTIONS, TIME_BUCKETS, type TimeBucket } from '../../features/search/result-filters';

interface FilterPanelProps {
  airlines: string[];
  cabin: Cabin;
  applied: ResultFilters;
  /** Called by Apply Filters; a different cabin means a new search. */
  onApply(filters: ResultFilters, cabin: Cabin): void;
  onClear(): void;
  /** Prefix for the panel's element ids, when a screen shows more than one panel (a round trip's two lists). */
  idPrefix?: string;
  /** The panel's heading; "Filters" by default. */
  title?: string;
  /** Folds away at every width (a round trip's lists sit side by side, with no room beside them). */
  foldable?: boolean;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

/**
 * The filter panel: Class, Departure Time, Airlines, Price Range (0–100000, only the
 * maximum moves), Stops, Clear All and Apply Filters. Choices take effect on Apply.
 * On narrow screens it collapses into a section above the list.
 */
export function FilterPanel({ airlines, cabin, applied, onApply, onClear, idPrefix = '', title = 'Filters', foldable = false }: FilterPanelProps) {
  const id = (name: string) => `${idPrefix}${name}`;
  const { format } = useCurrency();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<ResultFilters>(applied);
  const [draftCabin, setDraftCabin] = useState<Cabin>(cabin);
  const inUse = activeFilterCount(applied);
  const toggleButton = useRef<HTMLButtonElement>(null);
  // Filters applied or cleared elsewhere (the empty list's Clear All, a new class) become the
  // draft here without redrawing the panel, so keyboard focus stays where it is.
  const [shown, setShown] = useState({ applied, cabin });
  if (shown.applied !== applied || shown.cabin !== cabin) {
    setShown({ applied, cabin });
    setDraft(applied);
    setDraftCabin(cabin);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft, draftCabin);
    setOpen(false);
    // Focus stays on Apply Filters; where the panel folds away (narrow screens) it goes to the
    // Show filters button that reopens it, never to the page.
    const toggle = toggleButton.current;
    if (toggle && toggle.getClientRects().length > 0) toggle.focus();
  }

  return (
    <section className={foldable ? 'filter-panel card foldable' : 'filter-panel card'} aria-labelledby={id('filters-title')}>
      <div className="filter-head">
        <h2 id={id('filters-title')}>{title}</h2>
        <button ref={toggleButton} type="button" className="btn btn-small filter-toggle" aria-expanded={open} aria-controls={id('filter-body')} onClick={() => setOpen((v) => !v)}>
          <SlidersHorizontal aria-hidden="true" size={16} />
          {open ? 'Hide filters' : `Show filters${inUse > 0 ? ` (${inUse})` : ''}`}
        </button>
      </div>
      <form id={id('filter-body')} className={open ? 'filter-body open' : 'filter-body'} onSubmit={submit}>
        <div className="filter-group">
          <label htmlFor={id('filter-cabin')} className="filter-label">
            Class
          </label>
          <select id={id('filter-cabin')} value={draftCabin} onChange={(event) => setDraftCabin(CABINS.find((c) => c === event.target.value) ?? cabin)}>
            {CABINS.map((value) => (
              <option key={value} value={value}>
                {CABIN_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="filter-group">
          <legend className="filter-label">Departure Time</legend>
          {TIME_BUCKETS.map((bucket) => (
            <label key={bucket.key} className="check">
              <input
                type="checkbox"
                checked={draft.times.includes(bucket.key)}
                onChange={() => setDraft((d) => ({ ...d, times: toggle<TimeBucket>(d.times, bucket.key) }))}
              />
              <span>
                {bucket.label} <span className="muted small">{bucket.range}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="filter-group">
          <legend className="filter-label">Stops</legend>
          {STOP_OPTIONS.map((option) => (
            <label key={option.value} className="check">
              <input type="checkbox" checked={draft.stops.includes(option.value)} onChange={() => setDraft((d) => ({ ...d, stops: toggle(d.stops, option.value) }))} />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>
        <fieldset className="filter-group">
          <legend className="filter-label">Airlines</legend>
          {airlines.length === 0 ? <p className="muted small">No airlines to choose from yet.</p> : null}
          {airlines.map((name) => (
            <label key={name} className="check">
              <input type="checkbox" checked={draft.airlines.includes(name)} onChange={() => setDraft((d) => ({ ...d, airlines: toggle(d.airlines, name) }))} />
              <span>{name}</span>
            </label>
          ))}
        </fieldset>
        <div className="filter-group">
          <label htmlFor={id('filter-price')} className="filter-label">
            Price Range
          </label>
          <input
            id={id('filter-price')}
            type="range"
            min={0}
            max={PRICE_MAX}
            step={500}
            value={draft.maxPrice}
            aria-valuetext={`Up to ${format(draft.maxPrice)}`}
            onChange={(event) => setDraft((d) => ({ ...d, maxPrice: Number(event.target.value) }))}
          />
          <div className="range-ends small muted">
            <span>{format(0)}</span>
            <output htmlFor={id('filter-price')}>Up to {format(draft.maxPrice)}</output>
          </div>
        </div>
        <div className="filter-actions">
          <button
            type="button"
            className="btn"
            onClick={() => {
              setDraft({ ...applied, times: [], airlines: [], stops: [], maxPrice: PRICE_MAX });
              setDraftCabin(cabin);
              onClear();
            }}
          >
            Clear All
          </button>
          <button type="submit" className="btn btn-primary">
            Apply Filters
          </button>
        </div>
      </form>
    </section>
  );
}
