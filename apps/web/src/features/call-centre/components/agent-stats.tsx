import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';
import { AGENT_TODAY } from '../sample-floor';
import { Figures } from './figures';

export type LoggedCall = { id: number; customer: string; result: string; seconds: number };

/** The agent's figures for today: the sample's, plus the calls logged on this page. */
export function AgentStats({ log }: { log: LoggedCall[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const calls = AGENT_TODAY.calls + log.length;
  const sales = AGENT_TODAY.sales + log.filter((c) => c.result === 'sale').length;
  const talk = AGENT_TODAY.talkSeconds + log.reduce((sum, c) => sum + c.seconds, 0);
  return (
    <Figures
      label={t('callCentre.agent.stats.title')}
      figures={[
        { key: 'calls', label: t('callCentre.agent.stats.calls'), value: format.count(calls) },
        { key: 'sales', label: t('callCentre.agent.stats.sales'), value: format.count(sales) },
        {
          key: 'conversion',
          label: t('callCentre.agent.stats.conversion'),
          value: format.percent(calls ? sales / calls : 0),
        },
        {
          key: 'average',
          label: t('callCentre.agent.stats.average'),
          value: format.duration(calls ? talk / calls : 0),
        },
      ]}
    />
  );
}
