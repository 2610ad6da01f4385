import type { SecondFactorEnabled, SecondFactorSetup } from '@parley/shared';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { FormError, useFormErrorMessage } from '@/components/form-error';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useQrImage } from '@/lib/use-qr-image';
import { confirmSecondFactor } from './admin-login';

const QR_OPTIONS = { width: 220, margin: 2, errorCorrectionLevel: 'M' } as const;

/**
 * The first admin sign-in's extra step: scan the QR code (or type the key), enter the
 * app's first code; the answer is a session and the recovery codes.
 */
export function SecondFactorSetupStep({
  setup,
  onEnabled,
  onRestart,
}: {
  setup: SecondFactorSetup;
  onEnabled: (enabled: SecondFactorEnabled) => void;
  onRestart: () => void;
}) {
  const { t } = useTranslation();
  const errorMessage = useFormErrorMessage();
  const { image, failed } = useQrImage(setup.otpauthUri, QR_OPTIONS);
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState(false);
  const mutation = useMutation({ mutationFn: confirmSecondFactor, onSuccess: onEnabled });
  const expired =
    mutation.error instanceof ApiError && mutation.error.code === 'SECOND_FACTOR_SETUP_EXPIRED';
  const grouped = setup.secret.match(/.{1,4}/g)?.join(' ') ?? setup.secret;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    setMissing(typed === '');
    if (typed) mutation.mutate({ setupToken: setup.setupToken, code: typed });
  };

  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t('secondFactor.setupTitle')}</h2>
      <p className="text-sm text-muted-foreground">{t('secondFactor.setupIntro')}</p>
      <div className="flex min-h-[220px] justify-center">
        {image ? (
          <img src={image} alt={t('secondFactor.qrAlt')} width={220} height={220} />
        ) : failed ? (
          <p role="alert" className="text-sm text-destructive">
            {t('secondFactor.qrError')}
          </p>
        ) : (
          <p role="status">{t('common.loading')}</p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">{t('secondFactor.secretLabel')}</p>
        <code
          data-testid="totp-secret"
          className="break-all rounded-md bg-muted p-2 text-center font-mono text-sm"
          dir="ltr"
        >
          {grouped}
        </code>
        <div className="flex justify-center">
          <CopyButton text={setup.secret} label={t('secondFactor.copyKey')} />
        </div>
      </div>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
        {/* The error is told under the form, with the server's refusals. */}
        <FormField
          id="totp-setup-code"
          label={t('secondFactor.confirmCode')}
          description={t('secondFactor.confirmHint')}
          invalid={missing || mutation.isError}
        >
          <Input
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={12}
            dir="ltr"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
        </FormField>
        <FormError
          message={
            missing
              ? t('secondFactor.missingCode')
              : mutation.error
                ? errorMessage(
                    mutation.error,
                    t('errors.SECOND_FACTOR_REQUIRED'),
                    t('errors.SERVICE_UNAVAILABLE'),
                  )
                : null
          }
        />
        {expired ? (
          <Button type="button" onClick={onRestart}>
            {t('secondFactor.startAgain')}
          </Button>
        ) : (
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? t('secondFactor.confirming') : t('secondFactor.confirm')}
          </Button>
        )}
      </form>
    </div>
  );
}
