import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { QUEUE } from '../sample-floor';
import { Table } from './table';
import { useSecondsSince } from './use-ticker';

/** The callers waiting, their wait growing by the second (sample data). */
export function QueueTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const elapsed = useSecondsSince();
  const longest = Math.max(...QUEUE.map((q) => q.waited)) + elapsed;
  return (
    <section aria-labelledby="queue-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
        <h2 id="queue-title" className="text-xl font-semibold">
          {t('callCentre.queue.title')}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="queue-summary">
          {t('callCentre.queue.summary', {
            count: format.count(QUEUE.length),
            longest: format.duration(longest),
          })}
        </p>
      </div>
      <Table
        caption={t('callCentre.queue.title')}
        columns={[
          { label: t('callCentre.queue.caller') },
          { label: t('callCentre.queue.number') },
          { label: t('callCentre.queue.topic') },
          { label: t('callCentre.queue.waiting'), end: true },
        ]}
      >
        {QUEUE.map((q) => (
          <tr key={q.id} className="border-t">
            <td className="p-3 whitespace-nowrap">{q.caller}</td>
            <td className="p-3 whitespace-nowrap">
              <span dir="ltr" className="font-mono">
                {q.phone}
              </span>
            </td>
            <td className="p-3">{t(`callCentre.topics.${q.topic}`)}</td>
            <td className="p-3 text-end tabular-nums">{format.duration(q.waited + elapsed)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
