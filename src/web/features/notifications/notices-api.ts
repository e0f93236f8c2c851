import type { MarkReadAnswer, Notice, NoticeList } from '../../../core/notifications';
import { apiFetch } from '../../lib/api';

/** The signed-in traveller's unread notices (newest first). */
export function fetchUnreadNotices(): Promise<NoticeList> {
  return apiFetch<NoticeList>('/api/notifications?unread=true');
}

/** Marks notices read so they are not shown again. */
export function markNoticesRead(ids: Notice['id'][]): Promise<MarkReadAnswer> {
  return apiFetch<MarkReadAnswer>('/api/notifications/read', { method: 'POST', json: { ids } });
}
