import { useQuery } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { MAX_PASSENGERS } from '../../../core/booking';
import type { SavedTravellerView } from '../../../core/personal-data';
import type { SearchQuery } from '../../../core/search';
import { PassengerCard } from '../../features/booking/passenger-card';
import { type DraftField, emptyPassenger, initialPassengers, type PassengerDraft, updatePassenger } from '../../features/booking/passenger-form';
import { fillFromSaved } from '../../features/personal-data/fill-from-saved';
import { savedTravellersQuery } from '../../features/personal-data/personal-data-api';
import { SavedTravellerPicker } from '../../features/personal-data/saved-traveller-picker';

/** The passengers being entered on a booking screen, their field errors, and the edits to them. */
export interface PassengerDrafts {
  passengers: PassengerDraft[];
  errors: Record<string, string>;
  setErrors: (errors: Record<string, string>) => void;
  change: (index: number, field: DraftField, value: string) => void;
  fill: (index: number, traveller: SavedTravellerView) => void;
  remove: (index: number) => void;
  add: () => void;
}

/**
 * The passenger cards' state for one booking screen (a one-way flight or a whole trip): one card
 * per traveller of the search to begin with.
 * @example const drafts = usePassengerDrafts(query, localDate(itinerary.departure))
 */
export function usePassengerDrafts(query: Pick<SearchQuery, 'adults' | 'children' | 'infants'> | undefined, travelDate: string): PassengerDrafts {
  const [passengers, setPassengers] = useState<PassengerDraft[]>(() => initialPassengers(query));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    passengers,
    errors,
    setErrors,
    change(index, field, value) {
      setPassengers((list) => list.map((p, i) => (i === index ? updatePassenger(p, field, value) : p)));
      const key = `passengers.${index}.${field}`;
      if (errors[key] || (field === 'type' && errors.passengers)) {
        setErrors(({ [key]: _drop, passengers: _list, ...rest }) => rest);
      }
    },
    fill(index, traveller) {
      setPassengers((list) => list.map((p, i) => (i === index ? fillFromSaved(p, traveller, travelDate) : p)));
      setErrors({});
    },
    remove(index) {
      setPassengers((list) => list.filter((_, i) => i !== index));
      // Field errors are keyed by position, so they no longer line up after a removal.
      setErrors({});
      // The Remove button is gone with its card; keep keyboard focus in the form.
      window.requestAnimationFrame(() => document.getElementById('book-add-passenger')?.focus());
    },
    add() {
      if (passengers.length >= MAX_PASSENGERS) return;
      const draft = emptyPassenger();
      setPassengers((list) => [...list, draft]);
      // Keyboard and screen-reader users continue in the card they just added.
      window.requestAnimationFrame(() => document.getElementById(`pax-${draft.key}-title`)?.focus());
    },
  };
}

/**
 * One card per passenger (each with the saved-traveller picker), the list's own error, and Add
 * Passenger followed by any `tools` the screen adds.
 * @example <PassengerList drafts={drafts} travelDate={travelDate} />
 */
export function PassengerList({ drafts, travelDate, tools }: { drafts: PassengerDrafts; travelDate: string; tools?: ReactNode }) {
  const { passengers, errors, change, fill, remove, add } = drafts;
  const saved = useQuery(savedTravellersQuery());
  return (
    <>
      {passengers.map((passenger, index) => (
        <PassengerCard
          key={passenger.key}
          index={index}
          passenger={passenger}
          errors={errors}
          travelDate={travelDate}
          canRemove={passengers.length > 1}
          onChange={(field, value) => change(index, field, value)}
          onRemove={() => remove(index)}
          tools={<SavedTravellerPicker index={index} travellers={saved.data ?? []} onPick={(t) => fill(index, t)} />}
        />
      ))}
      {errors.passengers && (
        <p className="bk-error book-list-error" role="alert">
          {errors.passengers}
        </p>
      )}
      <div className="book-tools">
        <button type="button" id="book-add-passenger" className="btn" onClick={add} disabled={passengers.length >= MAX_PASSENGERS}>
          <Plus aria-hidden="true" size={18} /> Add Passenger
        </button>
        {tools}
      </div>
    </>
  );
}
