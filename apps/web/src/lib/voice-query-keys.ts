/**
 * Query keys of calls, SIP accounts and SIP monitoring. Apart from query-keys.ts, which
 * the landing page loads, since only signed-in pages (and the admin's) use these.
 */
export const voiceKeys = {
  voiceHistory: ['voice', 'history'],
  voiceRecent: ['voice', 'recent'],
  voiceCall: (id: string) => ['voice', 'call', id] as const,
  voiceCallerIds: ['voice', 'caller-ids'],
  voiceStatus: ['voice', 'status'],
  sipAccount: ['voice', 'account'],
  /** Outside `voice`, so a call's refresh does not re-price the destination being typed. */
  voiceQuote: (destination: string) => ['voice-quote', destination] as const,

  /** SIP monitoring: everything under it reloads when one of the customer's calls changes. */
  voiceMonitoring: ['voice-monitoring'],
  voiceMonitoringPart: (part: string, filters: object = {}) =>
    ['voice-monitoring', part, filters] as const,
  adminCalls: ['admin', 'calls'],
  adminCallsPage: (page: number, activeOnly: boolean) =>
    ['admin', 'calls', page, activeOnly] as const,
  adminVoiceStatus: ['admin', 'voice-status'],
  adminVoiceVerifications: ['admin', 'voice-verifications'],
} as const;
