import type { Trunk } from '@parley/shared';
import { sipTrunkApi } from '@parley/shared/api';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormErrorMessage } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { urlOf } from '@/lib/api';
import { downloadFile } from '@/lib/download-file';
import { showToast } from '@/lib/toast';

/**
 * What the Analytics add-on adds to a trunk's figures: today's media quality as the relay
 * measured it, and its call records of the last 31 days as CSV. Without it, says so.
 */
export function TrunkAnalytics({ trunk }: { trunk: Trunk }) {
  const { t, i18n } = useTranslation();
  const messageOf = useFormErrorMessage();
  const [busy, setBusy] = useState(false);
  if (!trunk.analytics)
    return <p className="text-sm text-muted-foreground">{t('sipTrunk.analytics.needAddon')}</p>;
  const quality = trunk.stats.quality;
  const fixed = (value: number | null | undefined, digits: number) =>
    value === null || value === undefined
      ? '—'
      : new Intl.NumberFormat(i18n.language, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        }).format(value);
  const figures: [string, string, string][] = [
    ['mos', t('sipTrunk.analytics.mos'), fixed(quality?.mos, 2)],
    [
      'jitter',
      t('sipTrunk.analytics.jitter'),
      t('sipTrunk.analytics.ms', { value: fixed(quality?.jitterMs, 1) }),
    ],
    [
      'loss',
      t('sipTrunk.analytics.loss'),
      t('sipTrunk.analytics.percent', { value: fixed(quality?.lossPercent, 2) }),
    ],
  ];
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(
        urlOf(sipTrunkApi.exportCalls, { params: { id: trunk.id } }),
        `trunk-${trunk.username}-calls.csv`,
      );
    } catch (err) {
      showToast(
        'error',
        t('common.error'),
        messageOf(err, t('sipTrunk.analytics.downloadFailed'), t('account.network')),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`trunk-${trunk.id}-quality`} className="space-y-3">
      <h3 id={`trunk-${trunk.id}-quality`} className="font-semibold">
        {t('sipTrunk.analytics.title')}
      </h3>
      {quality === null ? (
        <p className="text-sm text-muted-foreground">{t('sipTrunk.analytics.noneMeasured')}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {figures.map(([key, label, value]) => (
            <div key={key} className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold tabular-nums" data-testid={`trunk-quality-${key}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Button type="button" variant="outline" disabled={busy} onClick={() => void download()}>
        <Download aria-hidden="true" />
        {t('sipTrunk.analytics.download')}
      </Button>
    </section>
  );
}
