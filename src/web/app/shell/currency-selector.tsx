import { Check, ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { CURRENCIES, CURRENCY_NAMES, type Currency } from '../../../core/currency';
import { useCurrency } from '../../lib/currency-context';

const SYMBOLS: Record<Currency, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£', JPY: '¥', AED: 'د.إ', SGD: 'S$', CAD: 'C$' };

/** Opens and closes a list of the eight display currencies; the choice is saved. */
export function CurrencySelector() {
  const { currency, setCurrency } = useCurrency();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="currency" ref={root}>
      <button
        ref={button}
        type="button"
        className="currency-btn"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Currency: ${currency}. Change currency`}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">{SYMBOLS[currency]}</span> {currency}
        <ChevronDown aria-hidden="true" size={16} />
      </button>
      {open && (
        <div className="currency-panel" id={listId}>
          <ul className="currency-list" aria-label="Currencies">
            {CURRENCIES.map((code) => (
              <li key={code}>
                <button
                  type="button"
                  aria-pressed={code === currency}
                  onClick={() => {
                    setCurrency(code);
                    setOpen(false);
                    button.current?.focus();
                  }}
                >
                  <span className="currency-code">{code}</span>
                  <span className="currency-name">{CURRENCY_NAMES[code]}</span>
                  {code === currency && <Check aria-hidden="true" size={16} />}
                </button>
              </li>
            ))}
          </ul>
          <p className="currency-note">Exchange rates updated daily</p>
        </div>
      )}
    </div>
  );
}
