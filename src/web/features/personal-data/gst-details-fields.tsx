import type { GstDetailsInput } from '../../../core/gst';
import '../booking/forms.css';
import './personal-data.css';

export type GstDraft = { gstin: string; registeredName: string; registeredAddress: string };
export const emptyGst = (): GstDraft => ({ gstin: '', registeredName: '', registeredAddress: '' });
export const toGstInput = (draft: GstDraft): GstDetailsInput => ({ ...draft });

interface Props {
  idPrefix: string;
  value: GstDraft;
  errors: Record<string, string>;
  onChange(field: keyof GstDraft, value: string): void;
}

/**
 * GSTIN, registered name and registered address, each with its error tied to the field.
 * @example <GstDetailsFields idPrefix="book-gst" value={gst} errors={errors} onChange={change} />
 */
export function GstDetailsFields({ idPrefix, value, errors, onChange }: Props) {
  const field = (name: keyof GstDraft, label: string, extra: Record<string, string> = {}) => {
    const id = `${idPrefix}-${name}`;
    const error = errors[name];
    return (
      <div className="bk-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          value={value[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(name, name === 'gstin' ? e.target.value.toUpperCase() : e.target.value)}
          {...extra}
        />
        {error ? (
          <p className="bk-error" id={`${id}-error`}>
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="pd-gst-grid">
      {field('gstin', 'GSTIN', { maxLength: '15', autoComplete: 'off', spellCheck: 'false', placeholder: '27AAPFU0939F1ZV' })}
      {field('registeredName', 'Registered name', { autoComplete: 'organization', maxLength: '100' })}
      {field('registeredAddress', 'Registered address', { autoComplete: 'street-address', maxLength: '300' })}
    </div>
  );
}
