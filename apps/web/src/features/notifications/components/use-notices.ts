import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStream, useStreamUp } from '@/lib/use-stream';
import {
  applyRead,
  fetchOlderNotifications,
  markedRead,
  markNotificationsRead,
  type Notice,
  notificationsKey,
  notificationsQueryOptions,
} from '../api/notifications';

/** While the stream is up it brings each new notice; a rare check backs it. */
const CHECK_WHILE_UP_MS = 300_000;
/** While it is down, a gentle poll. */
const POLL_WHILE_DOWN_MS = 30_000;

/**
 * The customer's notices: the newest page (following the server: the event stream, or a
 * poll while it is down), older pages on demand, and `mark` to mark some or all read.
 */
export function useNotices() {
  const client = useQueryClient();
  const streamUp = useStreamUp('customer');
  const query = useQuery({
    ...notificationsQueryOptions,
    refetchInterval: streamUp ? CHECK_WHILE_UP_MS : POLL_WHILE_DOWN_MS,
  });
  const reload = () => void client.invalidateQueries({ queryKey: notificationsKey });
  // Also on each (re)connect: a notice written between the first read and the stream's
  // opening was published before this tab listened, and a fresh stream replays nothing.
  useStream('customer', true, { 'notification.created': reload, connected: reload });
  // Older pages, loaded on demand; the newest page follows the server.
  const [older, setOlder] = useState<{ items: Notice[]; hasMore: boolean } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const newest = query.data?.items ?? [];
  const seen = new Set(newest.map((n) => n.id));
  const items = [...newest, ...(older?.items.filter((n) => !seen.has(n.id)) ?? [])];
  const hasMore = older ? older.hasMore : (query.data?.hasMore ?? false);
  const unread = query.data?.unread ?? 0;
  const showOlder = async () => {
    const last = items.at(-1);
    if (!last) return;
    setLoadingOlder(true);
    try {
      const page = await fetchOlderNotifications(last.id);
      setOlder((now) => ({ items: [...(now?.items ?? []), ...page.items], hasMore: page.hasMore }));
    } catch {
      // The button stays: another try may work.
    } finally {
      setLoadingOlder(false);
    }
  };

  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, body) => {
      const ids = body.all ? 'all' : (body.ids ?? []);
      const at = new Date().toISOString();
      applyRead(client, ids, answer.unread, at);
      setOlder((now) => (now ? { ...now, items: markedRead(now.items, ids, at) } : now));
    },
  });

  return { query, items, hasMore, unread, loadingOlder, showOlder, mark };
}

/** What a screen reader hears when a notice arrives while the page is open. */
export function useUnreadAnnouncement(unread: number, loaded: boolean): string {
  const { t } = useTranslation();
  const [said, setSaid] = useState('');
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (before.current !== null && unread > before.current)
      setSaid(t('notifications.labelUnread', { count: unread }));
    before.current = unread;
  }, [unread, loaded, t]);
  return said;
}
