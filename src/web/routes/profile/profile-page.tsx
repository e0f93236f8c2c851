import { CreditPanel } from '../../features/credit/credit-panel';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Download, LogOut, MapPin, Settings, Ticket, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { BookingListItem } from '../../../core/booking';
import { useDocumentTitle } from '../../components/page-title';
import { useSession } from '../../lib/use-session';
import { bookingsQuery, profileStatsQuery } from '../../features/booking/booking-api';
import { downloadTicket } from '../../features/booking/download-ticket';
import { formatDay } from '../../lib/format';
import { MyGroups } from '../../features/companion/my-groups';
import { VerifyBanner } from '../../features/auth/verify-banner';
import { SavedPlansList } from '../../features/planner/saved-plans-list';
import { SavedTravellersSection } from '../../features/personal-data/saved-travellers-section';
import { TaxInvoicesList } from '../../features/personal-data/tax-invoices-list';
import { BookedFlightStatus } from '../../features/tracker/booked-flight-status';
import { useCurrency } from '../../lib/currency-context';
import { QueryScope } from '../../lib/query-scope';
import { bookingStatus } from '../../lib/booking-status';
import { CancelBookingButton } from '../../features/trip-changes/cancel-booking';
import { TripChangedBadge } from '../../features/disruptions/trip-changed-panel';
import { hasRefunds, RefundStatusLine } from '../../features/trip-changes/refund-tracker';
import './profile.css';

