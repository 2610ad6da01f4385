import type { MailOverview } from '@parley/shared';
import { Gauge } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isolate } from '@/lib/bidi';
import { useMailFormat } from '../mail-format';
import { MailCard } from './mail-card';

type Package = NonNullable<MailOverview['package']>;

/** A bar for a share used (decorative: the sentence beside it says the numbers). */
function Bar({ used, of }: { used: number; of: number }) {
  const share = of > 0 ? Math.min(1, used / of) : 1;
  return (
    <div aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-muted">
      <div
        className={`h-full rounded-full ${share >= 1 ? 'bg-destructive' : 'bg-primary'}`}
        style={{ width: `${Math.round(share * 100)}%` }}
      />
    </div>
  );
}

/**
 * What the package gives this period and what has been used: emails of the allowance
 * (or unlimited), when the period ends, the price beyond it, and today's recipients
 * against the daily cap.
 */
export function MailUsage({ pkg, today }: { pkg: Package; today: MailOverview['today'] }) {
  const { t } = useTranslation();
  const f = useMailFormat();
  return (
    <MailCard
      id="mail-usage-title"
      icon={Gauge}
      title={t('mail.usage.title')}
      description={t('mail.usage.package', { name: isolate(pkg.name) })}
    >
      <div className="space-y-2" data-testid="mail-usage">
        <p className="font-medium">
          {pkg.monthlyEmails === null
            ? t('mail.usage.usedUnlimited', { used: f.count(pkg.used) })
            : t('mail.usage.used', { used: f.count(pkg.used), total: f.count(pkg.monthlyEmails) })}
        </p>
        {pkg.monthlyEmails !== null && <Bar used={pkg.used} of={pkg.monthlyEmails} />}
        <p className="text-sm text-muted-foreground">
          {t('mail.usage.periodEnds', { date: f.day(pkg.periodEnd) })}
        </p>
      </div>
      <p className="text-sm">
        {pkg.overagePer1000 === null
          ? t('mail.usage.noOverage')
          : t('mail.usage.overage', { price: f.gbp(pkg.overagePer1000) })}
      </p>
      <div className="space-y-2">
        <p className="text-sm">
          {t('mail.usage.today', { used: f.count(today.used), cap: f.count(today.cap) })}
        </p>
        <Bar used={today.used} of={today.cap} />
      </div>
    </MailCard>
  );
}
