import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { PassengerTitle } from '../../../core/booking';
import type { SavedTravellerView } from '../../../core/personal-data';
import { ApiError } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { type SavedTravellerForm, createSavedTraveller, deleteSavedTraveller, savedTravellersQuery, updateSavedTraveller } from './personal-data-api';
import { travellerName } from './fill-from-saved';
import '../booking/forms.css';
import './personal-data.css';

const TITLES: PassengerTitle[] = ['Mr', 'Ms', 'Mrs'];
type Draft = { title: PassengerTitle | ''; firstName: string; middleName: string; lastName: string; dob: string; mobileNo: string; aadharCard: string };
const EMPTY: Draft = { title: '', firstName: '', middleName: '', lastName: '', dob: '', mobileNo: '', aadharCard: '' };
const draftOf = (t: SavedTravellerView): Draft => ({ title: t.title, firstName: t.firstName, middleName: t.middleName ?? '', lastName: t.lastName, dob: t.dob, mobileNo: t.mobileNo ?? '', aadharCard: '' });

/**
 * Profile: the traveller's saved co-travellers, with add, edit and delete. Editing one never
 * changes a past booking (bookings keep their own copy). The server checks the details and
 * answers field messages, shown under each field.
 * @example <SavedTravellersSection />
 */
export function SavedTravellersSection() {
  const list = useQuery(savedTravellersQuery());
  const [editing, setEditing] = useState<SavedTravellerView | 'new' | null>(null);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (t: SavedTravellerView) => deleteSavedTraveller(t.id),
    onSuccess: (_, t) => {
      notify.success(`${travellerName(t)} removed`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedTravellers });
    },
    onError: (error) => notify.error(error.message),
  });
  const travellers = list.data ?? [];
  return (
    <section id="saved-travellers" className="pd-section" aria-labelledby="saved-travellers-title">
      <div className="pd-row">
        <h2 id="saved-travellers-title">Saved travellers</h2>
        {editing === null && (
          <button type="button" className="btn btn-small" onClick={() => setEditing('new')}>
            <Plus aria-hidden="true" size={16} /> Add traveller
          </button>
        )}
      </div>
      <p className="muted small">Fill a passenger card with one click when you book. Aadhaar keeps only its last four digits.</p>
      {editing === 'new' && <TravellerForm onDone={() => setEditing(null)} />}
      {list.isError ? (
        <p role="alert">We could not load your saved travellers. {list.error.message}</p>
      ) : travellers.length === 0 && !list.isPending ? (
        <p className="muted">No saved travellers yet.</p>
      ) : (
        <ul className="pd-list">
          {travellers.map((t) =>
            editing !== null && editing !== 'new' && editing.id === t.id ? (
              <li key={t.id}>
                <TravellerForm traveller={t} onDone={() => setEditing(null)} />
              </li>
            ) : (
              <li key={t.id} className="card pd-row" data-testid="saved-traveller">
                <div>
                  <h3>
                    {t.title} {t.firstName} {t.middleName ? `${t.middleName} ` : ''}
                    {t.lastName}
                  </h3>
                  <p className="muted small">
                    Born {formatDay(t.dob)}
                    {t.mobileNo ? ` · ${t.mobileNo}` : ''}
                    {t.aadhaarMasked ? ` · Aadhaar ${t.aadhaarMasked}` : ''}
                  </p>
                </div>
                <div className="pd-actions">
                  <button type="button" className="btn btn-small" onClick={() => setEditing(t)} aria-label={`Edit ${travellerName(t)}`}>
                    <Pencil aria-hidden="true" size={14} /> Edit
                  </button>
                  <button type="button" className="btn btn-small btn-ghost" disabled={remove.isPending} onClick={() => remove.mutate(t)} aria-label={`Delete ${travellerName(t)}`}>
                    <Trash2 aria-hidden="true" size={14} /> Delete
                  </button>
                </div>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}

function TravellerForm({ traveller, onDone }: { traveller?: SavedTravellerView; onDone(): void }) {
  const [draft, setDraft] = useState<Draft>(traveller ? draftOf(traveller) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: SavedTravellerForm) => (traveller ? updateSavedTraveller(traveller.id, body) : createSavedTraveller(body)),
    onSuccess: () => {
      notify.success('Traveller saved');
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedTravellers });
      onDone();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
      notify.error(error.message);
    },
  });
  const prefix = `st-${traveller?.id ?? 'new'}`;
  const set = (field: keyof Draft, value: string) => {
    setDraft((d) => ({ ...d, [field]: field === 'mobileNo' ? value.replace(/\D/g, '').slice(0, 10) : field === 'aadharCard' ? value.replace(/\D/g, '').slice(0, 12) : value }));
    if (errors[field]) setErrors(({ [field]: _drop, ...rest }) => rest);
  };
  const input = (field: keyof Draft, label: string, props: Record<string, string> = {}) => {
    const id = `${prefix}-${field}`;
    return (
      <div className="bk-field">
        <label htmlFor={id}>{label}</label>
        <input id={id} value={draft[field]} aria-invalid={errors[field] ? true : undefined} aria-describedby={errors[field] ? `${id}-error` : undefined} onChange={(e) => set(field, e.target.value)} {...props} />
        {errors[field] ? (
          <p className="bk-error" id={`${id}-error`}>
            {errors[field]}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <form
      className="card pd-form"
      noValidate
      aria-label={traveller ? `Edit ${travellerName(traveller)}` : 'Add a traveller'}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(draft);
      }}
    >
      <div className="pd-form-grid">
        <div className="bk-field">
          <label htmlFor={`${prefix}-title`}>Title</label>
          <select id={`${prefix}-title`} value={draft.title} aria-invalid={errors.title ? true : undefined} aria-describedby={errors.title ? `${prefix}-title-error` : undefined} onChange={(e) => set('title', e.target.value)}>
            <option value="">Select</option>
            {TITLES.map((title) => (
              <option key={title} value={title}>
                {title}
              </option>
            ))}
          </select>
          {errors.title ? (
            <p className="bk-error" id={`${prefix}-title-error`}>
              {errors.title}
            </p>
          ) : null}
        </div>
        {input('firstName', 'First name', { autoComplete: 'off' })}
        {input('middleName', 'Middle name (optional)', { autoComplete: 'off' })}
        {input('lastName', 'Last name', { autoComplete: 'off' })}
        {input('dob', 'Date of birth', { type: 'date' })}
        {input('mobileNo', 'Mobile number (optional)', { type: 'tel', inputMode: 'numeric', autoComplete: 'off' })}
        {input('aadharCard', traveller?.aadhaarMasked ? `Aadhar card (saved: ${traveller.aadhaarMasked})` : 'Aadhar card (optional)', { inputMode: 'numeric', autoComplete: 'off' })}
      </div>
      <div className="pd-actions">
        <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
          Save traveller
        </button>
        <button type="button" className="btn btn-small" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
