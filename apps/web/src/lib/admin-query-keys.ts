/**
 * Query keys of the admin panel's lists and figures. Apart from query-keys.ts, which the
 * landing page loads, since only the admin panel uses these; everything under `admin`
 * reloads together.
 */
export const adminKeys = {
  admin: ['admin'],
  adminPayments: ['admin', 'payments'],
  adminWallets: ['admin', 'crypto-wallets'],
  adminRates: ['admin', 'rates'],
  adminAnalytics: ['admin', 'analytics'],
  adminLedgerCheck: ['admin', 'ledger-check'],
  adminUsers: ['admin', 'users'],
  adminSenderIds: ['admin', 'sender-ids'],
  adminSmsStatus: ['admin', 'sms-status'],
  adminSmppSessions: ['admin', 'smpp-sessions'],
  adminSipTrunks: ['admin', 'sip-trunks'],
  adminFulfilment: ['admin', 'fulfilment'],
  adminSetup: ['admin', 'setup'],
  adminSmsInbound: (page: number) => ['admin', 'sms-inbound', page] as const,
  adminAudit: ['admin', 'audit'],
  /** Monthly items due, in grace or suspended: each filter's page and its count. */
  adminSubscriptions: ['admin', 'subscriptions'],
  adminCatalogue: (resource: string) => ['admin', resource] as const,
  /** Live chat: the list (per filter, search, page), counts, one conversation, its customer. */
  adminChat: ['admin', 'chat'],
  adminChatSessions: ['admin', 'chat', 'sessions'],
  adminChatSummary: ['admin', 'chat', 'summary'],
  adminChatSession: (id: string) => ['admin', 'chat', 'session', id] as const,
  adminChatCanned: ['admin', 'chat', 'canned'],
  adminChatAgents: ['admin', 'chat', 'agents'],
  adminChatCustomer: (userId: string) => ['admin', 'chat', 'customer', userId] as const,
} as const;
