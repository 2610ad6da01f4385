import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Label, Select } from '@/components/ui/input';
import { useFormat } from '../format';
import { AGENT_STATES, AGENTS, type AgentState } from '../sample-floor';
import { AgentStateBadge } from './badges';
import { Table } from './table';
import { useSecondsSince } from './use-ticker';

/** The team's agents and their states, filtered by state; time in state ticks by. */
export function AgentsTable() {
  const { t } = useTranslation();
  const format = useFormat();
  const id = useId();
  const elapsed = useSecondsSince();
  const [state, setState] = useState<AgentState | ''>('');
  const shown = state ? AGENTS.filter((a) => a.state === state) : AGENTS;
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id={`${id}-title`} className="me-auto text-xl font-semibold">
          {t('callCentre.manager.agents.title')}
        </h2>
        <div className="grid gap-1">
          <Label htmlFor={`${id}-state`}>{t('callCentre.manager.agents.filter')}</Label>
          <Select
            id={`${id}-state`}
            value={state}
            onChange={(e) => setState(e.target.value as AgentState | '')}
            className="w-48"
          >
            <option value="">{t('callCentre.manager.agents.all')}</option>
            {AGENT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`callCentre.agentState.${s}`)}
              </option>
            ))}
          </Select>
        </div>
      </div>
      <p aria-live="polite" className="text-sm text-muted-foreground" data-testid="agents-shown">
        {t('callCentre.manager.agents.shown', {
          shown: format.count(shown.length),
          total: format.count(AGENTS.length),
        })}
      </p>
      <Table
        caption={t('callCentre.manager.agents.title')}
        columns={[
          { label: t('callCentre.manager.agents.agent') },
          { label: t('callCentre.manager.agents.state') },
          { label: t('callCentre.manager.agents.inState'), end: true },
          { label: t('callCentre.manager.agents.calls'), end: true },
          { label: t('callCentre.manager.agents.sales'), end: true },
        ]}
      >
        {shown.map((a) => (
          <tr key={a.id} className="border-t" data-testid="agent-row">
            <th scope="row" className="p-3 text-start font-medium whitespace-nowrap">
              {a.name}
            </th>
            <td className="p-3">
              <AgentStateBadge state={a.state} />
            </td>
            <td className="p-3 text-end font-mono tabular-nums">
              {format.duration(a.inState + (a.state === 'offline' ? 0 : elapsed))}
            </td>
            <td className="p-3 text-end tabular-nums">{format.count(a.calls)}</td>
            <td className="p-3 text-end tabular-nums">{format.count(a.sales)}</td>
          </tr>
        ))}
      </Table>
    </section>
  );
}
