import { useTranslation } from 'react-i18next';
import { AgentsTable } from '../components/agents-table';
import { DemoPage } from '../components/demo-page';
import { Figures } from '../components/figures';
import { QueueTable } from '../components/queue-table';
import { useFormat } from '../format';
import { AGENTS, TEAM_TODAY } from '../sample-floor';

const online = AGENTS.filter((a) => a.state !== 'offline').length;
const onCall = AGENTS.filter((a) => a.state === 'on_call').length;

/** /manager-dashboard (demo): the team's states, today's figures and the queue. */
export default function ManagerDashboardPage() {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <DemoPage title={t('callCentre.manager.title')} text={t('callCentre.manager.text')}>
      <Figures
        label={t('callCentre.manager.figures.title')}
        figures={[
          {
            key: 'online',
            label: t('callCentre.manager.figures.online'),
            value: t('callCentre.ofTotal', {
              count: format.count(online),
              total: format.count(AGENTS.length),
            }),
          },
          {
            key: 'onCall',
            label: t('callCentre.manager.figures.onCall'),
            value: format.count(onCall),
          },
          {
            key: 'calls',
            label: t('callCentre.manager.figures.calls'),
            value: format.count(TEAM_TODAY.calls),
          },
          {
            key: 'sales',
            label: t('callCentre.manager.figures.sales'),
            value: format.count(TEAM_TODAY.sales),
          },
          {
            key: 'serviceLevel',
            label: t('callCentre.manager.figures.serviceLevel'),
            value: format.percent(TEAM_TODAY.answeredInTarget),
          },
          {
            key: 'handle',
            label: t('callCentre.manager.figures.handle'),
            value: format.duration(TEAM_TODAY.averageHandleSeconds),
          },
        ]}
      />
      <AgentsTable />
      <QueueTable />
    </DemoPage>
  );
}
