import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { copyText } from '@/lib/clipboard';

type Outcome = 'idle' | 'copied' | 'failed';

/** Copies text; says "Copied!" for 2 s, or that it could not, for 4 s. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome>('idle');
  useEffect(() => {
    if (outcome === 'idle') return;
    const timer = setTimeout(() => setOutcome('idle'), outcome === 'copied' ? 2000 : 4000);
    return () => clearTimeout(timer);
  }, [outcome]);
  return (
    <Button
      type="button"
      variant="outline"
      onClick={(event) => {
        const near = event.currentTarget.parentElement ?? document.body;
        void copyText(text, near).then((ok) => setOutcome(ok ? 'copied' : 'failed'));
      }}
    >
      {outcome === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">
        {outcome === 'copied'
          ? t('common.copied')
          : outcome === 'failed'
            ? t('common.copyFailed')
            : label}
      </span>
    </Button>
  );
}
