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
