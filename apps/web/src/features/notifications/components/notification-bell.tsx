import { Bell } from 'lucide-react';
import {
  type Dispatch,
  type KeyboardEvent,
  type SetStateAction,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { Notice } from '../api/notifications';
import { NoticeList } from './notice-list';
import { useNotices, useUnreadAnnouncement } from './use-notices';

/** Ids one request marks read at most (the API's limit). */
const READ_MAX = 100;

/**
 * The notifications bell: the unread count on the button, and the customer's notices in
 * a panel (newest first, older on demand). Opening it marks what it shows read; those
 * stay marked new until it closes. New notices arrive on the customer's event stream;
 * while that is down, every 30 s. `item` is the mobile drawer's form: a full-width entry
 * whose panel opens in place.
 */
export function NotificationBell({ variant = 'icon' }: { variant?: 'icon' | 'item' }) {
  const { t } = useTranslation();
  const { query, items, hasMore, unread, loadingOlder, showOlder, mark } = useNotices();

  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const panelId = useId();
  const headingId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useMarkShown(open, items, fresh, setFresh, mark.mutate);

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
  const said = useUnreadAnnouncement(unread, query.data !== undefined);

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
        {unread > 0 && <UnreadCount unread={unread} variant={variant} />}
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
          <PanelHeading
            id={headingId}
            canMarkAll={!(unread === 0 && fresh.size === 0)}
            onMarkAll={() => {
              setFresh(new Set());
              mark.mutate({ all: true });
            }}
          />
          <section
            className="min-h-0 flex-1 overflow-y-auto"
            aria-labelledby={headingId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable box must take focus.
            tabIndex={0}
          >
            <NoticeList
              query={query}
              items={items}
              isNew={(n) => !n.readAt || fresh.has(n.id)}
              hasMore={hasMore}
              loadingOlder={loadingOlder}
              onOlder={() => void showOlder()}
            />
          </section>
        </div>
      )}
    </div>
  );
}

/**
 * What the open panel shows unread is read now; it keeps its "new" mark (`fresh`) until
 * the panel closes.
 */
function useMarkShown(
  open: boolean,
  items: readonly Notice[],
  fresh: ReadonlySet<string>,
  setFresh: Dispatch<SetStateAction<ReadonlySet<string>>>,
  markRead: (body: { ids: string[] }) => void,
) {
  const shownUnread = open ? items.filter((n) => !n.readAt && !fresh.has(n.id)) : [];
  const toMark = shownUnread
    .slice(0, READ_MAX)
    .map((n) => n.id)
    .join(',');
  useEffect(() => {
    if (!toMark) return;
    const ids = toMark.split(',');
    setFresh((now) => new Set([...now, ...ids]));
    markRead({ ids });
  }, [toMark, markRead, setFresh]);
}

/** The unread count on the bell (99+ beyond 99). */
function UnreadCount({ unread, variant }: { unread: number; variant: 'icon' | 'item' }) {
  return (
    <span
      aria-hidden="true"
      data-testid="notifications-count"
      className={cn(
        'rounded-full bg-red-700 px-1.5 text-xs font-bold leading-5 text-white',
        variant === 'icon' ? 'absolute -top-1 -end-1 min-w-5' : 'ms-auto',
      )}
    >
      {unread > 99 ? '99+' : String(unread)}
    </span>
  );
}

/** The panel's title and its Mark all as read. */
function PanelHeading({
  id,
  canMarkAll,
  onMarkAll,
}: {
  id: string;
  canMarkAll: boolean;
  onMarkAll: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2">
      <h2 id={id} className="font-semibold">
        {t('notifications.title')}
      </h2>
      <Button variant="ghost" size="sm" disabled={!canMarkAll} onClick={onMarkAll}>
        {t('notifications.markAll')}
      </Button>
    </div>
  );
}
