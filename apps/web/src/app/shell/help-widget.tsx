import { LifeBuoy, X } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

// The panel loads when it first opens. The chat window (and the unread count it puts on
// this button) is mounted by the signed-in menu, so none of it is in the landing page.
const HelpPanel = lazy(() => import('./help-panel'));

/**
 * The floating help button: WhatsApp, Telegram, the support email and live chat (which
 * needs sign-in). It steps aside while a dialog is open (see index.css).
 * The panel follows its button in the page order (drawn above it), takes focus when
 * it opens, and Escape closes it.
 */
export function HelpWidget({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  return (
    <div
      data-floating-help
      className="fixed bottom-4 end-4 z-40 flex flex-col-reverse items-end gap-3"
    >
      <Button
        ref={buttonRef}
        size="fab"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('help.close') : t('help.open')}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {open ? (
          <X aria-hidden="true" className="size-6" />
        ) : (
          <LifeBuoy aria-hidden="true" className="size-6" />
        )}
      </Button>
      {open && (
        <Suspense>
          <HelpPanel id={panelId} signedIn={signedIn} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
