import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import type { LoggedCall } from './agent-stats';

/** The calls logged on this page, newest first. */
export function RecentCalls({ log }: { log: LoggedCall[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <section aria-labelledby="recent-calls-title" className="space-y-3">
      <h2 id="recent-calls-title" className="text-xl font-semibold">
        {t('callCentre.agent.recent.title')}
      </h2>
      {log.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('callCentre.agent.recent.empty')}</p>
      ) : (
        <ul className="divide-y rounded-lg border" data-testid="recent-calls">
          {log.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 p-3 text-sm">
              <span className="font-medium">{c.customer}</span>
              <span>{t(`callCentre.callResult.${c.result}`)}</span>
              <span className="ms-auto font-mono tabular-nums">{format.duration(c.seconds)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
