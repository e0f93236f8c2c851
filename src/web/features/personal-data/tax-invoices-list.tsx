import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import type { TaxInvoiceView } from '../../../core/gst';
import { downloadFile } from '../../lib/download-file';
import { notify } from '../../lib/toast';
import { invoicePdfUrl, invoicesQuery } from './personal-data-api';
import './personal-data.css';

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/**
 * Downloads a booking's tax invoice PDF with success and failure toasts.
 * @example await downloadInvoice(invoice)
 */
export async function downloadInvoice(invoice: Pick<TaxInvoiceView, 'bookingId' | 'number'>): Promise<void> {
  try {
    await downloadFile(invoicePdfUrl(invoice.bookingId), `safar-invoice-${invoice.number.replace(/\//g, '-')}.pdf`);
    notify.success('Invoice downloaded');
  } catch (error) {
    notify.error(error instanceof Error ? error.message : 'Failed to download the invoice');
  }
}

/**
 * Profile: the tax invoices issued for the traveller's bookings (shown only when there are some).
 * @example <TaxInvoicesList />
 */
export function TaxInvoicesList() {
  const invoices = useQuery(invoicesQuery());
  if (!invoices.data || invoices.data.length === 0) return null;
  return (
    <section className="pd-section" aria-labelledby="invoices-title">
      <h2 id="invoices-title">GST invoices</h2>
      <ul className="pd-list">
        {invoices.data.map((invoice) => (
          <li key={invoice.number} className="card pd-row" data-testid="invoice-row">
            <div>
              <h3>{invoice.number}</h3>
              <p className="muted small">
                PNR {invoice.pnr} · GSTIN {invoice.gstin} · {rupees.format(invoice.totalPaise / 100)}
              </p>
            </div>
            <button type="button" className="btn btn-small" onClick={() => void downloadInvoice(invoice)} aria-label={`Download invoice ${invoice.number}`}>
              <FileText aria-hidden="true" size={14} /> Download invoice
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
