import { useId } from 'react';
import type { FamilyOption } from '../../../core/fares';
import { useCurrency } from '../../lib/currency-context';
import { FareRules } from './fare-rules';
import './fares.css';

interface Props {
  /** Cheapest first, as the quote lists them. */
  families: FamilyOption[];
  /** The option chosen (the cheapest until the traveller picks another). */
  value: string;
  onChange(id: string): void;
  travellers: number;
}

/**
 * The booking screen's choice of fare family: one radio per family with its price for everyone
 * and its fare rules in words, all visible before choosing. Only the cheapest is chosen at first;
 * the wording is the same for every family (no "recommended", nothing ticked for the traveller).
 * @example <FamilyPicker families={quote.families} value={chosen} onChange={setChosen} travellers={2} />
 */
export function FamilyPicker({ families, value, onChange, travellers }: Props) {
  const { format } = useCurrency();
  const name = useId();
  return (
    <fieldset className="card fam-pick">
      <legend className="fam-pick-legend">
        <h2 className="book-section-title">Fare options</h2>
      </legend>
      <p className="small muted fam-pick-intro">
        The same seat, with different baggage, seat, meal, change and cancellation terms. Prices are for {travellers === 1 ? '1 passenger' : `all ${travellers} passengers`}, taxes
        and fees included.
      </p>
      <div className="fam-pick-grid">
        {families.map((option, index) => {
          const id = `${name}-${index}`;
          const checked = option.id === value;
          return (
            <div key={option.id} className={`fam-option${checked ? ' is-selected' : ''}`}>
              <label className="fam-option-head" htmlFor={id}>
                <input type="radio" id={id} name={name} value={option.id} checked={checked} onChange={() => onChange(option.id)} aria-describedby={`${id}-rules`} />
                <span className="fam-option-name">{option.name}</span>
                <span className="fam-option-price">{format(option.totalInr)}</span>
              </label>
              <p className="fam-rules-title small" id={`${id}-rules-title`}>
                Fare rules
              </p>
              <FareRules rules={option.rules} id={`${id}-rules`} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
