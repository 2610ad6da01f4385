import type { Trunk } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { acdText, asrText } from '../trunk-figures';
import { TrunkAnalytics } from './trunk-analytics';

/**
 * Today's figures of a trunk (UTC day): channels in use of its limit, calls and minutes,
 * answer-seizure ratio and average call duration. The page reloads them every 15 s.
 */
export function TrunkStats({ trunk }: { trunk: Trunk }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const { stats } = trunk;
  const figures: [string, string, string][] = [
    [
      'channels',
      t('sipTrunk.stats.channels'),
      t('sipTrunk.stats.ofLimit', {
        now: number.format(stats.channelsInUse),
        max: number.format(trunk.channels),
      }),
    ],
    ['calls', t('sipTrunk.stats.calls'), number.format(stats.callsToday)],
    ['answered', t('sipTrunk.stats.answered'), number.format(stats.answeredToday)],
    ['minutes', t('sipTrunk.stats.minutes'), number.format(stats.minutesToday)],
    ['asr', t('sipTrunk.stats.asr'), asrText(stats.asr, i18n.language)],
    ['acd', t('sipTrunk.stats.acd'), acdText(stats.acdSeconds)],
  ];
  return (
    <section aria-labelledby={`trunk-${trunk.id}-stats`} className="space-y-3">
      <h3 id={`trunk-${trunk.id}-stats`} className="font-semibold">
        {t('sipTrunk.stats.title')}
      </h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {figures.map(([key, label, value]) => (
          <div key={key} className="rounded-lg border p-3">
            <dt className="text-sm text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`trunk-stat-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('sipTrunk.stats.note')}</p>
      <TrunkAnalytics trunk={trunk} />
    </section>
  );
}
