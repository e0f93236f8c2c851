import type { BookingView } from '../../../core/booking';
import { notify } from '../../lib/toast';
import { downloadFile } from '../../lib/download-file';

/**
 * Downloads the booking's PDF e-ticket with progress, success and failure toasts.
 * @example await downloadTicket({ id: 'BK1732180000000', pnr: 'ABC234' })
 */
export async function downloadTicket(booking: Pick<BookingView, 'id' | 'pnr'>): Promise<void> {
  try {
    await downloadFile(`/api/bookings/${encodeURIComponent(booking.id)}/ticket.pdf`, `safar-ticket-${booking.pnr}.pdf`);
    notify.success('Ticket downloaded successfully!');
  } catch {
    notify.error('Failed to download ticket');
  }
}
