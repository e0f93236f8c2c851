import { Bell, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Notice } from '../../../core/notifications';
import { fetchUnreadNotices, markNoticesRead } from './notices-api';
import './notices.css';

const SHOWN = 3;

/**
 * Unread notices in a small panel at the bottom of the screen: the newest three, a count of the
 * rest, a link per notice and "Dismiss" (marks them read, so they are not shown again).
 */
export function NoticesPanel() {
  const [notices, setNotices] = useState<Notice[]>([]);
  const [unread, setUnread] = useState(0);

  useEffect(() => {
    let live = true;
    fetchUnreadNotices()
      .then((list) => {
        if (!live) return;
        setNotices(list.notices);
        setUnread(list.unread);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  if (notices.length === 0) return null;
  const shown = notices.slice(0, SHOWN);
  const more = unread - shown.length;

  const dismiss = (ids: string[]) => {
    setNotices((list) => list.filter((n) => !ids.includes(n.id)));
    setUnread((count) => Math.max(0, count - ids.length));
    void markNoticesRead(ids).catch(() => {});
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
