import type { ReactNode } from 'react';
import { PASSENGER_KINDS, PASSENGER_TITLES, type PassengerKind } from '../../../core/booking';
import type { DraftField, PassengerDraft } from './passenger-form';
import './forms.css';
import './passenger-card.css';

const AGE_HINTS: Record<PassengerKind, string> = { Adult: '12+', Child: '2-11', Infant: '0-2' };

interface Props {
  index: number;
  passenger: PassengerDraft;
  errors: Record<string, string>;
  travelDate: string;
  canRemove: boolean;
  onChange(field: DraftField, value: string): void;
  onRemove(): void;
  /** Shown at the top of the card (e.g. one-click fill from saved travellers). */
  tools?: ReactNode;
}

/**
 * One passenger's card: every passenger field, digit-only capped mobile and Aadhar, type-dependent
 * disabling, and each field's error under it (tied with aria-describedby).
 * @example <PassengerCard index={0} passenger={p} errors={errors} travelDate="2026-12-24" canRemove={false} onChange={change} onRemove={remove} />
 */
export function PassengerCard({ index, passenger, errors, travelDate, canRemove, onChange, onRemove, tools }: Props) {
  const id = (field: DraftField) => `pax-${passenger.key}-${field}`;
  const error = (field: DraftField) => errors[`passengers.${index}.${field}`];
  const described = (field: DraftField, hint?: boolean) =>
    [error(field) ? `${id(field)}-error` : null, hint ? `${id(field)}-hint` : null].filter(Boolean).join(' ') || undefined;
  const fieldProps = (field: DraftField, hint?: boolean) => ({
    id: id(field),
    name: field,
    'aria-invalid': error(field) ? true : undefined,
    'aria-describedby': described(field, hint),
  });
  const errorText = (field: DraftField) =>
    error(field) ? (
      <p className="bk-error" id={`${id(field)}-error`}>
        {error(field)}
      </p>
    ) : null;
  const mobileDisabled = passenger.type === 'Child' || passenger.type === 'Infant';
  const aadharDisabled = passenger.type === 'Infant';

  return (
    <fieldset className="card pax-card" data-testid="passenger-card">
      <legend className="pax-legend">
        <span>Passenger {index + 1}</span>
        {passenger.type && <span className="pax-kind">{passenger.type}</span>}
      </legend>
      {canRemove && (
        <button type="button" className="btn btn-small btn-ghost pax-remove" onClick={onRemove} aria-label={`Remove passenger ${index + 1}`}>
          Remove
        </button>
      )}
      {tools}
      <div className="pax-grid">
        <div className="bk-field">
          <label htmlFor={id('title')}>Title</label>
          <select {...fieldProps('title')} value={passenger.title} onChange={(e) => onChange('title', e.target.value)}>
            <option value="">Select</option>
            {PASSENGER_TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
          {errorText('title')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('firstName')}>First name</label>
          <input {...fieldProps('firstName')} autoComplete="given-name" value={passenger.firstName} onChange={(e) => onChange('firstName', e.target.value)} />
          {errorText('firstName')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('middleName')}>
            Middle name <span className="muted small">(optional)</span>
          </label>
          <input {...fieldProps('middleName')} autoComplete="additional-name" value={passenger.middleName} onChange={(e) => onChange('middleName', e.target.value)} />
          {errorText('middleName')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('lastName')}>Last name</label>
          <input {...fieldProps('lastName')} autoComplete="family-name" value={passenger.lastName} onChange={(e) => onChange('lastName', e.target.value)} />
          {errorText('lastName')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('dob')}>Date of birth</label>
          <input {...fieldProps('dob')} type="date" max={travelDate} value={passenger.dob} onChange={(e) => onChange('dob', e.target.value)} />
          {errorText('dob')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('type')}>Passenger type</label>
          <select {...fieldProps('type', true)} value={passenger.type} onChange={(e) => onChange('type', e.target.value)}>
            <option value="">Select</option>
            {PASSENGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind} ({AGE_HINTS[kind]})
              </option>
            ))}
          </select>
          <p className="bk-hint muted small" id={`${id('type')}-hint`}>
            Adult 12+, Child 2-11, Infant 0-2 years on the travel date
          </p>
          {errorText('type')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('mobileNo')}>Mobile number</label>
          <input
            {...fieldProps('mobileNo', mobileDisabled)}
            type="tel"
            inputMode="numeric"
            autoComplete={index === 0 ? 'tel-national' : 'off'}
            disabled={mobileDisabled}
            value={passenger.mobileNo}
            onChange={(e) => onChange('mobileNo', e.target.value)}
          />
          {mobileDisabled && (
            <p className="bk-hint muted small" id={`${id('mobileNo')}-hint`}>
              Not needed for {passenger.type === 'Infant' ? 'an infant' : 'a child'}
            </p>
          )}
          {errorText('mobileNo')}
        </div>
        <div className="bk-field">
          <label htmlFor={id('aadharCard')}>
            Aadhar card <span className="muted small">(optional)</span>
          </label>
          <input
            {...fieldProps('aadharCard', aadharDisabled)}
            inputMode="numeric"
            autoComplete="off"
            disabled={aadharDisabled}
            value={passenger.aadharCard}
            onChange={(e) => onChange('aadharCard', e.target.value)}
          />
          {aadharDisabled && (
            <p className="bk-hint muted small" id={`${id('aadharCard')}-hint`}>
              Not needed for an infant
            </p>
          )}
          {errorText('aadharCard')}
        </div>
      </div>
    </fieldset>
  );
}
