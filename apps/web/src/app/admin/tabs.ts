/** The admin panel's tabs, in order, by their `?tab=` value (the browser tests visit each). */
export const ADMIN_TABS = [
  'payments',
  'wallets',
  'rates',
  'chains',
  'services',
  'packages',
  'country-pricing',
  'sip-domains',
  'numbers',
  'sender-ids',
  'smpp-sessions',
  'sip-trunks',
  'users',
  'subscriptions',
  'fulfilment',
  'calls',
  'analytics',
  'audit',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
