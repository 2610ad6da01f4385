import type { QualityFigures } from '@parley/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { QueryState } from '@/components/query-state';
import { countryName } from '@/lib/country-name';
import { type Range, useMonitoringQuality } from '../api/monitoring';
import { RangeFields, validRange } from './range-fields';

function Row({ name, f, strong }: { name: string; f: QualityFigures; strong?: boolean }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language).format;
  const decimal = (v: string) => new Intl.NumberFormat(i18n.language).format(Number(v));
  const or = (v: string | null, shown: (v: string) => string) =>
    v === null ? (
      <span className="text-muted-foreground">{t('monitoring.quality.notReported')}</span>
    ) : (
      shown(v)
    );
  return (
    <tr className={strong ? 'border-t bg-muted/40 font-semibold' : 'border-t'}>
      <th scope="row" className="p-3 text-start font-medium">
        {name}
      </th>
      <td className="p-3 tabular-nums">{number(f.calls)}</td>
      <td className="p-3 tabular-nums">
        {f.answerRate === null ? '—' : `${decimal(f.answerRate)} %`}
      </td>
      <td className="p-3 tabular-nums">
        {f.pddMs === null ? or(null, String) : `${number(f.pddMs)} ms`}
      </td>
      <td className="p-3 tabular-nums">{or(f.jitterMs, (v) => `${decimal(v)} ms`)}</td>
      <td className="p-3 tabular-nums">{or(f.lossPercent, (v) => `${decimal(v)} %`)}</td>
      <td className="p-3 tabular-nums">{or(f.mos, decimal)}</td>
      <td className="p-3">
        <ul className="flex flex-wrap gap-1">
          {f.causes.map((c) => (
            <li key={c.cause} className="rounded border px-1.5 py-0.5 text-xs whitespace-nowrap">
              {t(`monitoring.cause.${c.cause}`, { defaultValue: c.cause })}: {number(c.count)}
            </li>
          ))}
        </ul>
      </td>
    </tr>
  );
}

/** Answer rate, post-dial delay, failure causes and media quality by destination country. */
export function QualityTab() {
  const { t, i18n } = useTranslation();
  const [range, setRange] = useState<Range>({});
  const quality = useMonitoringQuality(validRange(range));
  return (
    <section aria-labelledby="monitoring-quality-title" className="space-y-4">
      <div>
        <h2 id="monitoring-quality-title" className="text-xl font-semibold">
          {t('monitoring.tabs.quality')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('monitoring.quality.text')}</p>
      </div>
      <RangeFields value={range} onChange={setRange} />
      <QueryState
        query={quality}
        errorText={t('monitoring.loadFailed')}
        empty={t('monitoring.quality.empty')}
        isEmpty={(q) => q.total.calls === 0}
      >
        {(q) => (
          <>
            <p className="text-sm text-muted-foreground">
              {t('monitoring.overview.betweenDays', { from: q.from, to: q.to })}
            </p>
            <DataTable
              caption={t('monitoring.tabs.quality')}
              headers={[
                t('monitoring.quality.destination'),
                t('monitoring.quality.calls'),
                t('monitoring.quality.answerRate'),
                t('monitoring.quality.pdd'),
                t('monitoring.quality.jitter'),
                t('monitoring.quality.loss'),
                t('monitoring.quality.mos'),
                t('monitoring.quality.causes'),
              ]}
            >
              <Row name={t('monitoring.quality.all')} f={q.total} strong />
              {q.countries.map((c) => (
                <Row key={c.country} name={countryName(c.country, i18n.language)} f={c} />
              ))}
            </DataTable>
          </>
        )}
      </QueryState>
    </section>
  );
}
