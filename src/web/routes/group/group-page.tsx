import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { type GroupView, tripPath } from '../../../core/companion';
import { useDocumentTitle } from '../../components/page-title';
import { RequireAuth } from '../../features/auth/require-auth';
import { ApiError } from '../../lib/api';
import { formatCountdown, formatDay } from '../../lib/format';
import { cancelGroup, groupQuery, saveMemberPassenger } from '../../features/companion/companion-api';
import { GroupFlights, MemberStatus, ShareStatus } from '../../features/companion/group-parts';
import { MemberPassengerForm } from '../../features/companion/member-passenger-form';
import { PayShare } from '../../features/companion/pay-share';
import { useCurrency } from '../../lib/currency-context';
import { QueryScope } from '../../lib/query-scope';
import { notify } from '../../lib/toast';
import '../../features/companion/companion.css';
import './group.css';
import { queryKeys } from '../../lib/query-keys';
import { PendingScreen } from '../../features/companion/pending-screen';
import { waitingForConnection } from '../../lib/offline/connection';

/** While seats are held the page asks again this often, besides on window focus. */
const LIVE_REFRESH_MS = 15_000;

/**
 * A group's page (/groups/:groupId) for its organiser and members: members and split entries
 * kept live (refetched on window focus and every 15 s while held), the hold's end, the
 * viewer's own passenger details and "Pay my share".
 * @example <Route path="/groups/:groupId" component={GroupPage} />
 */
export function GroupPage({ params }: { params: { groupId: string } }) {
  useDocumentTitle('Group Booking');
  return (
    <RequireAuth>
      <QueryScope>
        <GroupScreen groupId={params.groupId} />
      </QueryScope>
    </RequireAuth>
  );
}

function GroupScreen({ groupId }: { groupId: string }) {
  const group = useQuery({
    ...groupQuery(groupId),
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.data?.status === 'held' || query.state.data?.status === 'draft' ? LIVE_REFRESH_MS : false),
  });
  if (group.isPending || waitingForConnection(group)) return <PendingScreen query={group} loadingLabel="Loading the group" />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <div className="container page">
        <div className="card gp-missing" role="alert">
          <h1>Group Booking</h1>
          <p>{missing ? 'We could not find this group, or you are not one of its members.' : group.error.message}</p>
          {missing ? (
            <Link href="/profile" className="btn btn-primary">
              Go to Profile
            </Link>
          ) : (
            <button type="button" className="btn btn-primary" onClick={() => void group.refetch()}>
              Try again
            </button>
          )}
        </div>
      </div>
    );
  }
  return <Group group={group.data} />;
}

/** Seconds until an instant, ticking once a second. */
function useSecondsUntil(iso: string | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.round((Date.parse(iso) - now) / 1000)) : 0;
}

