import * as Tabs from '@radix-ui/react-tabs';
import { Copy, Link2, Mail, Share2, Trash2, UserPlus, X } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AddMemberBodySchema, COMPANION_MESSAGES, COMPANION_TABS, firstNameOf, groupPath, type GroupView, MAX_GROUP_SIZE, splitPaise } from '../../../core/companion';
import type { Itinerary, SearchQuery } from '../../../core/search';
import { notify } from '../../lib/toast';
import { ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { newIdempotencyKey } from '../booking/booking-api';
import { formatDay, localDate, localTime } from '../../lib/format';
import { Modal } from '../../components/modal';
import { useCurrency } from '../../lib/currency-context';
import { addMember, bookGroup, createGroup, createSharedItinerary, groupQuery, removeMember, revokeSharedItinerary, sendItineraryInvitations } from './companion-api';
import { MemberStatus, ShareStatus } from './group-parts';
import { tripText } from './trip-text';
import '../../components/tabs.css';
import '../booking/forms.css';
import './companion.css';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  itinerary: Itinerary;
  query?: SearchQuery | undefined;
  /** The signed-in organiser (the dialog is only shown to signed-in travellers). */
  organiserEmail: string;
}

/** The all-in fare of one traveller (adult) in whole rupees. */
function pricePerPerson(itinerary: Itinerary, query: SearchQuery | undefined): number {
  const adult = itinerary.price.perPassenger.adult?.total;
  if (adult !== undefined) return adult;
  const count = query ? query.adults + query.children + query.infants : 1;
  return Math.round(itinerary.price.total.total / Math.max(1, count));
}

/** Message of a failed call, for a toast. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong. Please try again.');

/**
 * Travel Companion (tabs Group Booking, Split Payment, Shared Itinerary) for one itinerary. The
 * group lives on the server: it is created with the first member added (or the first shared
 * itinerary), so closing and reopening the dialog keeps it.
 */
