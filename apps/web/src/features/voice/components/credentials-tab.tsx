import type { SipAccount } from '@parley/shared';
import { RefreshCw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@/components/ui/dialog';
import { useUser } from '@/lib/current-user';
import { formatBalance } from '@/lib/money';
import { isUnauthorized } from '@/lib/session-expired';
import { showToast } from '@/lib/toast';
import { useRegeneratePassword } from '../api/voice';
import { useVoiceErrorText } from '../api/voice-errors';

/** A password's place on screen while hidden: as many dots, so its length shows. */
export const masked = (password: string) => '•'.repeat(Math.max(8, password.length));

function Row({
  id,
  label,
  value,
  copy,
  children,
}: {
  id: string;
  label: string;
  /** What is shown (and copied when `copy` is set). */
  value: ReactNode;
  copy?: { text: string; label: string };
  children?: ReactNode;
}) {
  return (
    <div className="border-b py-3 last:border-b-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span
          className="min-w-0 self-start break-all font-mono text-base font-semibold sm:self-center"
          dir="ltr"
          data-testid={id}
        >
          {value}
        </span>
        {(copy || children) && (
          <span className="flex shrink-0 flex-wrap gap-2">
            {children}
            {copy && <CopyButton text={copy.text} label={copy.label} />}
          </span>
        )}
      </dd>
    </div>
  );
}

/** The SIP account's settings, each with a copy button; the password hidden until shown. */
export function CredentialsTab({ account }: { account: SipAccount }) {
  const { t, i18n } = useTranslation();
  const { data: user } = useUser();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const regenerate = useRegeneratePassword();
  const errorText = useVoiceErrorText();

  const renew = () =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        // The new password shows at once, to be entered in the softphones.
        setShown(true);
        showToast('success', t('common.success'), t('voice.credentials.regenerated'));
      },
      onError: (err) => {
        setConfirming(false);
        if (!isUnauthorized(err))
          showToast(
            'error',
            t('common.error'),
            errorText(err, t('voice.credentials.regenerateFailed')),
          );
      },
    });

  const { ports } = account;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h2">{t('voice.credentials.accountTitle')}</CardTitle>
          <CardDescription>{t('voice.credentials.accountText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <dl>
            <Row
              id="sip-username"
              label={t('voice.credentials.username')}
              value={account.username}
              copy={{ text: account.username, label: t('voice.credentials.copyUsername') }}
            />
            <Row
              id="sip-password"
              label={t('auth.password')}
              value={shown ? account.password : masked(account.password)}
              copy={{ text: account.password, label: t('voice.credentials.copyPassword') }}
            >
              <Button
                type="button"
                variant="outline"
                aria-label={
                  shown ? t('voice.credentials.hidePassword') : t('voice.credentials.showPassword')
                }
                onClick={() => setShown((s) => !s)}
              >
                {shown ? t('voice.credentials.hide') : t('voice.credentials.show')}
              </Button>
            </Row>
            <Row
              id="sip-server"
              label={t('voice.credentials.server')}
              value={account.domain}
              copy={{ text: account.domain, label: t('voice.credentials.copyServer') }}
            />
            <Row
              id="sip-port"
              label={t('voice.credentials.portUdpTcp')}
              value={ports.udp === ports.tcp ? String(ports.udp) : `${ports.udp} / ${ports.tcp}`}
              copy={{ text: String(ports.udp), label: t('voice.credentials.copyPort') }}
            />
            <Row
              id="sip-port-tls"
              label={t('voice.credentials.portTls')}
              value={String(ports.tls)}
              copy={{ text: String(ports.tls), label: t('voice.credentials.copyTlsPort') }}
            />
            <Row
              id="sip-wss"
              label={t('voice.credentials.wss')}
              value={account.wssUrl}
              copy={{ text: account.wssUrl, label: t('voice.credentials.copyWss') }}
            />
          </dl>
          <div className="mt-4 space-y-2">
            <Button type="button" variant="outline" onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" />
              {t('voice.credentials.regenerate')}
            </Button>
            <p className="text-xs text-muted-foreground">{t('voice.credentials.regenerateHint')}</p>
          </div>
        </CardContent>
      </Card>
      <div className="min-w-0 space-y-6">
        <Card>
          <CardHeader className="pb-2">
            <CardTitle as="h2">{t('voice.credentials.usageTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-2 text-sm">
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">{t('voice.credentials.concurrent')}</dt>
                <dd className="font-semibold" data-testid="sip-concurrent">
                  {account.concurrentCalls}
                </dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">{t('voice.credentials.active')}</dt>
                <dd className="font-semibold" data-testid="sip-active">
                  {account.activeCalls}
                </dd>
              </div>
              <div className="flex flex-wrap justify-between gap-2">
                <dt className="text-muted-foreground">{t('voice.service.balance')}</dt>
                <dd className="font-semibold" data-testid="sip-credentials-balance">
                  {formatBalance(user?.cryptoBalance ?? '0', i18n.language)}
                </dd>
              </div>
            </dl>
          </CardContent>
        </Card>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t('common.close')}>
          <DialogTitle>{t('voice.credentials.confirmTitle')}</DialogTitle>
          <DialogDescription>{t('voice.credentials.confirmText')}</DialogDescription>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('common.cancel')}
              </Button>
            </DialogClose>
            <Button type="button" onClick={renew} disabled={regenerate.isPending}>
              {regenerate.isPending
                ? t('voice.credentials.regenerating')
                : t('voice.credentials.confirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