const STATUS_TEXT: Record<GroupView['status'], string> = {
  draft: 'The organiser is adding members',
  held: 'Seats held — waiting for every share',
  confirmed: 'Confirmed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Time left on a hold: "23 h 05 min" for long group holds, else m:ss. */
function timeLeft(seconds: number): string {
  if (seconds < 3600) return formatCountdown(seconds);
  const minutes = Math.floor(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

function holdLength(minutes: number): string {
  return minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
}

function Group({ group }: { group: GroupView }) {
  const queryClient = useQueryClient();
  const { format } = useCurrency();
  const seconds = useSecondsUntil(group.status === 'held' ? group.holdExpiresAt : null);
  const [cancelling, setCancelling] = useState(false);
  const me = group.members.find((m) => m.id === group.viewerMemberId);
  const myShare = group.shares.find((s) => s.memberId === group.viewerMemberId);
  const open = group.status === 'draft' || group.status === 'held';
  const until = group.holdExpiresAt ? new Date(group.holdExpiresAt).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }) : null;
  const paidPaise = group.shares.filter((s) => s.status === 'paid').reduce((sum, s) => sum + s.amountPaise, 0);

  const saveDetails = async (passenger: Record<string, string>) => {
    if (!me) return;
    const { group: next } = await saveMemberPassenger(group.id, me.id, passenger);
    queryClient.setQueryData(queryKeys.groups.one(group.id), next);
    notify.success('Passenger details saved');
  };

  const cancel = async () => {
    if (!window.confirm('Cancel this group booking? Seats are released and every paid share is refunded.')) return;
    setCancelling(true);
    try {
      const { group: next } = await cancelGroup(group.id);
      queryClient.setQueryData(queryKeys.groups.one(group.id), next);
    } catch (error) {
      notify.error(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    } finally {
      setCancelling(false);
    }
  };

  return (
    <div className="container page gp-page">
      <h1>
        Group trip {group.source} → {group.destination}
      </h1>
      <p className="muted gp-sub">
        {formatDay(group.date)} · {group.time} · {group.partySize} traveller{group.partySize === 1 ? '' : 's'} · <span data-testid="group-status">{STATUS_TEXT[group.status]}</span>
      </p>

      {group.status === 'held' && until ? (
        <p className="gp-hold" role="timer" aria-live="off">
          <Timer aria-hidden="true" size={18} /> Seats held until {until} ({timeLeft(seconds)} left). A group hold lasts up to {holdLength(group.holdMinutes)}: if any share is still unpaid then, the seats are released and every paid share is refunded automatically.
        </p>
      ) : null}
      {group.status === 'confirmed' ? (
        <p className="gp-done" role="status">
          Everyone has paid — the booking is confirmed.{group.pnr ? <> PNR <strong className="gp-pnr">{group.pnr}</strong>.</> : null}
        </p>
      ) : null}
      {group.status === 'expired' || group.status === 'cancelled' ? (
        <p className="gp-ended" role="status">
          This group booking {group.status === 'expired' ? 'expired before every share was paid' : 'was cancelled'}. Every paid share is refunded automatically.
        </p>
      ) : null}

      <div className="gp-layout">
        <div className="gp-main">
          <section className="card" aria-labelledby="gp-flights">
            <h2 id="gp-flights">Flights</h2>
            <GroupFlights flights={group.flights} />
          </section>

          <section className="card" aria-labelledby="gp-members">
            <h2 id="gp-members">Members</h2>
            <ul className="tc-list">
              {group.members.map((member) => (
                <li key={member.id} className="tc-row" data-testid="group-member">
                  <span className="tc-avatar" aria-hidden="true">
                    {member.name.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="tc-who">
                    <strong>
                      {member.name}
                      {member.id === group.viewerMemberId ? ' (you)' : ''}
                    </strong>
                    <span className="muted small">
                      {member.isOrganizer ? 'Organiser · ' : ''}
                      {member.hasPassengerDetails ? 'Passenger details added' : 'Passenger details needed'}
                    </span>
                  </span>
                  <MemberStatus member={member} />
                </li>
              ))}
            </ul>
          </section>

          {group.itinerary ? (
            <section className="card" aria-labelledby="gp-shared">
              <h2 id="gp-shared">Shared itinerary</h2>
              <p>
                Share code <strong className="tc-code">{group.itinerary.shareCode}</strong> ·{' '}
                <Link href={tripPath(group.itinerary.shareCode)}>Open the public page</Link>
              </p>
            </section>
          ) : null}
        </div>

        <div className="gp-side">
          <section className="card" aria-labelledby="gp-split">
            <h2 id="gp-split">Split Payment</h2>
            {group.shares.length === 0 ? (
              <p className="muted">The total is split equally once the organiser books for the group.</p>
            ) : (
              <>
                <ul className="tc-list">
                  {group.shares.map((share) => (
                    <li key={share.memberId} className="tc-row" data-testid="split-entry">
                      <span className="tc-who">
                        <strong>{share.name}</strong>
                      </span>
                      <span className="tc-amount">{format(share.amountPaise / 100)}</span>
                      <ShareStatus status={share.status} />
                    </li>
                  ))}
                </ul>
                <p className="tc-total">
                  <span>Paid</span>
                  <strong>
                    {format(paidPaise / 100)} of {format(group.totalPaise / 100)}
                  </strong>
                </p>
              </>
            )}
          </section>

          {open && me && !me.hasPassengerDetails ? (
            <section className="card" aria-labelledby="gp-details">
              <h2 id="gp-details">Your passenger details</h2>
              <MemberPassengerForm travelDate={group.date} submitLabel="Save Details" onSubmit={saveDetails} />
            </section>
          ) : null}

          {group.status === 'held' && me?.hasPassengerDetails && myShare?.status === 'pending' && seconds > 0 ? <PayShare group={group} share={myShare} /> : null}
          {myShare?.status === 'paid' && group.status === 'held' ? (
            <p className="gp-paid" role="status">
              Your share is paid. The booking is confirmed when every member has paid.
            </p>
          ) : null}

          {group.viewerIsOrganizer && open ? (
            <button type="button" className="btn btn-ghost tc-danger" disabled={cancelling} onClick={() => void cancel()}>
              Cancel group booking
            </button>
          ) : null}
        </div>
      </div>
    </div>
  );
}
