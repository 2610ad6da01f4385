// The call floor of the call-centre demonstrations: agents, the queue, today's figures
// and the auto-dialer's campaigns and settings (hard-coded, like sample-data.ts).
import type { Topic } from './sample-data';

export const AGENT_STATES = ['available', 'on_call', 'wrap_up', 'break', 'offline'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

export type CampaignStatus = 'active' | 'paused';

export interface Agent {
  id: string;
  name: string;
  state: AgentState;
  /** Seconds in the current state when the page opened. */
  inState: number;
  calls: number;
  sales: number;
}

export const AGENTS: Agent[] = [
  { id: 'a1', name: 'Sarah Johnson', state: 'on_call', inState: 194, calls: 42, sales: 7 },
  { id: 'a2', name: 'David Chen', state: 'available', inState: 35, calls: 38, sales: 5 },
  { id: 'a3', name: 'Emma Wilson', state: 'wrap_up', inState: 48, calls: 31, sales: 6 },
  { id: 'a4', name: 'James Brown', state: 'on_call', inState: 412, calls: 27, sales: 3 },
  { id: 'a5', name: 'Priya Patel', state: 'break', inState: 605, calls: 24, sales: 4 },
  { id: 'a6', name: 'Tom Müller', state: 'available', inState: 12, calls: 35, sales: 2 },
  { id: 'a7', name: 'Ana Souza', state: 'offline', inState: 3600, calls: 0, sales: 0 },
];

export interface QueuedCall {
  id: string;
  caller: string;
  phone: string;
  topic: Topic;
  /** Seconds waited when the page opened. */
  waited: number;
}

export const QUEUE: QueuedCall[] = [
  { id: 'q1', caller: 'Hannah Scott', phone: '+44 161 555 0134', topic: 'billing', waited: 142 },
  { id: 'q2', caller: 'Omar Farouk', phone: '+20 2 5555 0112', topic: 'support', waited: 96 },
  { id: 'q3', caller: 'Julia Nowak', phone: '+48 22 555 0175', topic: 'sales', waited: 51 },
  { id: 'q4', caller: 'Wei Zhang', phone: '+86 10 5555 0190', topic: 'porting', waited: 18 },
];

/** Today's figures of the whole team, as the manager sees them. */
export const TEAM_TODAY = {
  calls: 197,
  answeredInTarget: 0.86,
  averageHandleSeconds: 262,
  sales: 27,
};

/** The signed-in agent's figures before this session's calls. */
export const AGENT_TODAY = { calls: 18, talkSeconds: 3420, sales: 3 };

/** Whom the agent's simulated call rings: the next leads to call, in order. */
export const CALL_LIST = ['c2', 'c8', 'c4', 'c6'] as const;

export interface Campaign {
  id: string;
  /** Key under callCentre.sample.campaigns. */
  name: string;
  status: CampaignStatus;
  leads: number;
  dialled: number;
  connected: number;
  sales: number;
}

export const CAMPAIGNS: Campaign[] = [
  { id: 'k1', name: 'k1', status: 'active', leads: 2500, dialled: 1840, connected: 712, sales: 64 },
  { id: 'k2', name: 'k2', status: 'active', leads: 1200, dialled: 310, connected: 141, sales: 12 },
  { id: 'k3', name: 'k3', status: 'paused', leads: 800, dialled: 800, connected: 366, sales: 41 },
  { id: 'k4', name: 'k4', status: 'paused', leads: 4000, dialled: 0, connected: 0, sales: 0 },
];

export const DIAL_RATIOS = ['1.0', '1.2', '1.5', '2.0'] as const;
export type DialRatio = (typeof DIAL_RATIOS)[number];
export const MAX_LINES = [5, 10, 15, 20] as const;
export type MaxLines = (typeof MAX_LINES)[number];
export const DEFAULT_DIAL_RATIO: DialRatio = '1.2';
export const DEFAULT_MAX_LINES: MaxLines = 20;
/** Recordings are deleted automatically after this many days (static text). */
export const RECORDING_RETENTION_DAYS = 30;
