import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AgentStats, type LoggedCall } from '../components/agent-stats';
import { CallPanel } from '../components/call-panel';
import { DemoPage } from '../components/demo-page';
import { QueueTable } from '../components/queue-table';
import { RecentCalls } from '../components/recent-calls';
import { StatusSwitch } from '../components/status-switch';
import { useSimulatedCall } from '../components/use-simulated-call';
import { type CallResult, CUSTOMERS } from '../sample-data';
import { CALL_LIST } from '../sample-floor';

const callList = CALL_LIST.map((id) => CUSTOMERS.find((c) => c.id === id)).filter(
  (c) => c !== undefined,
);

/** /agent-dashboard (demo): go online, call the next lead, log the result. */
export default function AgentDashboardPage() {
  const { t } = useTranslation();
  const [online, setOnline] = useState(false);
  const [next, setNext] = useState(0);
  const [log, setLog] = useState<LoggedCall[]>([]);
  const call = useSimulatedCall();
  const customer = callList[next % callList.length];
  if (!customer) return null;

  const logResult = (result: CallResult) => {
    setLog((l) => [
      { id: l.length + 1, customer: customer.name, result, seconds: call.seconds },
      ...l,
    ]);
    setNext((n) => n + 1);
    call.reset();
  };

  return (
    <DemoPage title={t('callCentre.agent.title')} text={t('callCentre.agent.text')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <section
          aria-labelledby="agent-status-title"
          className="space-y-4 rounded-lg border p-4 sm:p-6"
        >
          <div>
            <h2 id="agent-status-title" className="text-xl font-semibold">
              {t('callCentre.agent.status.title')}
            </h2>
            <p className="text-sm text-muted-foreground">
              {t('callCentre.agent.status.agent', { name: 'Sarah Johnson' })}
            </p>
          </div>
          <StatusSwitch online={online} locked={call.phase !== 'idle'} onChange={setOnline} />
        </section>
        <div className="lg:col-span-2">
          <CallPanel
            customer={customer}
            online={online}
            phase={call.phase}
            seconds={call.seconds}
            onDial={call.dial}
            onHangUp={call.hangUp}
            onResult={logResult}
          />
        </div>
      </div>
      <AgentStats log={log} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <QueueTable />
        <RecentCalls log={log} />
      </div>
    </DemoPage>
  );
}
