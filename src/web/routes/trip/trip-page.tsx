import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { COMPANION_MESSAGES, type PublicTrip } from '../../../core/companion';
import { useDocumentTitle } from '../../components/page-title';
import { ApiError } from '../../lib/api';
import { tripQuery } from '../../features/companion/companion-api';
import { GroupFlights } from '../../features/companion/group-parts';
import { QueryScope } from '../../lib/query-scope';
import '../../features/companion/companion.css';
import '../group/group.css';
import { PendingScreen } from '../../features/companion/pending-screen';
import { waitingForConnection } from '../../lib/offline/connection';

const STATUS: Record<PublicTrip['status'], string> = {
  draft: 'Being planned',
  held: 'Seats held',
  confirmed: 'Booked',
  expired: 'Not booked',
  cancelled: 'Cancelled',
};

/**
 * A shared itinerary (/trip/:code), open to anyone with the link: flights, times, terminals and
 * the travellers' first names — nothing private.
 * @example <Route path="/trip/:code" component={TripPage} />
 */
export function TripPage({ params }: { params: { code: string } }) {
  useDocumentTitle(`Shared trip ${params.code.toUpperCase()}`);
  return (
    <QueryScope>
      <TripScreen code={params.code.toUpperCase()} />
    </QueryScope>
  );
}

function TripScreen({ code }: { code: string }) {
  const trip = useQuery(tripQuery(code));
  if (trip.isPending || waitingForConnection(trip)) return <PendingScreen query={trip} loadingLabel="Loading the shared itinerary" />;
  if (trip.isError) {
    return (
      <div className="container page">
        <div className="card gp-missing" role="alert">
          <h1>Shared itinerary</h1>
          <p>{trip.error instanceof ApiError && trip.error.status === 404 ? COMPANION_MESSAGES.tripNotFound : trip.error.message}</p>
          <Link href="/" className="btn btn-primary">
            Search Flights
          </Link>
        </div>
      </div>
    );
  }
  const data = trip.data;
  const first = data.flights[0];
  const last = data.flights[data.flights.length - 1];
  return (
    <div className="container page gp-page">
      <h1>{first && last ? `Trip to ${last.to.city}` : 'Shared itinerary'}</h1>
      <p className="muted gp-sub">
        {first && last ? `${first.from.city} (${first.from.code}) → ${last.to.city} (${last.to.code}) · ` : ''}
        {STATUS[data.status]} · Share code <strong>{data.shareCode}</strong>
      </p>
      <div className="gp-layout">
        <section className="card" aria-labelledby="trip-flights">
          <h2 id="trip-flights">Flights</h2>
          <GroupFlights flights={data.flights} />
        </section>
        <section className="card" aria-labelledby="trip-people">
          <h2 id="trip-people">Travellers</h2>
          <ul className="trip-members">
            {data.members.map((member, i) => (
              <li key={`${member.firstName}-${i}`}>{member.firstName}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
