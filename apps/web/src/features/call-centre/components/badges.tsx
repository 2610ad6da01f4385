import { useTranslation } from 'react-i18next';
import { StatusBadge, type ToneMap } from '@/components/status-badge';
import type { CustomerStatus, Priority, TicketStatus } from '../sample-data';
import type { AgentState, CampaignStatus } from '../sample-floor';

const CUSTOMER_TONES: ToneMap<CustomerStatus> = {
  new: 'neutral',
  contacted: 'waiting',
  qualified: 'waiting',
  not_interested: 'bad',
  sale: 'good',
};
const PRIORITY_TONES: ToneMap<Priority> = {
  low: 'neutral',
  medium: 'waiting',
  high: 'bad',
  urgent: 'bad',
};
const AGENT_TONES: ToneMap<AgentState> = {
  available: 'good',
  on_call: 'waiting',
  wrap_up: 'waiting',
  break: 'neutral',
  offline: 'neutral',
};
const TICKET_TONES: ToneMap<TicketStatus> = {
  open: 'bad',
  in_progress: 'waiting',
  resolved: 'good',
};
const CAMPAIGN_TONES: ToneMap<CampaignStatus> = { active: 'good', paused: 'neutral' };

export function CustomerStatusBadge({ status }: { status: CustomerStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={CUSTOMER_TONES}>
      {t(`callCentre.customerStatus.${status}`)}
    </StatusBadge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={priority} tones={PRIORITY_TONES}>
      {t(`callCentre.priority.${priority}`)}
    </StatusBadge>
  );
}

export function AgentStateBadge({ state }: { state: AgentState }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={state} tones={AGENT_TONES}>
      {t(`callCentre.agentState.${state}`)}
    </StatusBadge>
  );
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={TICKET_TONES}>
      {t(`callCentre.ticketStatus.${status}`)}
    </StatusBadge>
  );
}

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge status={status} tones={CAMPAIGN_TONES}>
      {t(`callCentre.campaignStatus.${status}`)}
    </StatusBadge>
  );
}