/**
 * Profile (spec section 2): open to everyone; signed-in travellers see their stats and bookings.
 * @example <Route path="/profile" component={ProfilePage} />
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const { user, status } = useSession();
  if (status === 'loading') {
    return (
      <div className="container page" role="status" aria-busy="true" aria-label="Loading">
        <div className="skeleton skeleton-title" />
        <div className="skeleton skeleton-line" />
      </div>
    );
  }
  if (!user) {
    return (
      <div className="container page profile-page">
        <div className="card profile-anon">
          <h1>Profile</h1>
          <p>Sign in to see your bookings, tickets and travel statistics.</p>
          <div className="profile-anon-actions">
            <Link href="/login" className="btn btn-primary">
              Sign In
            </Link>
            <Link href="/signup" className="btn">
              Create Account
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <QueryScope>
      <ProfileScreen email={user.email} />
    </QueryScope>
  );
}

function ProfileScreen({ email }: { email: string }) {
  const { signOut } = useSession();
  const { format } = useCurrency();
  const stats = useQuery(profileStatsQuery());
  const bookings = useQuery(bookingsQuery());
  // Expired holds were never bought, so they are not part of the traveller's history.
  const history = (bookings.data ?? []).filter((b) => b.status !== 'expired');

  return (
    <div className="container page profile-page">
      <div className="profile-top">
        <Link href="/" className="btn btn-ghost profile-back">
          <ArrowLeft aria-hidden="true" size={18} /> Back
        </Link>
      </div>
      <header className="card profile-head">
        <div className="profile-avatar" aria-hidden="true">
          {email.slice(0, 1).toUpperCase()}
        </div>
        <div className="profile-who">
          <h1>Profile</h1>
          <p className="profile-email">{email}</p>
        </div>
        <Link href="/settings" className="btn">
          <Settings aria-hidden="true" size={18} /> Settings
        </Link>
        <button
          type="button"
          className="btn"
          onClick={() => {
            // A full page load: nothing of the traveller stays in memory (query cache, wallet).
            void signOut().finally(() => window.location.assign('/'));
          }}
        >
          <LogOut aria-hidden="true" size={18} /> Logout
        </button>
      </header>

      <VerifyBanner />

      <ul className="profile-tiles" aria-label="Your travel statistics">
        <li className="card profile-tile">
          <Ticket aria-hidden="true" size={22} />
          <span className="profile-tile-label">Total Bookings</span>
          <strong className="profile-tile-value" data-testid="stat-total-bookings">
            {stats.data ? stats.data.totalBookings : '—'}
          </strong>
        </li>
        <li className="card profile-tile">
          <Wallet aria-hidden="true" size={22} />
          <span className="profile-tile-label">Total Spent</span>
          <strong className="profile-tile-value" data-testid="stat-total-spent">
            {stats.data ? format(stats.data.totalSpent) : '—'}
          </strong>
        </li>
        <li className="card profile-tile">
          <MapPin aria-hidden="true" size={22} />
          <span className="profile-tile-label">Favorite Destination</span>
          <strong className="profile-tile-value" data-testid="stat-favorite">
            {stats.data ? stats.data.favoriteDestination : '—'}
          </strong>
        </li>
      </ul>

      <CreditPanel />

      <MyGroups />

      <section className="profile-history" aria-labelledby="history-title">
        <h2 id="history-title">Booking History</h2>
        {bookings.isPending ? (
          <div role="status" aria-busy="true" aria-label="Loading bookings">
            <div className="skeleton profile-skeleton" />
            <div className="skeleton profile-skeleton" />
          </div>
        ) : bookings.isError ? (
          <div className="card profile-empty" role="alert">
            <p>We could not load your bookings. {bookings.error.message}</p>
            <button type="button" className="btn" onClick={() => void bookings.refetch()}>
              Try again
            </button>
          </div>
        ) : history.length === 0 ? (
          <div className="card profile-empty">
            <p>No bookings yet. Start planning your next trip!</p>
            <Link href="/" className="btn btn-primary">
              Search Flights
            </Link>
          </div>
        ) : (
          <ul className="profile-bookings">
            {history.map((booking) => (
              <BookingRow key={booking.id} booking={booking} amount={format(booking.totalInr)} />
            ))}
          </ul>
        )}
      </section>
      <SavedTravellersSection />
      <TaxInvoicesList />
      <SavedPlansList />
      <p>
        <Link href="/your-data">Your data: download it, choose about marketing email, or delete your account</Link>
      </p>
    </div>
  );
}

function BookingRow({ booking, amount }: { booking: BookingListItem; amount: string }) {
  const [downloading, setDownloading] = useState(false);
  const legs = booking.itinerary.legs;
  const from = legs[0]?.from.city;
  const to = legs[legs.length - 1]?.to.city;
  const count = booking.passengers.length;
  const cancelled = booking.passengers.filter((p) => p.cancelledAt !== null).length;
  const valid = booking.status === 'confirmed' || booking.status === 'partly_cancelled';
  const status = bookingStatus(booking);
  return (
    <li className="card profile-booking" data-testid="booking-row">
      <div className="profile-booking-main">
        <h3 className="profile-route">
          {booking.journeys.length > 1
            ? // A whole trip: every city in travel order (a round trip ends where it began).
              [booking.journeys[0]?.from ?? booking.source, ...booking.journeys.map((j) => j.to)].join(' → ')
            : `${from ? `${from} (${booking.source})` : booking.source} → ${to ? `${to} (${booking.destination})` : booking.destination}`}
        </h3>
        <dl className="profile-booking-facts">
          <div>
            <dt>Date</dt>
            <dd>{formatDay(booking.date)}</dd>
          </div>
          <div>
            <dt>Passengers</dt>
            <dd>
              {count} passenger{count === 1 ? '' : 's'}
              {cancelled > 0 && cancelled < count ? ` (${cancelled} cancelled)` : ''}
            </dd>
          </div>
          <div>
            <dt>Booking ID</dt>
            <dd>{booking.id}</dd>
          </div>
          <div>
            <dt>PNR</dt>
            <dd>{booking.pnr}</dd>
          </div>
        </dl>
        {valid ? <BookedFlightStatus legs={legs} /> : null}
        {valid && booking.checkIn?.state === 'not-open' ? (
          <p className="profile-check-in muted" data-testid="booking-check-in">
            {booking.checkIn.message}
          </p>
        ) : null}
        {hasRefunds(booking) && <RefundStatusLine booking={booking} />}
        <TripChangedBadge booking={booking} />
      </div>
      <div className="profile-booking-side">
        <strong className="profile-amount">{amount}</strong>
        <span className={`profile-status ${status.tone}`} data-testid="booking-status">
          {status.label}
        </span>
        {(valid || booking.status === 'cancelled' || booking.status === 'changed') && (
          <div className="profile-booking-actions">
            <Link href={`/ticket/${encodeURIComponent(booking.id)}`} className="btn btn-small">
              View Ticket
            </Link>
            {valid && booking.checkIn?.state === 'open' ? (
              <Link href={`/ticket/${encodeURIComponent(booking.id)}#check-in`} className="btn btn-small btn-primary" data-testid="booking-check-in" aria-label={`Check in for booking ${booking.id}`}>
                Check in
              </Link>
            ) : null}
            <CancelBookingButton booking={booking} small />
            {valid && (
              <button
                type="button"
                className="btn btn-small btn-primary"
                disabled={downloading}
                onClick={() => {
                  setDownloading(true);
                  void downloadTicket(booking).finally(() => setDownloading(false));
                }}
                aria-label={`Download Ticket for booking ${booking.id}`}
              >
                <Download aria-hidden="true" size={16} /> Download Ticket
              </button>
            )}
          </div>
        )}
        {booking.status === 'held' && (
          <Link href="/payment" state={{ bookingId: booking.id }} className="btn btn-small btn-primary">
            Complete Payment
          </Link>
        )}
      </div>
    </li>
  );
}