export function CompanionDialog({ open, onOpenChange, itinerary, query, organiserEmail }: Props) {
  const { format } = useCurrency();
  const queryClient = useQueryClient();
  const [groupId, setGroupId] = useState<string | null>(null);
  const creating = useRef<Promise<GroupView> | null>(null);
  const createKey = useRef(newIdempotencyKey());
  const first = itinerary.legs[0];
  const last = itinerary.legs[itinerary.legs.length - 1];
  const perPerson = pricePerPerson(itinerary, query);

  // Read again on every opening: members may have accepted or paid meanwhile.
  const groupAnswer = useQuery({ ...groupQuery(groupId ?? ''), enabled: open && groupId !== null, staleTime: 0 });
  const group = groupId === null ? null : (groupAnswer.data ?? null);
  /** What the server answered after a change is the group from now on. */
  const setGroup = (next: GroupView) => {
    queryClient.setQueryData(queryKeys.groups.one(next.id), next);
    setGroupId(next.id);
  };

  /** The group, created on the server on first need (one Idempotency-Key per dialog). */
  const ensureGroup = async (): Promise<GroupView> => {
    if (group) return group;
    creating.current ??= createGroup({ itineraryId: itinerary.id, quotedPricePerPerson: perPerson }, createKey.current).then((r) => r.group);
    try {
      const created = await creating.current;
      setGroup(created);
      return created;
    } finally {
      creating.current = null;
    }
  };

  const description = first && last ? `${first.from.code} → ${last.to.code} · ${formatDay(localDate(itinerary.departure))} · ${localTime(itinerary.departure)} · ${format(perPerson)} per person` : undefined;

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={COMPANION_MESSAGES.title} description={description} className="tc-modal">
      <Tabs.Root defaultValue="group">
        <Tabs.List className="tabs-list" aria-label={COMPANION_MESSAGES.title}>
          {COMPANION_TABS.map((label, i) => (
            <Tabs.Trigger key={label} value={(['group', 'split', 'share'] as const)[i] ?? 'group'} className="tabs-trigger">
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="group" className="tabs-panel">
          <GroupTab group={group} organiserEmail={organiserEmail} ensureGroup={ensureGroup} setGroup={setGroup} />
        </Tabs.Content>
        <Tabs.Content value="split" className="tabs-panel">
          <SplitTab group={group} perPerson={perPerson} />
        </Tabs.Content>
        <Tabs.Content value="share" className="tabs-panel">
          <ShareTab group={group} ensureGroup={ensureGroup} setGroup={setGroup} />
        </Tabs.Content>
      </Tabs.Root>
    </Modal>
  );
}

interface TabProps {
  group: GroupView | null;
  ensureGroup(): Promise<GroupView>;
  setGroup(group: GroupView): void;
}

function GroupTab({ group, organiserEmail, ensureGroup, setGroup }: TabProps & { organiserEmail: string }) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ name?: string; email?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const addKey = useRef<{ body: string; key: string } | null>(null);
  const bookKey = useRef(newIdempotencyKey());
  const nameId = useId();
  const emailId = useId();
  const draft = !group || group.status === 'draft';
  const members = group?.members ?? [];
  const full = members.length >= MAX_GROUP_SIZE;

  const add = async () => {
    // An empty email is the first thing to say, as it is the one field the group needs to invite.
    if (email.trim() === '') {
      setErrors({ email: COMPANION_MESSAGES.emailRequired });
      notify.error(COMPANION_MESSAGES.emailRequired);
      document.getElementById(emailId)?.focus();
      return;
    }
    const parsed = AddMemberBodySchema.safeParse({ name, email });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if (key === 'name' || key === 'email') next[key] ??= issue.message;
      }
      setErrors(next);
      document.getElementById(next.name ? nameId : emailId)?.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const current = await ensureGroup();
      const body = JSON.stringify(parsed.data);
      if (addKey.current?.body !== body) addKey.current = { body, key: newIdempotencyKey() };
      const { group: next } = await addMember(current.id, parsed.data, addKey.current.key);
      setGroup(next);
      setName('');
      setEmail('');
      addKey.current = null;
      notify.success(COMPANION_MESSAGES.memberAdded);
      document.getElementById(nameId)?.focus();
    } catch (error) {
      if (error instanceof ApiError && (error.fields.email || error.fields.name)) setErrors({ ...(error.fields.name ? { name: error.fields.name } : {}), ...(error.fields.email ? { email: error.fields.email } : {}) });
      else setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (memberId: string) => {
    if (!group) return;
    setBusy(true);
    try {
      setGroup((await removeMember(group.id, memberId)).group);
      document.getElementById(nameId)?.focus();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const initiate = async () => {
    if (members.length < 2) {
      setErrors({ form: 'Add at least one member to book for the group.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const current = await ensureGroup();
      setGroup((await bookGroup(current.id, bookKey.current)).group);
      notify.success(COMPANION_MESSAGES.initiated);
    } catch (error) {
      setErrors({ form: messageOf(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="tc-tab">
      <ul className="tc-list" aria-label="Group members">
        {group ? (
          members.map((member) => (
            <li key={member.id} className="tc-row" data-testid="group-member">
              <span className="tc-avatar" aria-hidden="true">
                {member.name.slice(0, 1).toUpperCase()}
              </span>
              <span className="tc-who">
                <strong>
                  {member.name}
                  {member.id === group.viewerMemberId ? ' (you)' : ''}
                </strong>
                <span className="muted small">{member.isOrganizer ? 'Organiser · ' : ''}{member.email}</span>
              </span>
              <MemberStatus member={member} />
              {draft && !member.isOrganizer ? (
                <button type="button" className="icon-btn" aria-label={`Remove ${member.name}`} disabled={busy} onClick={() => void remove(member.id)}>
                  <X aria-hidden="true" size={18} />
                </button>
              ) : null}
            </li>
          ))
        ) : (
          <li className="tc-row" data-testid="group-member">
            <span className="tc-avatar" aria-hidden="true">
              {organiserEmail.slice(0, 1).toUpperCase()}
            </span>
            <span className="tc-who">
              <strong>You</strong>
              <span className="muted small">Organiser · {organiserEmail}</span>
            </span>
            <span className="tc-badge is-ok">Confirmed</span>
          </li>
        )}
      </ul>

      {draft ? (
        <>
          <form
            className="tc-add"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              // Portalled, but React still bubbles the submit to a form around the button (the booking screen's).
              event.stopPropagation();
              void add();
            }}
          >
            <h3 className="tc-subtitle">Add a member</h3>
            <div className="tc-add-fields">
              <div className="bk-field">
                <label htmlFor={nameId}>Name</label>
                <input id={nameId} value={name} autoComplete="off" aria-invalid={errors.name ? true : undefined} aria-describedby={errors.name ? `${nameId}-error` : undefined} onChange={(e) => setName(e.target.value)} />
                {errors.name ? (
                  <p className="bk-error" id={`${nameId}-error`}>
                    {errors.name}
                  </p>
                ) : null}
              </div>
              <div className="bk-field">
                <label htmlFor={emailId}>Email</label>
                <input
                  id={emailId}
                  type="email"
                  value={email}
                  autoComplete="off"
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? `${emailId}-error` : undefined}
                  onChange={(e) => {
                    setEmail(e.target.value);
                    if (errors.email) setErrors(({ email: _drop, ...rest }) => rest);
                  }}
                />
                {errors.email ? (
                  <p className="bk-error" id={`${emailId}-error`}>
                    {errors.email}
                  </p>
                ) : null}
              </div>
            </div>
            <button type="submit" className="btn" disabled={busy || full}>
              <UserPlus aria-hidden="true" size={18} /> Add Member
            </button>
            {full ? <p className="muted small">{COMPANION_MESSAGES.partyFull}.</p> : null}
          </form>
          <p className="muted small">Members get an email invitation when you book for the group, then confirm and fill in their own passenger details.</p>
          {errors.form ? (
            <p className="bk-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="modal-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void initiate()}>
              Book for the Group
            </button>
          </div>
        </>
      ) : group ? (
        <HeldNote group={group} />
      ) : null}
    </div>
  );
}

/** What happens next once seats are held (or how the group ended). */
function HeldNote({ group }: { group: GroupView }) {
  const until = group.holdExpiresAt ? new Date(group.holdExpiresAt) : null;
  return (
    <div className="tc-note" role="status">
      {group.status === 'held' && until ? (
        <p>
          Seats for {group.partySize} travellers are held until{' '}
          <strong>{until.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })}</strong>. Invitations have been emailed; every member pays their own share before then.
        </p>
      ) : group.status === 'confirmed' ? (
        <p>Everyone has paid: the group booking is confirmed{group.pnr ? ` (PNR ${group.pnr})` : ''}.</p>
      ) : (
        <p>This group booking has {group.status === 'expired' ? 'expired' : 'been cancelled'}; paid shares are refunded automatically.</p>
      )}
      <Link href={groupPath(group.id)} className="btn btn-primary">
        Open group page
      </Link>
    </div>
  );
}

function SplitTab({ group, perPerson }: { group: GroupView | null; perPerson: number }) {
  const { currency, format } = useCurrency();
  const members = group?.members ?? [];
  const count = Math.max(1, members.length);
  // Before seats are held the split is worked out from the fare shown; the held price is final.
  const planned = splitPaise(perPerson * 100 * count, count);
  const rows =
    group && group.shares.length > 0
      ? group.shares.map((share) => ({ key: share.memberId, name: share.name, paise: share.amountPaise, status: share.status }))
      : group
        ? members.map((m, i) => ({ key: m.id, name: m.name, paise: planned[i] ?? 0, status: 'pending' as const }))
        : [{ key: 'you', name: 'You', paise: planned[0] ?? 0, status: 'pending' as const }];
  const totalPaise = rows.reduce((sum, row) => sum + row.paise, 0);
  const final = Boolean(group && group.shares.length > 0);
  return (
    <div className="tc-tab">
      <p className="muted">
        {final ? 'The held total is split equally; each member pays their own share.' : 'The all-in total is split equally between the members (the organiser takes any odd paise). Amounts are fixed when seats are held.'}
      </p>
      <ul className="tc-list" aria-label="Split payment">
        {rows.map((row) => (
          <li key={row.key} className="tc-row" data-testid="split-entry">
            <span className="tc-who">
              <strong>{row.name}</strong>
              {currency !== 'INR' ? <span className="muted small">Charged in INR: ₹{(row.paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</span> : null}
            </span>
            <span className="tc-amount">{format(row.paise / 100)}</span>
            <ShareStatus status={row.status} />
          </li>
        ))}
      </ul>
      <p className="tc-total">
        <span>Total</span>
        <strong>{format(totalPaise / 100)}</strong>
      </p>
      {group && group.status === 'held' ? (
        <div className="modal-actions">
          <Link href={groupPath(group.id)} className="btn btn-primary">
            Pay my share
          </Link>
        </div>
      ) : null}
    </div>
  );
}

function ShareTab({ group, ensureGroup, setGroup }: TabProps) {
  const [busy, setBusy] = useState(false);
  const createKey = useRef(newIdempotencyKey());
  const shared = group?.itinerary ?? null;
  const link = shared ? new URL(shared.url, window.location.origin).href : '';
  const canShare = typeof navigator.share === 'function';

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      notify.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const current = await ensureGroup();
      const { itinerary } = await createSharedItinerary(current.id, createKey.current);
      setGroup({ ...current, itinerary });
      notify.success(COMPANION_MESSAGES.itineraryCreated);
    });

  const text = () =>
    group && shared ? tripText({ flights: group.flights, firstNames: group.members.map((m) => firstNameOf(m.name)), shareCode: shared.shareCode, link }) : '';

  const copy = () =>
    run(async () => {
      await navigator.clipboard.writeText(text());
      notify.success(COMPANION_MESSAGES.copied);
    });

  const share = () =>
    run(async () => {
      try {
        await navigator.share({ title: 'Shared itinerary', text: text(), url: link });
      } catch (error) {
        // The traveller closed the share sheet: nothing to report.
        if (error instanceof DOMException && error.name === 'AbortError') return;
        throw error;
      }
    });

  const invite = () =>
    run(async () => {
      if (!group) return;
      await sendItineraryInvitations(group.id);
      notify.success(COMPANION_MESSAGES.invitationsSent);
    });

  const revoke = () =>
    run(async () => {
      if (!group) return;
      await revokeSharedItinerary(group.id);
      setGroup({ ...group, itinerary: null });
      createKey.current = newIdempotencyKey();
    });

  if (!group || !shared) {
    return (
      <div className="tc-tab">
        <p>Create a read-only page of this trip — flights, times, terminals and the travellers&apos; first names — that anyone with the link can open.</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
            <Link2 aria-hidden="true" size={18} /> Create Shared Itinerary
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="tc-tab">
      <p className="tc-code-line">
        Share code <strong className="tc-code" data-testid="share-code">{shared.shareCode}</strong>
      </p>
      <p className="tc-link">
        <a href={shared.url} target="_blank" rel="noopener">
          {link}
        </a>
      </p>
      <div className="tc-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void copy()}>
          <Copy aria-hidden="true" size={18} /> Copy Details
        </button>
        {canShare ? (
          <button type="button" className="btn" disabled={busy} onClick={() => void share()}>
            <Share2 aria-hidden="true" size={18} /> Share
          </button>
        ) : null}
        <button type="button" className="btn" disabled={busy || group.members.length < 2} onClick={() => void invite()}>
          <Mail aria-hidden="true" size={18} /> Send to Members
        </button>
        <button type="button" className="btn btn-ghost tc-danger" disabled={busy} onClick={() => void revoke()}>
          <Trash2 aria-hidden="true" size={18} /> Revoke Link
        </button>
      </div>
      {group.members.length < 2 ? <p className="muted small">Add members on the Group Booking tab to email them the link.</p> : null}
    </div>
  );
}
