import { useTranslation } from 'react-i18next';

/** The secret just made (or rotated): shown once, to be copied now. */
export function SecretOnce({ secret, rotated }: { secret: string; rotated?: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      className="rounded-md border border-amber-500/40 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p className="font-medium">{t('webhooks.secretTitle')}</p>
      <p>{rotated ? t('webhooks.rotatedOnce') : t('webhooks.secretOnce')}</p>
      <code dir="ltr" className="mt-2 block break-all font-mono" data-testid="webhook-secret">
        {secret}
      </code>
    </div>
  );
}
