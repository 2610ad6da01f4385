// A call's statuses and directions: plain lists the browser reads without loading zod.
export const CALL_STATUSES = [
  /** Authorised and handed to the gateway; nothing heard back yet. */
  'dialing',
  'ringing',
  'answered',
  /** Answered and finished: the only status that costs money. */
  'ended',
  'busy',
  'no_answer',
  'failed',
  /** Hung up by the caller before the far end answered. */
  'cancelled',
] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];
export const OPEN_CALL_STATUSES = ['dialing', 'ringing', 'answered'] as const;

/** outbound: the customer called out; inbound: one of their numbers was rung. */
export const CALL_DIRECTIONS = ['outbound', 'inbound'] as const;
