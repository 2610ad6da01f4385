import { LifeBuoy, MessageCircle, MessagesSquare, Send, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { setChatDock, useChatDock } from '@/lib/chat-dock';
import { getPublicConfig } from '@/lib/public-config';
import { LOGIN_URL } from '@/lib/routes';
import { cn } from '@/lib/utils';

// The chat window and its messages load only when a signed-in customer opens it.
const ChatDock = lazy(() => import('@/features/chat/components/chat-dock'));

const entryClass = cn(buttonVariants({ variant: 'outline', justify: 'start' }), 'w-full');

/**
 * The floating help button: WhatsApp, Telegram and live chat (which needs sign-in).
 * The panel follows its button in the page order (drawn above it), takes focus when
 * it opens, and Escape closes it.
 */
export function HelpWidget({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const config = getPublicConfig();
  const dock = useChatDock();
  const [unread, setUnread] = useState(0);
  const chatShown = signedIn && dock !== 'closed';
  // Counted by the chat window while it is minimised; nothing once it is closed.
  const badge = chatShown ? unread : 0;

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, [open]);

  const close = () => {
    setOpen(false);
    setAskSignIn(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="fixed bottom-4 end-4 z-40 flex flex-col-reverse items-end gap-3">
      <Button
        ref={buttonRef}
        size="fab"
        className="relative"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={
          open
            ? t('help.close')
            : badge > 0
              ? `${t('help.open')} (${t('help.unread', { count: badge })})`
              : t('help.open')
        }
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <LifeBuoy aria-hidden="true" className="size-6" />
        )}
        {badge > 0 && !open && (
          <span
            aria-hidden="true"
            data-testid="help-unread"
            className="absolute -end-1 -top-1 flex size-6 items-center justify-center rounded-full bg-red-700 text-xs font-bold text-white"
          >
            {badge > 9 ? '9+' : badge}
          </span>
        )}
      </Button>
      {chatShown && (
        <Suspense>
          <ChatDock onUnread={setUnread} />
        </Suspense>
      )}
      {open && (
        <section
          ref={panelRef}
          id={panelId}
          aria-label={t('help.title')}
          className="w-72 rounded-lg border bg-background p-4 shadow-xl"
          onKeyDown={(e) => {
            if (e.key === 'Escape') close();
          }}
        >
          <h2 className="font-semibold">{t('help.title')}</h2>
          <p className="mb-3 text-sm text-muted-foreground">{t('help.subtitle')}</p>
          <div className="flex flex-col gap-2">
            {config.whatsappUrl && (
              <a
                href={config.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={entryClass}
              >
                <MessageCircle aria-hidden="true" className="text-green-700" />
                {t('help.whatsapp')}
              </a>
            )}
            {config.telegramUrl && (
              <a
                href={config.telegramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={entryClass}
              >
                <Send aria-hidden="true" className="text-sky-700" />
                {t('help.telegram')}
              </a>
            )}
            {!signedIn ? (
              <Button
                variant="outline"
                justify="start"
                className="w-full"
                onClick={() => setAskSignIn(true)}
              >
                <MessagesSquare aria-hidden="true" />
                {t('help.liveChat')}
              </Button>
            ) : (
              <Button
                variant="outline"
                justify="start"
                className="w-full"
                onClick={() => {
                  setOpen(false);
                  setChatDock('open');
                }}
              >
                <MessagesSquare aria-hidden="true" />
                {t('help.liveChat')}
              </Button>
            )}
            {askSignIn && (
              <p role="alert" className="rounded-md bg-muted p-3 text-sm">
                {t('help.signInForChat')}{' '}
                <a href={LOGIN_URL} className="font-medium text-primary underline">
                  {t('nav.login')}
                </a>
              </p>
            )}
          </div>
        </section>
      )}
    </div>
  );
}
