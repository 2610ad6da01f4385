import type { Trunk } from '@parley/shared';
import { Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import { Button } from '@/components/ui/button';
import { isolate, ltr } from '@/lib/bidi';

export const TRUNK_TONES: ToneMap<Trunk['status']> = {
  active: 'good',
  grace: 'waiting',
  suspended: 'bad',
  cancelled: 'neutral',
};

/** Where a customer pays an unpaid renewal: the dashboard's list of what they hold. */
export const RENEWALS_PATH = '/dashboard#dashboard-active';

/** A grace or suspended trunk says what that means for calls and where to pay. */
function UnpaidNotice({ status }: { status: Trunk['status'] }) {
  const { t } = useTranslation();
  if (status !== 'grace' && status !== 'suspended') return null;
  return (
    <p
      role="status"
      className={`rounded-md border p-3 text-sm ${status === 'suspended' ? 'border-red-200 bg-red-50 text-red-900' : 'border-yellow-200 bg-yellow-50 text-yellow-900'}`}
    >
      {t(`sipTrunk.status.${status}Text`)}{' '}
      <Link to={RENEWALS_PATH} className="font-medium underline">
        {t('sipTrunk.status.payRenewal')}
      </Link>
    </p>
  );
}

/** The trunk's name, state and add-ons, its settings as saved, and Configure Service. */
export function TrunkSummary({
  trunk,
  onConfigure,
  children,
}: {
  trunk: Trunk;
  onConfigure: () => void;
  /** The credentials, under the settings. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const addons = (['failover', 'analytics'] as const).filter((a) => trunk[a]);
  const none = t('sipTrunk.summary.none');
  const settings: [string, ReactNode][] = [
    [t('sipTrunk.configure.authMethod'), t(`sipTrunk.auth.${trunk.authMethod}`)],
    [
      t('sipTrunk.configure.channels'),
      t('sipTrunk.summary.channels', { channels: trunk.channels, max: trunk.maxChannels }),
    ],
    [t('sipTrunk.configure.codec'), t(`sipTrunk.codecs.${trunk.codec}`)],
    [t('sipTrunk.configure.callerId'), trunk.callerId ? ltr(trunk.callerId) : none],
    [
      t('sipTrunk.configure.inboundHost'),
      trunk.inboundHost ? ltr(trunk.inboundHost) : t('sipTrunk.summary.whereRegistered'),
    ],
  ];
  settings.push([
    t('sipTrunk.summary.numbers'),
    trunk.numbers.length ? ltr(trunk.numbers.map((n) => n.number).join(', ')) : none,
  ]);
  if (trunk.authMethod === 'ip')
    settings.splice(1, 0, [
      t('sipTrunk.configure.allowedIps'),
      ltr(trunk.allowedIps.join(', ')) || none,
    ]);
  if (trunk.failover)
    settings.push([
      t('sipTrunk.configure.failoverHost'),
      trunk.failoverHost ? ltr(trunk.failoverHost) : none,
    ]);
  return (
    <section
      aria-labelledby={`trunk-${trunk.id}-name`}
      className="space-y-4 rounded-lg border bg-card p-4 shadow-sm sm:p-6"
      data-testid="trunk"
    >
      <div className="flex flex-wrap items-start gap-3">
        <div className="me-auto min-w-0 space-y-2">
          <h2
            id={`trunk-${trunk.id}-name`}
            className="flex flex-wrap items-center gap-2 text-xl font-semibold"
          >
            <span className="min-w-0 break-words">{isolate(trunk.name)}</span>
            <StatusBadge status={trunk.status} tones={TRUNK_TONES} data-testid="trunk-status">
              {t(`sipTrunk.status.${trunk.status}`)}
            </StatusBadge>
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {t('sipTrunk.summary.addons')}
            {addons.length === 0
              ? ` ${none}`
              : addons.map((a) => (
                  <span
                    key={a}
                    className="rounded-full border border-primary/30 bg-primary/10 px-2 py-0.5 text-xs font-medium text-foreground"
                  >
                    {t(`sipTrunk.summary.addon.${a}`)}
                  </span>
                ))}
          </p>
        </div>
        <Button type="button" onClick={onConfigure}>
          <Settings aria-hidden="true" />
          {t('sipTrunk.configure.open')}
        </Button>
      </div>
      <UnpaidNotice status={trunk.status} />
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {settings.map(([term, value]) => (
          <div key={term} className="min-w-0">
            <dt className="text-sm text-muted-foreground">{term}</dt>
            <dd className="break-words font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
