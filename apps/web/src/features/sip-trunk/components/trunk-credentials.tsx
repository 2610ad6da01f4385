import type { Trunk, Trunks } from '@parley/shared';
import { KeyRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { showToast } from '@/lib/toast';
import { useNewTrunkPassword } from '../api/sip-trunk';

/** A password's place while hidden: as many dots, so its length shows. */
const masked = (password: string) => '•'.repeat(Math.max(8, password.length));

function Row(props: {
  testId: string;
  label: string;
  value: string;
  shown?: string;
  copyLabel: string;
  children?: ReactNode;
}) {
  const { testId, label, value, shown = value, copyLabel, children } = props;
  return (
    <div className="border-b py-3 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span
          className="min-w-0 self-start break-all font-mono font-semibold sm:self-center"
          dir="ltr"
          data-testid={testId}
        >
          {shown}
        </span>
        <span className="flex shrink-0 flex-wrap gap-2">
          {children}
          <CopyButton text={value} label={copyLabel} />
        </span>
      </dd>
    </div>
  );
}

/**
 * What the customer's PBX is set up with: username, password (hidden until shown), SIP
 * domain and ports, each with a copy button; and a new password, asked for first.
 */
export function TrunkCredentials({ trunk, edge }: { trunk: Trunk; edge: Trunks['edge'] }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const renew = useNewTrunkPassword(trunk.id);
  const messageOf = useFormErrorMessage();
  const domain = trunk.domain || edge.domain;

  const confirm = () =>
    renew.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        // Shown at once: it has to be typed into the PBX now.
        setShown(true);
        showToast('success', t('common.success'), t('sipTrunk.credentials.renewed'));
      },
      onError: (err) => {
        setConfirming(false);
        showToast(
          'error',
          t('common.error'),
          messageOf(err, t('sipTrunk.credentials.renewFailed'), t('account.network')),
        );
      },
    });

  return (
    <section aria-labelledby={`trunk-${trunk.id}-credentials`} className="space-y-2">
      <h3 id={`trunk-${trunk.id}-credentials`} className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-4 text-primary" />
        {t('sipTrunk.credentials.title')}
      </h3>
      <dl>
        <Row
          testId="trunk-username"
          label={t('sipTrunk.credentials.username')}
          value={trunk.username}
          copyLabel={t('sipTrunk.credentials.copyUsername')}
        />
        <Row
          testId="trunk-password"
          label={t('sipTrunk.credentials.password')}
          value={trunk.password}
          shown={shown ? trunk.password : masked(trunk.password)}
          copyLabel={t('sipTrunk.credentials.copyPassword')}
        >
          <Button type="button" variant="outline" onClick={() => setShown((s) => !s)}>
            {shown ? t('sipTrunk.credentials.hide') : t('sipTrunk.credentials.show')}
          </Button>
        </Row>
        <Row
          testId="trunk-domain"
          label={t('sipTrunk.credentials.domain')}
          value={domain}
          copyLabel={t('sipTrunk.credentials.copyDomain')}
        />
        <Row
          testId="trunk-ports"
          label={t('sipTrunk.credentials.ports')}
          value={`UDP ${edge.udp}, TCP ${edge.tcp}, TLS ${edge.tls}`}
          copyLabel={t('sipTrunk.credentials.copyPorts')}
        />
      </dl>
      <div className="space-y-1">
        <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
          {t('sipTrunk.credentials.renew')}
        </Button>
        <p className="text-xs text-muted-foreground">{t('sipTrunk.credentials.renewHint')}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        onCancel={() => setConfirming(false)}
        title={t('sipTrunk.credentials.confirmTitle')}
        description={t('sipTrunk.credentials.confirmText')}
        confirm={t('sipTrunk.credentials.renew')}
        variant="destructive"
        busy={renew.isPending}
        onConfirm={confirm}
      />
    </section>
  );
}
