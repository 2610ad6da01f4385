import type { LanguageCode } from '@parley/shared/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useStream, useStreamUp } from '@/lib/use-stream';
import { cn } from '@/lib/utils';
import {
  applyRead,
  fetchOlderNotifications,
  markedRead,
  markNotificationsRead,
  type Notice,
  notificationsKey,
  notificationsQueryOptions,
} from '../api/notifications';
import { noticeTime, Parts, wordedNotice } from './notice-text';

/** While the stream is up it brings each new notice; a rare check backs it. */
const CHECK_WHILE_UP_MS = 300_000;
/** While it is down, a gentle poll. */
const POLL_WHILE_DOWN_MS = 30_000;
/** Ids one request marks read at most (the API's limit). */
const READ_MAX = 100;

function NoticeItem({ notice, isNew }: { notice: Notice; isNew: boolean }) {
  const { t, i18n } = useTranslation();
  // An unknown language falls back to English in the notices' words.
  const language = i18n.language as LanguageCode;
  const worded = wordedNotice(notice, language);
  return (
    <li
      className={cn('border-b px-4 py-3 last:border-b-0', isNew && 'bg-accent/60')}
      data-testid="notice"
      data-new={isNew || undefined}
    >
      <p className="flex items-start gap-2 text-sm font-medium">
        {isNew && (
          <>
            <span aria-hidden="true" className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" />
            <span className="sr-only">{t('notifications.new')}</span>
          </>
        )}
        <span className="min-w-0 break-words">
          <Parts parts={worded.title} />
        </span>
      </p>
      <p className="mt-1 break-words text-sm text-muted-foreground">
        <Parts parts={worded.body} />
      </p>
      <time dateTime={notice.createdAt} className="mt-1 block text-xs text-muted-foreground">
        <bdi>{noticeTime(notice.createdAt, language)}</bdi>
      </time>
    </li>
  );
}

/**
 * The notifications bell: the unread count on the button, and the customer's notices in
 * a panel (newest first, older on demand). Opening it marks what it shows read; those
 * stay marked new until it closes. New notices arrive on the customer's event stream;
 * while that is down, every 30 s. `item` is the mobile drawer's form: a full-width entry
 * whose panel opens in place.
 */
export function NotificationBell({ variant = 'icon' }: { variant?: 'icon' | 'item' }) {
  const { t } = useTranslation();
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

  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const mark = useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer, body) => {
      const ids = body.all ? 'all' : (body.ids ?? []);
      const at = new Date().toISOString();
      applyRead(client, ids, answer.unread, at);
      setOlder((now) => (now ? { ...now, items: markedRead(now.items, ids, at) } : now));
    },
  });

  // What the open panel shows unread is read now; it keeps its "new" mark until closed.
  const shownUnread = open ? items.filter((n) => !n.readAt && !fresh.has(n.id)) : [];
  const toMark = shownUnread
    .slice(0, READ_MAX)
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    if (!toMark) return;
    const ids = toMark.split(',');
    setFresh((now) => new Set([...now, ...ids]));
    mark.mutate({ ids });
  }, [toMark, mark.mutate]);

  // A click elsewhere, or tabbing out of the panel, closes it.
  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const outside = (e: Event) => {
      if (e.target instanceof Node && !rootRef.current?.contains(e.target)) {
        setOpen(false);
        setFresh(new Set());
      }
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  // A screen reader hears of a notice that arrives while the page is open.
  const [said, setSaid] = useState('');
  const before = useRef<number | null>(null);
  useEffect(() => {
    if (query.data === undefined) return;
    if (before.current !== null && unread > before.current)
      setSaid(t('notifications.labelUnread', { count: unread }));
    before.current = unread;
  }, [unread, query.data, t]);

  function close(returnFocus: boolean) {
    setOpen(false);
    setFresh(new Set());
    if (returnFocus) buttonRef.current?.focus();
  }

  const onPanelKey = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.preventDefault();
    close(true);
  };

  const label =
    unread > 0 ? t('notifications.labelUnread', { count: unread }) : t('notifications.title');
  const count = unread > 99 ? '99+' : String(unread);

  return (
    <div ref={rootRef} className={cn(variant === 'icon' ? 'relative' : 'w-full')}>
      <Button
        ref={buttonRef}
        variant="ghost"
        size={variant === 'icon' ? 'icon' : 'default'}
        justify={variant === 'icon' ? 'center' : 'start'}
        className={cn('relative', variant === 'item' && 'w-full')}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid={variant === 'icon' ? 'notifications-bell' : 'notifications-item'}
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <Bell aria-hidden="true" />
        {variant === 'item' && <span aria-hidden="true">{t('notifications.title')}</span>}
        {unread > 0 && (
          <span
            aria-hidden="true"
            data-testid="notifications-count"
            className={cn(
              'rounded-full bg-red-700 px-1.5 text-xs font-bold leading-5 text-white',
              variant === 'icon' ? 'absolute -top-1 -end-1 min-w-5' : 'ms-auto',
            )}
          >
            {count}
          </span>
        )}
      </Button>
      {variant === 'icon' && (
        <span className="sr-only" aria-live="polite">
          {said}
        </span>
      )}
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          role="dialog"
          aria-modal="false"
          aria-labelledby={headingId}
          tabIndex={-1}
          // The drawer leaves Escape to this panel.
          data-own-escape=""
          onKeyDown={onPanelKey}
          className={cn(
            'z-50 flex flex-col rounded-md border bg-popover text-popover-foreground shadow-md outline-none',
            variant === 'icon'
              ? 'fixed inset-x-2 top-16 max-h-[min(32rem,calc(100dvh-5rem))] sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96'
              : 'mt-1 max-h-[60dvh]',
          )}
        >
          <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2">
            <h2 id={headingId} className="font-semibold">
              {t('notifications.title')}
            </h2>
            <Button
              variant="ghost"
              size="sm"
              disabled={unread === 0 && fresh.size === 0}
              onClick={() => {
                setFresh(new Set());
                mark.mutate({ all: true });
              }}
            >
              {t('notifications.markAll')}
            </Button>
          </div>
          <section
            className="min-h-0 flex-1 overflow-y-auto"
            aria-labelledby={headingId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus.
            tabIndex={0}
          >
            {query.isPending ? (
              <p className="px-4 py-6 text-sm text-muted-foreground">{t('common.loading')}</p>
            ) : query.isError && items.length === 0 ? (
              <div className="flex flex-wrap items-center gap-3 px-4 py-6">
                <p role="alert" className="text-sm text-destructive">
                  {t('notifications.loadFailed')}
                </p>
                <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                  {t('common.retry')}
                </Button>
              </div>
            ) : items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-muted-foreground">{t('notifications.empty')}</p>
            ) : (
              <ul>
                {items.map((n) => (
                  <NoticeItem key={n.id} notice={n} isNew={!n.readAt || fresh.has(n.id)} />
                ))}
              </ul>
            )}
            {hasMore && (
              <div className="border-t p-2 text-center">
                <Button
                  variant="link"
                  size="sm"
                  disabled={loadingOlder}
                  onClick={() => void showOlder()}
                >
                  {t('notifications.older')}
                </Button>
              </div>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
