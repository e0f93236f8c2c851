import { Bell, X } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { NoticeList } from '../../../core/notifications';
import { queryKeys } from '../../lib/query-keys';
import { QueryScope } from '../../lib/query-scope';
import { useSession } from '../../lib/use-session';
import { fetchUnreadNotices, markNoticesRead } from './notices-api';
import './notices.css';

const SHOWN = 3;

/**
 * Unread notices in a small panel at the bottom of the screen: the newest three, a count of the
 * rest, a link per notice and "Dismiss" (marks them read, so they are not shown again). The panel
 * is loaded lazily after the session is known, so its query cache comes with it, not with the page.
 */
export function NoticesPanel() {
  return (
    <QueryScope>
      <NoticesList />
    </QueryScope>
  );
}

function NoticesList() {
  const queryClient = useQueryClient();
  const key = queryKeys.notices(useSession().user?.id ?? 'anon');
  // A failed read shows nothing: the notices wait for the next visit.
  const { data } = useQuery({ queryKey: key, queryFn: fetchUnreadNotices, retry: false });
  const markRead = useMutation({ mutationFn: markNoticesRead });

  const notices = data?.notices ?? [];
  if (notices.length === 0) return null;
  const shown = notices.slice(0, SHOWN);
  const more = (data?.unread ?? 0) - shown.length;

  // Dismissed notices leave at once; the server is told in the background.
  const dismiss = (ids: string[]) => {
    queryClient.setQueryData<NoticeList>(key, (list) =>
      list ? { ...list, notices: list.notices.filter((n) => !ids.includes(n.id)), unread: Math.max(0, list.unread - ids.length) } : list,
    );
    markRead.mutate(ids);
  };

  return (
    <section className="notices" aria-labelledby="notices-title">
      <header className="notices-head">
        <h2 id="notices-title" className="notices-title">
          <Bell aria-hidden="true" size={18} /> While you were away
        </h2>
        <button type="button" className="icon-btn" aria-label="Dismiss all notices" onClick={() => dismiss(notices.map((n) => n.id))}>
          <X aria-hidden="true" size={18} />
        </button>
      </header>
      <ul className="notices-list">
        {shown.map((notice) => (
          <li key={notice.id} className={`notice notice-${notice.kind}`}>
            <p className="notice-title">{notice.title}</p>
            <p className="notice-body small">{notice.body}</p>
            <div className="notice-actions">
              {notice.url ? (
                <Link href={notice.url} className="btn btn-small btn-ghost" onClick={() => dismiss([notice.id])}>
                  View
                </Link>
              ) : null}
              <button type="button" className="btn btn-small btn-ghost" onClick={() => dismiss([notice.id])}>
                Dismiss
              </button>
            </div>
          </li>
        ))}
      </ul>
      {more > 0 ? <p className="small muted notices-more">and {more} more</p> : null}
    </section>
  );
}
