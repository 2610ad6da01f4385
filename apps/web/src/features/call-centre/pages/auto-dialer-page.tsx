import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CampaignsTable } from '../components/campaigns-table';
import { DemoPage } from '../components/demo-page';
import { DialerControls } from '../components/dialer-controls';
import { DialerSettings, type DialerSettingsValue } from '../components/dialer-settings';
import { Figures } from '../components/figures';
import {
  applyDialerAction,
  type DialerAction,
  type DialerDemo,
  restingDemo,
  toggleCampaign,
} from '../dialer-rules';
import { useFormat } from '../format';
import {
  AGENTS,
  CAMPAIGNS,
  type Campaign,
  DEFAULT_DIAL_RATIO,
  DEFAULT_MAX_LINES,
} from '../sample-floor';

/** Agents the dialer feeds: everyone signed in and not on a break. */
const DIALLING_AGENTS = AGENTS.filter((a) => a.state !== 'offline' && a.state !== 'break').length;

/** /auto-dialer (demo): campaigns, the dialer's Start/Pause/Stop and its settings. */
export default function AutoDialerPage() {
  const { t } = useTranslation();
  const format = useFormat();
  // The dialer and its campaigns change together (dialer-rules.ts): a campaign is Active
  // only while the dialer runs, and the dialer runs only while a campaign is active.
  const [demo, setDemo] = useState<DialerDemo<Campaign>>(() => restingDemo(CAMPAIGNS));
  const { state, campaigns } = demo;
  const [settings, setSettings] = useState<DialerSettingsValue>({
    ratio: DEFAULT_DIAL_RATIO,
    lines: DEFAULT_MAX_LINES,
  });
  const active = campaigns.filter((c) => c.status === 'active').length;
  // While running, `ratio` lines ring for each agent the dialer feeds, up to the maximum.
  const lines =
    state === 'running' && active > 0
      ? Math.min(settings.lines, Math.ceil(DIALLING_AGENTS * Number(settings.ratio)))
      : 0;
  const toggle = (id: string) => setDemo((d) => toggleCampaign(d, id));
  const act = (action: DialerAction) => setDemo((d) => applyDialerAction(d, action));

  return (
    <DemoPage title={t('callCentre.dialer.title')} text={t('callCentre.dialer.text')}>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <section aria-labelledby="dialer-title" className="space-y-4 rounded-lg border p-4 sm:p-6">
          <h2 id="dialer-title" className="text-xl font-semibold">
            {t('callCentre.dialer.control')}
          </h2>
          <DialerControls state={state} onAction={act} />
        </section>
        <DialerSettings value={settings} onChange={setSettings} />
      </div>
      <Figures
        label={t('callCentre.dialer.figures.title')}
        figures={[
          {
            key: 'lines',
            label: t('callCentre.dialer.figures.lines'),
            value: t('callCentre.ofTotal', {
              count: format.count(lines),
              total: format.count(settings.lines),
            }),
          },
          {
            key: 'campaigns',
            label: t('callCentre.dialer.figures.active'),
            value: format.count(active),
          },
          {
            key: 'dialled',
            label: t('callCentre.dialer.figures.dialled'),
            value: format.count(campaigns.reduce((sum, c) => sum + c.dialled, 0)),
          },
          {
            key: 'connected',
            label: t('callCentre.dialer.figures.connected'),
            value: format.count(campaigns.reduce((sum, c) => sum + c.connected, 0)),
          },
        ]}
      />
      <CampaignsTable campaigns={campaigns} onToggle={toggle} />
    </DemoPage>
  );
}
