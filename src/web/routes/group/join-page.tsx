import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { COMPANION_MESSAGES, groupPath } from '../../../core/companion';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { ApiError } from '../../lib/api';
import { formatDay } from '../../lib/format';
import { acceptInvite, inviteQuery } from '../../features/companion/companion-api';
import { GroupFlights } from '../../features/companion/group-parts';
import { MemberPassengerForm } from '../../features/companion/member-passenger-form';
import { QueryScope } from '../../lib/query-scope';
import { notify } from '../../lib/toast';
import '../../features/companion/companion.css';
import './group.css';
import { queryKeys } from '../../lib/query-keys';
import { PendingScreen } from '../../features/companion/pending-screen';
import { waitingForConnection } from '../../lib/offline/connection';

/**
 * An emailed invitation (/group/join/:token). Signed out, the traveller signs in (or up) first
 * and comes straight back; then they fill in their own passenger details and accept, which
 * confirms them in the group.
 * @example <Route path="/group/join/:token" component={JoinPage} />
 */
export function JoinPage({ params }: { params: { token: string } }) {
  useDocumentTitle('Group Invitation');
  return (
    <RequireAuth>
      <QueryScope>
        <JoinScreen token={params.token} />
      </QueryScope>
    </RequireAuth>
  );
}

function Missing({ text }: { text: string }) {
  return (
    <div className="container page">
      <div className="card gp-missing" role="alert">
        <h1>Group Invitation</h1>
        <p>{text}</p>
        <Link href="/" className="btn btn-primary">
          Search Flights
        </Link>
      </div>
    </div>
  );
}

function JoinScreen({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const invite = useQuery(inviteQuery(token));
  if (invite.isPending || waitingForConnection(invite)) return <PendingScreen query={invite} loadingLabel="Loading the invitation" />;
  if (invite.isError) {
    return <Missing text={invite.error instanceof ApiError && invite.error.status === 404 ? COMPANION_MESSAGES.inviteNotFound : invite.error.message} />;
  }
  const data = invite.data;
  const accept = async (passenger: Record<string, string>) => {
    const { group } = await acceptInvite(token, passenger);
    queryClient.setQueryData(queryKeys.groups.one(group.id), group);
    notify.success('You have joined the group');
    navigate(groupPath(group.id));
  };
  const open = data.status === 'draft' || data.status === 'held';

  return (
    <div className="container page gp-page">
      <h1>Group Invitation</h1>
      <p className="gp-invite-lead">
        {data.organiserFirstName} invited <strong>{data.memberName}</strong> to travel {data.source} → {data.destination} on {formatDay(data.date)}.
      </p>
      <div className="gp-layout">
        <section className="card" aria-labelledby="join-flights">
          <h2 id="join-flights">Flights</h2>
          <GroupFlights flights={data.flights} />
        </section>
        <div className="gp-side">
          {data.alreadyAccepted ? (
            <div className="card">
              <p>{data.acceptedByYou ? 'You have accepted this invitation.' : 'This invitation has already been accepted.'}</p>
              {data.acceptedByYou ? (
                <Link href={groupPath(data.groupId)} className="btn btn-primary">
                  Open group page
                </Link>
              ) : null}
            </div>
          ) : !open ? (
            <div className="card">
              <p>This group booking is no longer open.</p>
            </div>
          ) : (
            <section className="card" aria-labelledby="join-details">
              <h2 id="join-details">Your passenger details</h2>
              <p className="muted small">Enter your details as on your ID. Accepting confirms you in the group; you then pay your own share.</p>
              <MemberPassengerForm travelDate={data.date} submitLabel="Accept Invitation" onSubmit={accept} />
            </section>
          )}
        </div>
      </div>
    </div>
  );
}
