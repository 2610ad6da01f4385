import {
  EDGE_DENY_PHRASES,
  EDGE_DENY_REASONS,
  type EdgeDecision,
  type EdgeDenyReason,
  moneyText,
} from '@parley/shared';
import { AppError } from '../../lib/app-error.js';
import type { CallRow } from './calls.repo.js';

/** The edge's answers: a call allowed, or refused with its SIP status and phrase. */
export const allow = (row: CallRow): Extract<EdgeDecision, { allow: true }> => ({
  allow: true,
  callId: row.id,
  callerId: row.callerId,
  destination: row.destination,
  ratePerMinute: moneyText(row.ratePerMinute),
  maxSeconds: row.maxSeconds,
});

export const deny = (reason: EdgeDenyReason, message: string) => ({
  allow: false as const,
  reason,
  sipStatus: EDGE_DENY_REASONS[reason],
  phrase: EDGE_DENY_PHRASES[reason],
  message,
});

/** What an AppError from authorising means for the edge. */
export function denial(err: unknown): EdgeDecision {
  if (!(err instanceof AppError)) throw err;
  const reason: Partial<Record<string, EdgeDenyReason>> = {
    CALLER_ID_NOT_VERIFIED: 'CALLER_ID_NOT_VERIFIED',
    DESTINATION_NOT_SUPPORTED: 'DESTINATION_NOT_SUPPORTED',
    PREMIUM_RATE_DESTINATION: 'DESTINATION_NOT_SUPPORTED',
    SHARED_COST_DESTINATION: 'DESTINATION_NOT_SUPPORTED',
    INVALID_NUMBER: 'DESTINATION_NOT_SUPPORTED',
    INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
    SUBSCRIPTION_SUSPENDED: 'SUBSCRIPTION_SUSPENDED',
    CONCURRENT_CALL_LIMIT: 'CONCURRENT_CALL_LIMIT',
    FORBIDDEN: 'ACCOUNT_DISABLED',
    GUARDRAIL_COUNTRY: 'SPENDING_LIMIT',
    GUARDRAIL_PRICE: 'SPENDING_LIMIT',
    GUARDRAIL_DAILY_CAP: 'SPENDING_LIMIT',
  };
  return deny(reason[err.code] ?? 'UNAVAILABLE', err.message);
}

/** A number Parley cannot read in the caller's country, or one too short. */
export const incomplete = (reason: 'no-country' | 'incomplete') =>
  deny(
    'ADDRESS_INCOMPLETE',
    reason === 'no-country'
      ? 'Dial the number in international format (+ and the country code).'
      : 'The number dialled is too short: dial the whole number.',
  );
