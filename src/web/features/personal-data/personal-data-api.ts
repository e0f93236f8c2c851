import { queryOptions } from '@tanstack/react-query';
import type { GstDetailsInput, GstDetailsView, TaxInvoiceView } from '../../../core/gst';
import type { Consents, SavedTravellerBody, SavedTravellerView } from '../../../core/personal-data';
import { apiBlob, apiFetch } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/** Fetchers for saved travellers, GST details and invoices, and "Your data". */

export const savedTravellersQuery = () =>
  queryOptions({
    queryKey: queryKeys.savedTravellers,
    queryFn: async () => (await apiFetch<{ travellers: SavedTravellerView[] }>('/api/saved-travellers')).travellers,
  });

export const invoicesQuery = () =>
  queryOptions({
    queryKey: queryKeys.invoices,
    queryFn: async () => (await apiFetch<{ invoices: TaxInvoiceView[] }>('/api/invoices')).invoices,
  });

export const gstDetailsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.gstDetails(bookingId),
    queryFn: async () => (await apiFetch<{ gstDetails: GstDetailsView | null }>(`/api/bookings/${encodeURIComponent(bookingId)}/gst-details`)).gstDetails,
  });

export const consentsQuery = () => queryOptions({ queryKey: queryKeys.consents, queryFn: () => apiFetch<Consents>('/api/account/consents') });

/** The profile form's body: a title not chosen yet is sent as '' and answered with its field message. */
export type SavedTravellerForm = Omit<SavedTravellerBody, 'title'> & { title: SavedTravellerBody['title'] | '' };

export const createSavedTraveller = (body: SavedTravellerForm) => apiFetch<{ traveller: SavedTravellerView }>('/api/saved-travellers', { json: body });
export const updateSavedTraveller = (id: string, body: SavedTravellerForm) => apiFetch<{ traveller: SavedTravellerView }>(`/api/saved-travellers/${encodeURIComponent(id)}`, { method: 'PUT', json: body });
export const deleteSavedTraveller = (id: string) => apiFetch<null>(`/api/saved-travellers/${encodeURIComponent(id)}`, { method: 'DELETE' });
export const saveTravellersFromBooking = (bookingId: string) =>
  apiFetch<{ travellers: SavedTravellerView[]; added: number }>(`/api/bookings/${encodeURIComponent(bookingId)}/saved-travellers`, { method: 'POST', json: {} });

export const setGstDetails = (bookingId: string, body: GstDetailsInput) =>
  apiFetch<{ gstDetails: GstDetailsView }>(`/api/bookings/${encodeURIComponent(bookingId)}/gst-details`, { method: 'PUT', json: body });
export const issueInvoice = (bookingId: string) => apiFetch<{ invoice: TaxInvoiceView }>(`/api/bookings/${encodeURIComponent(bookingId)}/invoice`, { method: 'POST', json: {} });
export const invoicePdfUrl = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/invoice.pdf`;

export const setMarketingConsent = (granted: boolean) => apiFetch<Consents>('/api/account/consents', { method: 'PUT', json: { marketingEmail: granted } });
export const deleteAccount = (password: string, confirm: string) => apiFetch<{ deleted: true }>('/api/account/delete', { json: { password, confirm } });

/**
 * Downloads "Your data" as a JSON file. It is not kept on the device (unlike tickets): the file is
 * the traveller's to keep, not the app's.
 */
export async function downloadDataExport(): Promise<void> {
  const { blob, filename } = await apiBlob('/api/account/export', 'application/json');
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? 'safar-data.json';
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
