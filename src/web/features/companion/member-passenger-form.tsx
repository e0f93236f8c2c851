import { useState } from 'react';
import { PASSENGER_MESSAGES } from '../../../core/booking';
import { notify } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { PassengerCard } from '../booking/passenger-card';
import { type DraftField, emptyPassenger, type PassengerDraft, toPassengerInput, updatePassenger, validateForm } from '../booking/passenger-form';

/**
 * The server's field keys for a member's passenger (`passenger.firstName`, or the booking's
 * `passengers.0.firstName`) as the passenger card's keys.
 * @example cardFields({ 'passenger.firstName': 'First name is required' }) // { 'passengers.0.firstName': … }
 */
export function cardFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields)) out[key.replace(/^passengers?\.(?:0\.)?/, 'passengers.0.')] = message;
  return out;
}

interface Props {
  travelDate: string;
  submitLabel: string;
  /** Saves the details; a ApiError with field messages is shown on the card. */
  onSubmit(passenger: Record<string, string>): Promise<void>;
}

/**
 * One member's own passenger details, with the booking screen's card and rules (a member
 * travels as an adult: mobile number required, Aadhar optional).
 * @example <MemberPassengerForm travelDate="2026-12-24" submitLabel="Accept Invitation" onSubmit={accept} />
 */
export function MemberPassengerForm({ travelDate, submitLabel, onSubmit }: Props) {
  const [passenger, setPassenger] = useState<PassengerDraft>(() => emptyPassenger('Adult'));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const change = (field: DraftField, value: string) => {
    setPassenger((p) => updatePassenger(p, field, value));
    const key = `passengers.0.${field}`;
    if (errors[key]) setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const submit = async () => {
    const result = validateForm([passenger], travelDate);
    if (!result.ok) {
      setErrors(result.fields);
      notify.error(PASSENGER_MESSAGES.formToast);
      window.requestAnimationFrame(() => document.querySelector<HTMLElement>('.gp-passenger [aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const input = toPassengerInput(passenger);
      await onSubmit(Object.fromEntries(Object.entries(input).filter((entry): entry is [string, string] => entry[1] !== undefined)));
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        setErrors(cardFields(error.fields));
        notify.error(PASSENGER_MESSAGES.formToast);
      } else {
        notify.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="gp-passenger"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <PassengerCard index={0} passenger={passenger} errors={errors} travelDate={travelDate} canRemove={false} onChange={change} onRemove={() => {}} />
      <button type="submit" className="btn btn-primary btn-large" disabled={busy} aria-busy={busy}>
        {submitLabel}
      </button>
    </form>
  );
}
