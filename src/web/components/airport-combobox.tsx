import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type AirportSuggestion, airportLabel, fetchAirportSuggestions } from './airport-suggestions';

let regions: Intl.DisplayNames | null | undefined;

/** "IN" → "India" with the browser's own names (no data shipped); other text as it is. */
function countryName(country: string): string {
  if (!/^[A-Z]{2}$/.test(country)) return country;
  if (regions === undefined) {
    try {
      regions = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regions = null;
    }
  }
  return regions?.of(country) ?? country;
}

interface AirportComboboxProps {
  id: string;
  label: string;
  icon?: ReactNode;
  placeholder?: string;
  value: string;
  error?: string | undefined;
  /** `code` is set when the traveller picked from the list, null while typing. */
  onChange(text: string, code: string | null): void;
}

/**
 * From/To input with an accessible suggestion list (ARIA 1.2 combobox pattern): arrow keys move
 * through the list, Enter picks, Escape closes. Suggestions come from GET /api/airports.
 * @example <AirportCombobox id="from" label="From" value={text} onChange={(text, code) => …} />
 */
export function AirportCombobox({ id, label, icon, placeholder, value, error, onChange }: AirportComboboxProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<AirportSuggestion[]>([]);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const controller = useRef<AbortController | null>(null);
  const timer = useRef<number | undefined>(undefined);

  useEffect(
    () => () => {
      controller.current?.abort();
      window.clearTimeout(timer.current);
    },
    [],
  );

  /** `popular`: an empty text asks the server for its popular airports (ArrowDown on an empty field). */
  function lookUp(text: string, popular = false) {
    window.clearTimeout(timer.current);
    controller.current?.abort();
    if (text.trim().length === 0 && !popular) {
      setOptions([]);
      setActive(-1);
      setStatus('');
      return;
    }
    // A short pause so fast typing sends one request, not one per key.
    timer.current = window.setTimeout(() => {
      const request = new AbortController();
      controller.current = request;
      fetchAirportSuggestions(text, request.signal)
        .then((list) => {
          setOptions(list);
          setActive(list.length > 0 ? 0 : -1);
          setStatus(list.length === 0 ? 'No matching airports' : `${list.length} airport${list.length === 1 ? '' : 's'} found, use the arrow keys to choose`);
        })
        .catch(() => {
          // Aborted by newer typing, or offline: keep the text, the server resolves city names too.
        });
    }, 120);
  }

  // Focus stays in the input (aria-activedescendant): scroll the list so the active option shows.
  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${listId}-opt-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active, listId]);

  function pick(airport: AirportSuggestion) {
    onChange(airportLabel(airport), airport.code);
    setOpen(false);
    setActive(-1);
    setStatus(`${airportLabel(airport)} selected`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (options.length === 0) lookUp(value, true);
          return;
        }
        setActive((i) => (options.length === 0 ? -1 : (i + 1) % options.length));
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) return setOpen(true);
        setActive((i) => (options.length === 0 ? -1 : (i - 1 + options.length) % options.length));
        return;
      case 'Enter': {
        const choice = open ? options[active] : undefined;
        if (choice) {
          event.preventDefault();
          pick(choice);
        }
        return;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        }
        return;
      case 'Tab':
        setOpen(false);
        return;
    }
  }

  const expanded = open && options.length > 0;
  const activeId = expanded && active >= 0 ? `${listId}-opt-${active}` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className="field combo">
      <label htmlFor={id}>{label}</label>
      <div className="input-wrap">
        {icon}
        <input
          id={id}
          name={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={value}
          onChange={(event) => {
            onChange(event.target.value, null);
            setOpen(true);
            lookUp(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={(event) => event.target.select()}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={`${label} airports`} className="combo-list" hidden={!expanded}>
        {options.map((airport, index) => (
          <li
            key={airport.code}
            id={`${listId}-opt-${index}`}
            role="option"
            aria-selected={index === active}
            className="combo-option"
            // mousedown, not click: picking must happen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(airport);
            }}
            onMouseMove={() => setActive(index)}
          >
            <span className="combo-city">
              {airport.city} <span className="combo-code">{airport.code}</span>
            </span>
            <span className="combo-name">
              {airport.name}, {countryName(airport.country)}
            </span>
          </li>
        ))}
      </ul>
      <span className="visually-hidden" role="status" aria-live="polite">
        {open ? status : ''}
      </span>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
