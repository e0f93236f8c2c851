import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileText, UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { BookingView } from '../../../core/booking';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notify } from '../../lib/toast';
import { GstDetailsFields, type GstDraft, emptyGst } from './gst-details-fields';
import { gstDetailsQuery, issueInvoice, saveTravellersFromBooking, setGstDetails } from './personal-data-api';
import { downloadInvoice } from './tax-invoices-list';
import './personal-data.css';

/**
 * Under a confirmed booking's ticket: the GST invoice (or the form to ask for one) and the offer
 * to save this booking's passengers for next time.
 * @example <BookingExtras booking={booking} />
 */
export function BookingExtras({ booking }: { booking: BookingView }) {
  if (booking.status !== 'confirmed') return null;
  return (
    <div className="pd-section no-print">
      <SaveTravellersOffer booking={booking} />
      <GstInvoiceCard booking={booking} />
    </div>
  );
}

function SaveTravellersOffer({ booking }: { booking: BookingView }) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const save = useMutation({
    mutationFn: () => saveTravellersFromBooking(booking.id),
    onSuccess: ({ added }) => {
      setDone(true);
      notify.success(added === 0 ? 'These travellers are already saved' : `${added} traveller${added === 1 ? '' : 's'} saved to your profile`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedTravellers });
    },
    onError: (error) => notify.error(error.message),
  });
  const count = booking.passengers.length;
  return (
    <section className="card pd-row" aria-labelledby="save-travellers-title">
      <div>
        <h2 id="save-travellers-title">Book faster next time</h2>
        <p className="muted small">Save {count === 1 ? 'this traveller' : `these ${count} travellers`} to your profile and fill a passenger card with one click.</p>
      </div>
      <button type="button" className="btn" disabled={save.isPending || done} onClick={() => save.mutate()}>
        <UserPlus aria-hidden="true" size={16} /> {done ? 'Saved' : 'Save travellers'}
      </button>
    </section>
  );
}

function GstInvoiceCard({ booking }: { booking: BookingView }) {
  const details = useQuery(gstDetailsQuery(booking.id));
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<GstDraft>(emptyGst);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);
  const save = useMutation({
    mutationFn: () => setGstDetails(booking.id, draft),
    onSuccess: ({ gstDetails }) => {
      queryClient.setQueryData(queryKeys.gstDetails(booking.id), gstDetails);
      setAdding(false);
      notify.success('GST details saved');
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(error.fields);
      notify.error(error.message);
    },
  });
  const download = useMutation({
    mutationFn: async () => {
      const { invoice } = await issueInvoice(booking.id);
      void queryClient.invalidateQueries({ queryKey: queryKeys.invoices });
      await downloadInvoice(invoice);
    },
    onError: (error) => notify.error(error.message),
  });
  if (details.isPending || details.isError) return null;
  return (
    <section className="card pd-section" aria-labelledby="gst-invoice-title">
      <h2 id="gst-invoice-title">GST invoice</h2>
      {details.data ? (
        <div className="pd-row">
          <p>
            For <strong>{details.data.registeredName}</strong>, GSTIN {details.data.gstin} ({details.data.state})
          </p>
          <button type="button" className="btn btn-primary" disabled={download.isPending} onClick={() => download.mutate()}>
            <FileText aria-hidden="true" size={16} /> Download GST invoice
          </button>
        </div>
      ) : adding ? (
        <form
          className="pd-form"
          noValidate
          aria-label="GST details for business travel"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <GstDetailsFields
            idPrefix="ticket-gst"
            value={draft}
            errors={errors}
            onChange={(field, value) => {
              setDraft((d) => ({ ...d, [field]: value }));
              setErrors(({ [field]: _drop, ...rest }) => rest);
            }}
          />
          <div className="pd-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={save.isPending}>
              Save GST details
            </button>
            <button type="button" className="btn btn-small" onClick={() => setAdding(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="pd-row">
          <p className="muted">Travelling on business? Add your GSTIN to get a tax invoice.</p>
          <button type="button" className="btn" onClick={() => setAdding(true)}>
            Add GST details
          </button>
        </div>
      )}
    </section>
  );
}
