/** What each module's operations are about: the reference page's group headings. */
const MODULES: Record<string, string> = {
  analytics: 'Sales, usage and customer figures.',
  audit: 'The audit log of admin actions.',
  auth: 'Sign-up, sign-in, the session and account security.',
  catalogue: 'Services, packages, country prices and numbers for sale.',
  chains: 'Chain watchers, watch-only keys and deposits.',
  chat: 'Live chat with Parley’s team.',
  dashboard: 'The customer’s overview: services held and usage.',
  docs: 'This API described as OpenAPI.',
  events: 'Server-sent event streams of what changes.',
  guardrails: 'Spending limits and the low-balance alert.',
  health: 'Whether the server and its database answer.',
  ledger: 'Every balance change, and statements.',
  notifications: 'Notices to the customer and their settings.',
  orders: 'Buying packages and numbers from the balance.',
  payments: 'Crypto top-ups: quotes, payments and transactions.',
  renewals: 'Subscriptions and their renewals.',
  setup: 'The operator’s set-up checklist.',
  sipTrunk: 'SIP trunks to the customer’s PBX.',
  sms: 'Sending and receiving SMS, and sender IDs.',
  users: 'Customer and admin accounts.',
  voice: 'SIP accounts, calls and caller IDs.',
  voiceMonitoring: 'Registrations and calls as the SIP edge sees them.',
};

/** A group's tag and its description: `sms`, `sms.admin` (for operators), `voice.edge`. */
export function tagOf(group: string): { name: string; description: string } {
  const [module = group, audience] = group.split('.');
  const about = MODULES[module] ?? `The ${module} module.`;
  if (audience === 'admin') return { name: group, description: `Operators: ${about}` };
  if (audience === 'edge')
    return {
      name: group,
      description: 'Asked by the SIP edge (Kamailio) with VOICE_EDGE_SECRET, never a browser.',
    };
  return { name: group, description: about };
}
