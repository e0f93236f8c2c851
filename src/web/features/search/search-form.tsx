import { ArrowUpDown, PlaneLanding, PlaneTakeoff, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { resolveCityCode } from '../../../core/city-codes';
import { CABIN_LABELS, CABINS, SEARCH_MESSAGES } from '../../../core/search-options';
import { notify } from '../../lib/toast';
import { MultiCityButton } from '../planner/multi-city-button';
import { rememberSearchOrigin } from '../recommendations/last-origin';
import { AirportCombobox } from '../../components/airport-combobox';
import { codeFromLabel } from '../../components/airport-suggestions';
import type * as ValidateSearchModule from './validate-search';
import { EMPTY_DRAFT, localIsoDate, resultUrl, roundTripResultUrl, SEARCH_FIELDS, type SearchDraft, type SearchField } from './search-url';
import './search-form.css';

type Errors = Partial<Record<SearchField, string>>;

// zod and the schema load on first use, keeping the home page's first load small.
let validator: Promise<typeof ValidateSearchModule> | undefined;
function loadValidator() {
  validator ??= import('./validate-search');
  validator.catch(() => {
    validator = undefined;
  });
  return validator;
}

/** Keeps the messages for fields this form has. */
function pickFieldErrors(fields: Record<string, string> | undefined): Errors {
  const errors: Errors = {};
  for (const field of SEARCH_FIELDS) {
    const message = fields?.[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** What the traveller typed or picked, as the code the API takes. */
function toCode(text: string, picked: string | null): string {
  return picked ?? codeFromLabel(text) ?? resolveCityCode(text);
}

interface SearchFormInitial {
  fromText?: string;
  toText?: string;
  draft?: Partial<SearchDraft>;
}

interface SearchFormProps {
  initial?: SearchFormInitial;
  /** Field messages from the server (a results URL it refused), shown under their fields. */
  initialErrors?: Record<string, string> | undefined;
  /** Shown on the submit button; the results page says "Update Search". */
  submitLabel?: string;
  headingId?: string;
}

function CountField({ id, label, hint, min, max, value, error, onChange }: { id: SearchField; label: string; hint: string; min: number; max: number; value: string; error?: string | undefined; onChange(value: string): void }) {
  const errorId = `${id}-error`;
  return (
    <div className="field count">
      <label htmlFor={id}>
        {label} <span className="field-hint">{hint}</span>
      </label>
      <input
        id={id}
        name={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The search form: One way / Round trip (one way by default), From/To with suggestions and a swap
 * button, Departure Date (minimum today), Return Date for a round trip (minimum the departure date), Class, Adults/Children/Infants, Search Flights and Multi-City. Valid searches go to
 * /result?from=…; errors show under each field with the toast 'Please fix the errors in the form'.
 * @example <SearchForm initial={{ fromText: 'Mumbai', toText: 'Delhi' }} />
 */
export function SearchForm({ initial, initialErrors, submitLabel = 'Search Flights', headingId }: SearchFormProps) {
  const [, navigate] = useLocation();
  const start = { ...EMPTY_DRAFT, ...initial?.draft };
  const [from, setFrom] = useState<{ text: string; code: string | null }>({ text: initial?.fromText ?? start.from, code: null });
  const [to, setTo] = useState<{ text: string; code: string | null }>({ text: initial?.toText ?? start.to, code: null });
  const [date, setDate] = useState(start.date);
  const [cabin, setCabin] = useState(start.cabin);
  const [adults, setAdults] = useState(start.adults);
  const [children, setChildren] = useState(start.children);
  const [infants, setInfants] = useState(start.infants);
  const [roundTrip, setRoundTrip] = useState(start.tripType === 'roundTrip');
  const [returnDate, setReturnDate] = useState(start.returnDate);
  const [errors, setErrors] = useState<Errors>(() => pickFieldErrors(initialErrors));
  const [busy, setBusy] = useState(false);
  const today = localIsoDate();

  const clear = (field: SearchField) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      const { validateSearch } = await loadValidator();
      const draft: SearchDraft = {
        from: toCode(from.text, from.code),
        to: toCode(to.text, to.code),
        date,
        cabin,
        adults,
        children,
        infants,
        tripType: roundTrip ? 'roundTrip' : 'oneWay',
        returnDate: roundTrip ? returnDate : '',
      };
      const result = validateSearch(draft, localIsoDate());
      if (!result.ok) {
        setErrors(result.errors);
        notify.error(SEARCH_MESSAGES.formToast);
        return;
      }
      setErrors({});
      rememberSearchOrigin(result.query.from);
      navigate(result.returnDate ? roundTripResultUrl(result.query, result.returnDate) : resultUrl(result.query));
    } catch {
      notify.error('Could not load the search form. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  }

  function swap() {
    setFrom(to);
    setTo(from);
    setErrors((current) => ({ ...current, from: undefined, to: undefined }));
  }

  return (
    <form className="search-form card" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={() => void loadValidator().catch(() => {})} aria-labelledby={headingId}>
      <fieldset className="trip-type">
        <legend className="visually-hidden">Trip type</legend>
        <label className={roundTrip ? 'trip-option' : 'trip-option checked'}>
          <input type="radio" name="tripType" value="oneWay" checked={!roundTrip} onChange={() => {
              setRoundTrip(false);
              clear('returnDate');
            }} />
          One way
        </label>
        <label className={roundTrip ? 'trip-option checked' : 'trip-option'}>
          <input type="radio" name="tripType" value="roundTrip" checked={roundTrip} onChange={() => setRoundTrip(true)} />
          Round trip
        </label>
      </fieldset>
      <div className="route-fields">
        <AirportCombobox
          id="from"
          label="From"
          placeholder="City or airport"
          icon={<PlaneTakeoff aria-hidden="true" size={18} className="field-icon" />}
          value={from.text}
          error={errors.from}
          onChange={(text, code) => {
            setFrom({ text, code });
            clear('from');
          }}
        />
        <button type="button" className="swap-btn" onClick={swap} aria-label="Swap From and To" title="Swap From and To">
          <ArrowUpDown aria-hidden="true" size={18} />
        </button>
        <AirportCombobox
          id="to"
          label="To"
          placeholder="City or airport"
          icon={<PlaneLanding aria-hidden="true" size={18} className="field-icon" />}
          value={to.text}
          error={errors.to}
          onChange={(text, code) => {
            setTo({ text, code });
            clear('to');
          }}
        />
      </div>
      <div className="trip-fields">
        <div className="field">
          <label htmlFor="date">Departure Date</label>
          <input
            id="date"
            name="date"
            type="date"
            min={today}
            value={date}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? 'date-error' : undefined}
            onChange={(event) => {
              setDate(event.target.value);
              clear('date');
              clear('returnDate');
            }}
          />
          {errors.date ? (
            <p id="date-error" className="field-error">
              {errors.date}
            </p>
          ) : null}
        </div>
        {roundTrip ? (
          <div className="field">
            <label htmlFor="returnDate">Return Date</label>
            <input
              id="returnDate"
              name="returnDate"
              type="date"
              min={date && date > today ? date : today}
              value={returnDate}
              aria-invalid={errors.returnDate ? true : undefined}
              aria-describedby={errors.returnDate ? 'returnDate-error' : undefined}
              onChange={(event) => {
                setReturnDate(event.target.value);
                clear('returnDate');
              }}
            />
            {errors.returnDate ? (
              <p id="returnDate-error" className="field-error">
                {errors.returnDate}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="field">
          <label htmlFor="cabin">Class</label>
          <select
            id="cabin"
            name="cabin"
            value={cabin}
            aria-invalid={errors.cabin ? true : undefined}
            aria-describedby={errors.cabin ? 'cabin-error' : undefined}
            onChange={(event) => setCabin(event.target.value)}
          >
            {CABINS.map((value) => (
              <option key={value} value={value}>
                {CABIN_LABELS[value]}
              </option>
            ))}
          </select>
          {errors.cabin ? (
            <p id="cabin-error" className="field-error">
              {errors.cabin}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="pax-fields">
        <legend>Travellers</legend>
        <CountField id="adults" label="Adults" hint="12+" min={1} max={9} value={adults} error={errors.adults} onChange={(v) => {
            setAdults(v);
            clear('adults');
            clear('infants');
          }} />
        <CountField id="children" label="Children" hint="2–11" min={0} max={9} value={children} error={errors.children} onChange={(v) => {
            setChildren(v);
            clear('children');
          }} />
        <CountField id="infants" label="Infants" hint="under 2" min={0} max={9} value={infants} error={errors.infants} onChange={(v) => {
            setInfants(v);
            clear('infants');
          }} />
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary btn-large search-submit" disabled={busy}>
          <Search aria-hidden="true" size={18} />
          {submitLabel}
        </button>
        <MultiCityButton origin={from.code ?? from.text} />
      </div>
    </form>
  );
}
