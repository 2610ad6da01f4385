import { Check, CheckCheck, StickyNote } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { MessageText } from './message-text';

export interface ShownMessage {
  id: string;
  message: string;
  createdAt: string;
  /** Mine (right side), theirs, or an internal note (admins only). */
  side: 'mine' | 'theirs' | 'note';
  author?: string | null;
  /** For my messages: whether the other side has seen it. */
  seen?: boolean;
}

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * A conversation, oldest at the top: my messages at the end side, theirs at the start,
 * notes across; times in the reader's locale; "Seen" under my messages they read.
 * It stays at the bottom as messages arrive unless the reader scrolled up.
 */
export function MessageList({
  messages,
  typing,
  hasOlder,
  onLoadOlder,
  empty,
  className,
}: {
  messages: ShownMessage[];
  typing?: string | null;
  hasOlder?: boolean;
  onLoadOlder?: () => void;
  empty: string;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' });
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const today = new Date();

  const newest = messages.at(-1)?.id;
  const lastSeen = messages.findLast((m) => m.side === 'mine' && m.seen)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the newest message and the typing line
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [newest, typing]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const onScroll = () => {
      atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    };
    el.addEventListener('scroll', onScroll);
    // A box that shrinks (a header or notice growing above it) keeps its newest line in view.
    const resized = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
    });
    resized.observe(el);
    return () => {
      el.removeEventListener('scroll', onScroll);
      resized.disconnect();
    };
  }, []);

  return (
    <div
      ref={box}
      role="log"
      aria-label={t('chat.conversation')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling log a keyboard must reach
      tabIndex={0}
      className={cn('flex flex-col gap-2 overflow-y-auto p-3', className)}
    >
      {hasOlder && onLoadOlder && (
        <Button variant="ghost" size="sm" className="self-center" onClick={onLoadOlder}>
          {t('chat.earlier')}
        </Button>
      )}
      {messages.length === 0 && (
        <p className="m-auto p-4 text-center text-sm text-muted-foreground">{empty}</p>
      )}
      {messages.map((m, i) => {
        const at = new Date(m.createdAt);
        const previous = messages[i - 1];
        const newDay = !previous || !sameDay(new Date(previous.createdAt), at);
        return (
          <div key={m.id} className="flex flex-col" data-testid="chat-message" data-side={m.side}>
            {newDay && (
              <p className="my-1 self-center text-xs text-muted-foreground">
                {sameDay(at, today) ? t('chat.today') : day.format(at)}
              </p>
            )}
            <div
              className={cn(
                'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                m.side === 'mine' && 'self-end bg-primary text-primary-foreground',
                m.side === 'theirs' && 'self-start bg-muted',
                m.side === 'note' &&
                  'w-full max-w-full border border-amber-300 bg-amber-50 text-amber-950',
              )}
            >
              {(m.author || m.side === 'note') && (
                <p className="mb-0.5 flex items-center gap-1 text-xs font-semibold">
                  {m.side === 'note' && <StickyNote aria-hidden="true" className="size-3" />}
                  {m.side === 'note' ? t('chat.note', { name: m.author ?? '' }) : m.author}
                </p>
              )}
              <MessageText message={m.message} />
            </div>
            <p
              className={cn(
                'mt-0.5 flex items-center gap-1 text-xs text-muted-foreground',
                m.side === 'mine' ? 'self-end' : 'self-start',
              )}
            >
              <time dateTime={m.createdAt}>{time.format(at)}</time>
              {m.side === 'mine' &&
                (m.seen ? (
                  <>
                    <CheckCheck aria-hidden="true" className="size-3.5 text-primary" />
                    <span className={m.id === lastSeen ? undefined : 'sr-only'}>
                      {t('chat.seen')}
                    </span>
                  </>
                ) : (
                  <>
                    <Check aria-hidden="true" className="size-3.5" />
                    <span className="sr-only">{t('chat.delivered')}</span>
                  </>
                ))}
            </p>
          </div>
        );
      })}
      {typing && (
        <p className="text-xs italic text-muted-foreground" data-testid="chat-typing">
          {typing}
        </p>
      )}
    </div>
  );
}
