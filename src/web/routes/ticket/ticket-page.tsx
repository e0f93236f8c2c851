import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { BookingView } from '../../../core/booking';
import { TRIP_MESSAGES } from '../../../core/trip';
import { useDocumentTitle } from '../../components/page-title';
import { bookingQuery } from '../../features/booking/booking-api';
import { ApiError } from '../../lib/api';
import { downloadTicket } from '../../features/booking/download-ticket';
import { formatDate, formatDay, formatInr, localDate } from '../../lib/format';
import { TripSummary } from '../../features/booking/trip-summary';
import { BookedFlightStatus } from '../../features/tracker/booked-flight-status';
import { BookingExtras } from '../../features/personal-data/booking-extras';
import { QueryScope } from '../../lib/query-scope';
import { bookingStatus } from '../../lib/booking-status';
import { CancelBookingButton } from '../../features/trip-changes/cancel-booking';
import { hasRefunds, RefundTracker } from '../../features/trip-changes/refund-tracker';
import { FareBreakdown } from '../../features/fares/fare-breakdown';
import { FareRules } from '../../features/fares/fare-rules';
import { bookingFareQuery } from '../../features/fares/fares-api';
import { CheckInPanel } from '../../features/check-in/check-in-panel';
import { TripChangedPanel } from '../../features/disruptions/trip-changed-panel';
import './ticket.css';

/**
 * The printable e-ticket (/ticket/:bookingId) with Print and Download PDF.
 * @example <Route path="/ticket/:bookingId" component={TicketPage} />
 */
export function TicketPage({ params }: { params: { bookingId: string } }) {
  return (
    <QueryScope>
      <TicketScreen bookingId={params.bookingId} />
    </QueryScope>
  );
}

function TicketScreen({ bookingId }: { bookingId: string }) {
  const booking = useQuery(bookingQuery(bookingId));
  useDocumentTitle(booking.data ? `E-Ticket ${booking.data.pnr}` : 'E-Ticket');
  if (booking.isPending) {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading your ticket">
        <div className="skeleton skeleton-title" />
        <div className="skeleton ticket-skeleton" />
      </div>
    );
  }
  if (booking.isError) {
    const error = booking.error;
    const signedOut = error instanceof ApiError && error.status === 401;
    return (
      <div className="container page">
        <div className="card ticket-missing" role="alert">
          <h1>E-Ticket</h1>
          <p>{signedOut ? 'Please sign in to see your ticket.' : error instanceof ApiError && error.status === 404 ? 'We could not find this booking.' : error.message}</p>
          <Link href={signedOut ? '/login' : '/profile'} className="btn btn-primary">
            {signedOut ? 'Sign In' : 'Go to Profile'}
          </Link>
        </div>
      </div>
    );
  }
  return <Ticket booking={booking.data} />;
}

