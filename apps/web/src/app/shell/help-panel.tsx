import { Mail, MessageCircle, MessagesSquare, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, buttonVariants } from '@/components/ui/button';
import { setChatDock } from '@/features/chat/dock-state';
import { getPublicConfig } from '@/lib/public-config';
import { LOGIN_URL } from '@/lib/routes';
import { cn } from '@/lib/utils';

const entryClass = cn(buttonVariants({ variant: 'outline', justify: 'start' }), 'w-full');

/**
 * The help widget's panel, loaded when it first opens: WhatsApp, Telegram, the support
 * email and live chat (which needs sign-in). It takes focus when it opens, and Escape closes it.
 */
export default function HelpPanel({
  id,
  signedIn,
  onClose,
}: {
  id: string;
  signedIn: boolean;
  onClose: (refocus: boolean) => void;
}) {
  const { t } = useTranslation();
  const [askSignIn, setAskSignIn] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const config = getPublicConfig();

  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);

  return (
    <section
      ref={panelRef}
      id={id}
      aria-label={t('help.title')}
      className="w-72 rounded-lg border bg-background p-4 shadow-xl"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose(true);
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
        <a href={`mailto:${config.supportEmail}`} className={cn(entryClass, 'h-auto py-2')}>
          <Mail aria-hidden="true" className="text-slate-700" />
          <span className="flex min-w-0 flex-col items-start">
            {t('help.email')}
            <span className="max-w-full truncate text-xs text-muted-foreground" dir="ltr">
              {config.supportEmail}
            </span>
          </span>
        </a>
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
              onClose(false);
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
  );
}
