// The call-centre screens are demonstrations: everything they show is this hard-coded
// sample data, and nothing is fetched from or sent to the server. Person, company and
// street names are the same in every language; everything else is a key under
// `callCentre` in the locales.

export const CALL_RESULTS = [
  'sale',
  'callback',
  'not_interested',
  'wrong_number',
  'voicemail',
] as const;
export type CallResult = (typeof CALL_RESULTS)[number];

export const CUSTOMER_STATUSES = [
  'new',
  'contacted',
  'qualified',
  'not_interested',
  'sale',
] as const;
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];

export const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const AGENT_STATES = ['available', 'on_call', 'wrap_up', 'break', 'offline'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

export type CampaignStatus = 'active' | 'paused';
export type TicketStatus = 'open' | 'in_progress' | 'resolved';
export type LeadSource = 'website' | 'referral' | 'cold_call' | 'trade_show' | 'social_media';
export type Tag =
  | 'vip'
  | 'enterprise'
  | 'follow_up'
  | 'decision_maker'
  | 'budget_approved'
  | 'small_business';
export type Topic = 'billing' | 'support' | 'sales' | 'porting';

/** The currency of the sample customers' values. */
export const SAMPLE_CURRENCY = 'GBP';

export interface Customer {
  id: string;
  name: string;
  company: string;
  phone: string;
  email: string;
  address: string;
  status: CustomerStatus;
  priority: Priority;
  source: LeadSource;
  tags: Tag[];
  /** Key under callCentre.sample.notes. */
  note: string;
  agent: string;
  /** Exact decimal string, in SAMPLE_CURRENCY. */
  value: string;
}

export const CUSTOMERS: Customer[] = [
  {
    id: 'c1',
    name: 'Olivia Bennett',
    company: 'Bennett Logistics',
    phone: '+44 20 7946 0101',
    email: 'olivia.bennett@example.com',
    address: '14 Harbour Road, Bristol BS1 5TT',
    status: 'qualified',
    priority: 'high',
    source: 'website',
    tags: ['decision_maker', 'budget_approved'],
    note: 'c1',
    agent: 'Sarah Johnson',
    value: '12500.00',
  },
  {
    id: 'c2',
    name: 'Marcus Lee',
    company: 'Lee & Partners',
    phone: '+1 415 555 0142',
    email: 'marcus@leepartners.example',
    address: '300 Market Street, San Francisco, CA 94105',
    status: 'new',
    priority: 'medium',
    source: 'referral',
    tags: ['small_business'],
    note: 'c2',
    agent: 'David Chen',
    value: '2400.00',
  },
  {
    id: 'c3',
    name: 'Amira Haddad',
    company: 'Haddad Trading',
    phone: '+971 4 555 0188',
    email: 'amira@haddadtrading.example',
    address: 'Office 1204, Bay Square, Dubai',
    status: 'sale',
    priority: 'low',
    source: 'trade_show',
    tags: ['vip', 'enterprise'],
    note: 'c3',
    agent: 'Sarah Johnson',
    value: '48000.00',
  },
  {
    id: 'c4',
    name: 'Lukas Weber',
    company: 'Weber Maschinenbau',
    phone: '+49 30 5550 1234',
    email: 'l.weber@weber-mb.example',
    address: 'Friedrichstraße 88, 10117 Berlin',
    status: 'contacted',
    priority: 'urgent',
    source: 'cold_call',
    tags: ['enterprise', 'follow_up'],
    note: 'c4',
    agent: 'Emma Wilson',
    value: '31000.00',
  },
  {
    id: 'c5',
    name: 'Sofia Rossi',
    company: 'Rossi Design',
    phone: '+39 02 5555 0199',
    email: 'sofia@rossidesign.example',
    address: 'Via Torino 21, 20123 Milano',
    status: 'not_interested',
    priority: 'low',
    source: 'social_media',
    tags: ['small_business'],
    note: 'c5',
    agent: 'David Chen',
    value: '900.00',
  },
  {
    id: 'c6',
    name: 'Kenji Tanaka',
    company: 'Tanaka Retail',
    phone: '+81 3 5555 0123',
    email: 'k.tanaka@tanakaretail.example',
    address: '2-1 Marunouchi, Chiyoda, Tokyo',
    status: 'qualified',
    priority: 'medium',
    source: 'website',
    tags: ['follow_up'],
    note: 'c6',
    agent: 'Emma Wilson',
    value: '7800.00',
  },
  {
    id: 'c7',
    name: 'Chloé Martin',
    company: 'Martin Conseil',
    phone: '+33 1 55 55 01 77',
    email: 'chloe.martin@martinconseil.example',
    address: '12 rue de Rivoli, 75004 Paris',
    status: 'contacted',
    priority: 'high',
    source: 'referral',
    tags: ['decision_maker'],
    note: 'c7',
    agent: 'James Brown',
    value: '15250.50',
  },
  {
    id: 'c8',
    name: 'Diego Fernández',
    company: 'Fernández Hoteles',
    phone: '+34 91 555 0166',
    email: 'diego@fhoteles.example',
    address: 'Calle de Alcalá 45, 28014 Madrid',
    status: 'new',
    priority: 'urgent',
    source: 'trade_show',
    tags: ['vip', 'budget_approved'],
    note: 'c8',
    agent: 'James Brown',
    value: '22000.00',
  },
];

export interface Ticket {
  id: string;
  /** Key under callCentre.sample.tickets. */
  subject: string;
  customer: string;
  priority: Priority;
  status: TicketStatus;
  opened: string;
}

export const TICKETS: Ticket[] = [
  {
    id: 'T-1042',
    subject: 't1',
    customer: 'Olivia Bennett',
    priority: 'high',
    status: 'open',
    opened: '2026-06-15T08:12:00Z',
  },
  {
    id: 'T-1041',
    subject: 't2',
    customer: 'Lukas Weber',
    priority: 'urgent',
    status: 'in_progress',
    opened: '2026-06-14T16:40:00Z',
  },
  {
    id: 'T-1039',
    subject: 't3',
    customer: 'Kenji Tanaka',
    priority: 'medium',
    status: 'open',
    opened: '2026-06-14T10:05:00Z',
  },
  {
    id: 'T-1036',
    subject: 't4',
    customer: 'Amira Haddad',
    priority: 'low',
    status: 'resolved',
    opened: '2026-06-12T13:30:00Z',
  },
  {
    id: 'T-1033',
    subject: 't5',
    customer: 'Chloé Martin',
    priority: 'medium',
    status: 'resolved',
    opened: '2026-06-11T09:20:00Z',
  },
];

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