function Ticket({ booking }: { booking: BookingView }) {
  const [downloading, setDownloading] = useState(false);
  const fare = useQuery(bookingFareQuery(booking.id));
  const option = fare.data?.option ?? null;
  const confirmed = booking.status === 'confirmed';
  // Passengers still travelling on a partly cancelled booking keep a valid ticket.
  const valid = confirmed || booking.status === 'partly_cancelled';
  const status = bookingStatus(booking);
  return (
    <div className="container page ticket-page">
      <div className="ticket-actions no-print">
        <button type="button" className="btn" onClick={() => window.print()}>
          <Printer aria-hidden="true" size={18} /> Print Ticket
        </button>
        <button
          type="button"
          className="btn btn-primary"
          disabled={downloading || !valid}
          onClick={() => {
            setDownloading(true);
            void downloadTicket(booking).finally(() => setDownloading(false));
          }}
        >
          <Download aria-hidden="true" size={18} /> Download PDF
        </button>
        {/* A whole trip changes one journey at a time: each journey has its own Change flight (decision 0063). */}
        {confirmed && booking.journeys.length < 2 && (
          <Link href={`/ticket/${encodeURIComponent(booking.id)}/change`} className="btn">
            <CalendarClock aria-hidden="true" size={18} /> Change flight
          </Link>
        )}
        <CancelBookingButton booking={booking} />
      </div>
      <TripChangedPanel booking={booking} />
      <article className="card ticket" aria-labelledby="ticket-title">
        <header className="ticket-head">
          <div>
            <p className="ticket-brand">Safar</p>
            <h1 id="ticket-title">E-Ticket</h1>
          </div>
          <p className={`ticket-status ${status.tone}`} data-testid="ticket-status">
            Status <strong>{status.label}</strong>
          </p>
        </header>
        <dl className="ticket-ids">
          <div>
            <dt>PNR</dt>
            <dd className="ticket-pnr">{booking.pnr}</dd>
          </div>
          {booking.supplier ? (
            <div>
              <dt>Airline booking reference</dt>
              <dd className="ticket-supplier-ref">{booking.supplier.bookingReference ?? 'Confirming with the airline'}</dd>
            </div>
          ) : null}
          <div>
            <dt>Booking ID</dt>
            <dd>{booking.id}</dd>
          </div>
          <div>
            <dt>Booked on</dt>
            <dd>{formatDay(localDate(booking.createdAt))}</dd>
          </div>
          {booking.changedFrom && (
            <div>
              <dt>Changed from</dt>
              <dd>
                <Link href={`/ticket/${encodeURIComponent(booking.changedFrom)}`}>{booking.changedFrom}</Link>
              </dd>
            </div>
          )}
          {booking.paymentId && (
            <div>
              <dt>Payment</dt>
              <dd>
                {/* A payment without a card or UPI method is Safar credit's. */}
                {booking.paymentMethod === 'upi' ? 'UPI' : booking.paymentMethod === 'card' ? 'Card / Net Banking' : 'Safar credit'} · {booking.paymentId}
              </dd>
            </div>
          )}
        </dl>

        {booking.supplier && booking.journeys.length > 1 ? <p className="small muted trip-one-ticket">{ONE_TICKET_NOTE}</p> : null}
        <TripSummary
          itinerary={booking.itinerary}
          journeys={booking.journeys}
          action={
            // A remote supplier's round trip is one ticket: a journey is changed alone (the airline replaces its slice), never cancelled alone.
            booking.supplier
              ? (index) => <ChangeJourney booking={booking} index={index} />
              : (index) => (
                  <>
                    <ChangeJourney booking={booking} index={index} />
                    <CancelBookingButton booking={booking} journey={index} />
                  </>
                )
          }
        />
        {valid ? <BookedFlightStatus legs={booking.itinerary.legs} /> : null}

        <section className="ticket-section" aria-labelledby="ticket-pax">
          <h2 id="ticket-pax">Passengers</h2>
          <div className="ticket-table-wrap">
            {/* On a phone each passenger is a stacked row of labelled cells (ticket.css); the roles keep it a table for screen readers. */}
            <table className="ticket-table" role="table">
              <thead role="rowgroup">
                <tr role="row">
                  <th scope="col" role="columnheader">
                    Name
                  </th>
                  <th scope="col" role="columnheader">
                    Type
                  </th>
                  <th scope="col" role="columnheader">
                    Ticket number
                  </th>
                  {booking.supplier ? (
                    <th scope="col" role="columnheader">
                      Seat
                    </th>
                  ) : null}
                  <th scope="col" role="columnheader">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup">
                {booking.passengers.map((p) => (
                  <tr key={p.id} role="row" className={p.cancelledAt ? 'is-cancelled' : undefined}>
                    <td role="cell" data-label="Name">
                      <span className="ticket-pax-name">{[p.title, p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}</span>
                    </td>
                    <td role="cell" data-label="Type">
                      {p.type}
                    </td>
                    <td role="cell" data-label="Ticket number">
                      <span className="ticket-number">{p.ticketNumber ?? '—'}</span>
                    </td>
                    {booking.supplier ? (
                      <td role="cell" data-label="Seat" data-testid="ticket-seat">
                        {supplierSeatText(booking, p.id)}
                      </td>
                    ) : null}
                    <td role="cell" data-label="Status">
                      {p.cancelledAt ? <span className="ticket-pax-cancelled">Cancelled {formatDate(p.cancelledAt)}</span> : booking.status === 'changed' ? 'Changed' : 'Travelling'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        {booking.supplier ? (
          <section className="ticket-section" aria-labelledby="ticket-check-in">
            <h2 id="ticket-check-in">Check-in</h2>
            <p>
              Check in on {booking.itinerary.supplier?.owner ?? 'the airline'}&apos;s website or app with the airline booking reference
              {booking.supplier.bookingReference ? <strong> {booking.supplier.bookingReference}</strong> : ' above'}. The airline issues your boarding pass.
            </p>
          </section>
        ) : (
          <CheckInPanel booking={booking} />
        )}

        <section className="ticket-section" aria-labelledby="ticket-fare">
          <h2 id="ticket-fare">Fare{option ? `: ${option.name}` : ''}</h2>
          {fare.data ? (
            <FareBreakdown fares={fare.data.fares} itinerary={booking.itinerary} passengers={booking.passengers} totalLabel={booking.paymentId ? 'Total paid' : 'Total'} />
          ) : (
            <>
              {fare.isError ? (
                <p role="alert">The fare breakdown could not be loaded. {fare.error.message}</p>
              ) : (
                <p role="status" className="muted">
                  Loading the fare breakdown…
                </p>
              )}
              <dl className="ticket-fare">
                <div className="ticket-fare-total">
                  <dt>{booking.paymentId ? 'Total paid' : 'Total'}</dt>
                  <dd>{formatInr(booking.totalInr)}</dd>
                </div>
              </dl>
            </>
          )}
        </section>
        {hasRefunds(booking) ? (
          <RefundTracker booking={booking} />
        ) : (
          // A change of a supplier's booking may carry money the airline paid back to the original payment.
          booking.supplier && booking.changedFrom !== null && <RefundTracker booking={booking} onlyWhenAny />
        )}
        {option ? (
          <section className="ticket-section" aria-labelledby="ticket-rules">
            <h2 id="ticket-rules">Fare rules: {option.name}</h2>
            <FareRules rules={option.rules} />
          </section>
        ) : null}
        <p className="muted small ticket-notes">
          {booking.supplier
            ? "Carry a government photo ID. The check-in window, boarding pass and gate-closing time are the airline's."
            : "Carry a government photo ID. The boarding pass comes with web check-in; the check-in window and gate-closing time are the airline's (see Web check-in)."}
        </p>
      </article>
      <BookingExtras booking={booking} />
    </div>
  );
}

/** Why a remote supplier's round trip has no per-journey Cancel (each journey still has its Change). */
const ONE_TICKET_NOTE = 'The airline sold both journeys as one ticket: they are cancelled together, with Cancel booking above.';

/**
 * A whole trip's journey's "Change flight" (to /ticket/:id/change?journey=n) while it can change:
 * the booking is confirmed or partly cancelled with somebody travelling and the journey is not
 * cancelled. A special return whose fare forbids changing one journey says so instead.
 */
function ChangeJourney({ booking, index }: { booking: BookingView; index: number }) {
  const journey = booking.journeys[index];
  const flying = (booking.status === 'confirmed' || booking.status === 'partly_cancelled') && booking.passengers.some((p) => p.cancelledAt === null);
  if (!journey || !flying || journey.cancelledAt !== null || booking.journeys.length < 2) return null;
  if (journey.specialReturn && !journey.specialReturn.changeSeparately) {
    const airline = booking.itinerary.legs[journey.firstLeg]?.carrierName ?? journey.specialReturn.airline;
    return <span className="small muted trip-change-rule">{TRIP_MESSAGES.changeTogether(airline)}</span>;
  }
  return (
    <Link href={`/ticket/${encodeURIComponent(booking.id)}/change?journey=${index}`} className="btn btn-small" aria-label={`Change flight of journey ${index + 1}`}>
      <CalendarClock aria-hidden="true" size={16} /> Change flight
    </Link>
  );
}

/**
 * A passenger's seats on a remote supplier's booking: the airline's confirmed seat (a choice the order has not confirmed
 * yet says "requested"), with the flight when the booking has more than one; else the airline assigns it at check-in.
 */
function supplierSeatText(booking: BookingView, passengerId: string): string {
  const legs = booking.itinerary.legs;
  const seats = (booking.supplier?.seats ?? []).filter((s) => s.passengerId === passengerId).sort((a, b) => a.legIndex - b.legIndex);
  if (seats.length === 0) return 'Assigned by the airline at check-in';
  return seats.map((s) => `${legs.length > 1 ? `${legs[s.legIndex]?.flightNumber ?? ''} ` : ''}${s.seat}${s.confirmed ? '' : ' (requested)'}`).join(', ');
}
