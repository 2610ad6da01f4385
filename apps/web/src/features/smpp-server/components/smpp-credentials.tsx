import type { CreatedSmppAccount } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';

function Secret(props: { label: string; value: string; copy: string; testId: string }) {
  const { label, value, copy, testId } = props;
  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex flex-wrap items-center gap-2">
        <code
          dir="ltr"
          data-testid={testId}
          className="min-w-0 flex-1 break-all rounded bg-white p-2 font-mono text-sm"
        >
          {value}
        </code>
        <CopyButton text={value} label={copy} />
      </div>
    </div>
  );
}

/** The new account's system ID and password: the password is in this answer only. */
export function SmppCredentials({ created }: { created: CreatedSmppAccount }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="smpp-credentials-title"
      className="flex flex-col gap-3 rounded-md border border-amber-600/40 bg-amber-50 p-4 text-amber-950"
    >
      <h3 id="smpp-credentials-title" className="font-semibold">
        {t('smpp.created.title', { name: created.label })}
      </h3>
      <p role="alert" className="text-sm">
        {t('smpp.created.warning')}
      </p>
      <Secret
        label={t('smpp.systemId')}
        value={created.systemId}
        copy={t('smpp.copySystemId')}
        testId="smpp-system-id"
      />
      <Secret
        label={t('smpp.created.password')}
        value={created.password}
        copy={t('smpp.created.copyPassword')}
        testId="smpp-password"
      />
    </section>
  );
}
