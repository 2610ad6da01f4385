import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { Button, buttonVariants } from '@/components/ui/button';
import { Checkbox, Label } from '@/components/ui/input';

/**
 * The recovery codes, shown this once after the set-up: copy, download, and a
 * confirmation that they are saved before going on.
 */
export function RecoveryCodesStep({
  email,
  codes,
  onDone,
}: {
  email: string;
  codes: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const listId = useId();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');
  const file = useMemo(
    () =>
      `data:text/plain;charset=utf-8,${encodeURIComponent(
        `${t('secondFactor.fileHeader', { email })}\n\n${text}\n`,
      )}`,
    [email, text, t],
  );
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t('secondFactor.recoveryTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('secondFactor.recoveryIntro')}</p>
      <p id={listId} className="text-sm font-medium">
        {t('secondFactor.recoveryListLabel')}
      </p>
      <ol
        aria-labelledby={listId}
        className="grid grid-cols-1 gap-1 rounded-md bg-muted p-3 font-mono text-sm min-[360px]:grid-cols-2"
        dir="ltr"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap justify-center gap-2">
        <CopyButton text={text} label={t('secondFactor.copyCodes')} />
        <a
          href={file}
          download="parley-recovery-codes.txt"
          className={buttonVariants({ variant: 'outline' })}
        >
          <Download aria-hidden="true" />
          {t('secondFactor.downloadCodes')}
        </a>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox
          id="recovery-saved"
          checked={saved}
          onChange={(e) => setSaved(e.target.checked)}
          className="mt-0.5"
        />
        <Label htmlFor="recovery-saved" className="leading-snug">
          {t('secondFactor.savedConfirm')}
        </Label>
      </div>
      <Button type="button" disabled={!saved} onClick={onDone}>
        {t('secondFactor.continue')}
      </Button>
    </div>
  );
}
