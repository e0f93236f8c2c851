import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { groupPath, type GroupSummary } from '../../../core/companion';
import { formatDay } from '../../lib/format';
import { groupsQuery } from './companion-api';
import './companion.css';

const STATUS: Record<GroupSummary['status'], string> = {
  draft: 'Adding members',
  held: 'Awaiting shares',
  confirmed: 'Confirmed',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/**
 * The profile's list of group trips the traveller organises or belongs to, each linking to its page.
 * Shows nothing when there are none (or the list cannot be read).
 * @example <MyGroups />
 */
export function MyGroups() {
  const groups = useQuery(groupsQuery());
  if (!groups.data || groups.data.length === 0) return null;
  return (
    <section className="profile-groups" aria-labelledby="groups-title">
      <h2 id="groups-title">Group Trips</h2>
      <ul className="tc-list">
        {groups.data.map((group) => (
          <li key={group.id} className="card tc-row" data-testid="group-row">
            <span className="tc-who">
              <Link href={groupPath(group.id)}>
                <strong>
                  {group.source} → {group.destination}
                </strong>
              </Link>
              <span className="muted small">
                {formatDay(group.date)} · {group.partySize} traveller{group.partySize === 1 ? '' : 's'} · {group.isOrganizer ? 'You organise' : 'Member'}
              </span>
            </span>
            <span className={`tc-badge${group.status === 'confirmed' ? ' is-ok' : ''}`}>{STATUS[group.status]}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
