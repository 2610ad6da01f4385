/**
 * Every server resource's cache key, owned here so that a feature invalidating another's
 * data names it instead of retyping it. Keys nest: invalidating a prefix (`sms`,
 * `catalogue`, `admin`) reloads everything under it.
 */
export const queryKeys = {
  user: ['auth', 'user'],
  catalogue: ['catalogue'],
  /** Catalogue words come in the reader's language: one entry per language. */
  services: (lang: string) => ['catalogue', 'services', lang] as const,
  coverage: ['catalogue', 'coverage'],
  countryPricing: ['catalogue', 'country-pricing'],
  packages: (service: string, lang: string) => ['catalogue', 'packages', service, lang] as const,
  sipDomains: ['catalogue', 'sip-domains'],
  numbers: ['numbers'],
  numberSearch: (query: string) => ['numbers', query] as const,

  transactions: ['transactions'],
  orders: ['orders'],
  orderItem: (id: string | undefined, lang: string) => ['orders', 'item', id, lang] as const,
  paymentWallets: ['payments', 'wallets'],
  /** The coins a customer can pay in now (public: the footer asks for them). */
  payableCoins: ['payments', 'coins'],
  /** The customer's SIP trunks, their numbers and where a PBX connects (features/sip-trunk). */
  sipTrunks: ['sip-trunk', 'trunks'],
  guardrails: ['account', 'guardrails'],
  apiKeys: ['account', 'api-keys'],
  webhooks: ['account', 'webhooks'],
  webhookDeliveries: (id: string, page: number) =>
    ['account', 'webhooks', id, 'deliveries', page] as const,
  dashboardPreferences: ['dashboard', 'preferences'],
  dashboardSpending: (days: number, tzOffset: number, balance: string) =>
    ['dashboard', 'spending', days, tzOffset, balance] as const,

  sms: ['sms'],
  smsHistory: ['sms', 'history'],
  smsRecent: ['sms', 'recent'],
  smsSenders: ['sms', 'senders'],
  smsBatch: (id: string) => ['sms', 'batch', id] as const,
  /** Outside `sms`, so a send's refresh does not re-price the draft being typed. */
  smsQuote: ['sms-quote'],
  /** The customer's SMPP accounts and where to connect (features/smpp-server). */
  smppAccounts: ['smpp-accounts'],
  /** The customer's SMTP relay: package, users, domains, suppressions, log (features/mail). */
  mail: ['mail'],
  mailOverview: ['mail', 'overview'],
  mailCredentials: ['mail', 'credentials'],
  mailDomains: ['mail', 'domains'],
  mailSuppressions: ['mail', 'suppressions'],
  mailSuppressionsPage: (q: string, page: number) => ['mail', 'suppressions', q, page] as const,
  mailMessages: (q: string, state: string, page: number) =>
    ['mail', 'messages', q, state, page] as const,
  numberCountry: (recipient: string) => ['sms-number-country', recipient] as const,

  // Admin keys live in admin-query-keys.ts, voice keys in voice-query-keys.ts, the ledger's
  // in account-queries.ts: only signed-in pages need them.
} as const;
