import type { Call, CallStatus } from '@parley/shared';
import {
  billableSeconds,
  callCost,
  callDurationText,
  callerIdProblem,
  compareDecimal,
  destinationProblem,
  e164,
  type FieldProblem,
  MIN_CALL_BALANCE,
  OPEN_CALL_STATUSES,
  parseIncrements,
  SANDBOX_TEST_ENDINGS,
} from '@parley/shared/domain';
import { newerCall } from './call-updates';

// The rules are the contract's own (domain/voice-rules.ts); only the form's shape is here.
export { callDurationText, e164, newerCall };

export interface CallDraft {
  callerId: string;
  destination: string;
}
export type CallField = keyof CallDraft;
export type CallErrors = Partial<Record<CallField, FieldProblem>>;

/** Each field's problem as a code, empty when the draft can be called. */
export function validateCall(draft: CallDraft): CallErrors {
  const errors: CallErrors = {};
  const callerId = callerIdProblem(draft.callerId);
  const destination = destinationProblem(draft.destination);
  if (callerId) errors.callerId = callerId;
  if (destination) errors.destination = destination;
  return errors;
}

/** A call needs a balance of at least £0.10. */
export const hasBalanceForCall = (balance: string | null | undefined) =>
  Boolean(balance) && compareDecimal(balance ?? '0', MIN_CALL_BALANCE) >= 0;

/** Whether a number is one of the caller IDs the customer may use (compared as E.164). */
export function isKnownCallerId(
  value: string,
  numbers: readonly { number: string }[] | undefined,
): boolean {
  if (callerIdProblem(value)) return false;
  const wanted = e164(value);
  return (numbers ?? []).some((n) => n.number === wanted);
}

/** The spec's mapping of a call's status to a badge's tone (one definition, shared). */
export { CALL_TONES } from '@/components/call-status-badge';

/** Still going: the live panel shows it with Hang up. */
export const isOpenCall = (status: CallStatus) =>
  (OPEN_CALL_STATUSES as readonly CallStatus[]).includes(status);

/** Whole seconds talked so far: from the answer to `now` (never below 0). */
export function talkSeconds(answeredAt: string | null, now: number): number {
  if (!answeredAt) return 0;
  return Math.max(0, Math.floor((now - new Date(answeredAt).getTime()) / 1000));
}

/**
 * What the call would cost if it ended now: its billable seconds at its rate. An
 * estimate: the plan's included minutes, used first, are not known here.
 */
export function costSoFar(call: Pick<Call, 'ratePerMinute' | 'increments'>, seconds: number) {
  const increments = parseIncrements(call.increments) ?? { first: 60, next: 60 };
  return callCost(call.ratePerMinute, billableSeconds(seconds, increments));
}

/** The increments as the screen says them: first and next in seconds, or null if unreadable. */
export const incrementsOf = (text: string) => parseIncrements(text);

export type SandboxOutcome = keyof typeof SANDBOX_TEST_ENDINGS;

/** What the sandbox does with a destination: a test ending's outcome, or null (answered). */
export function sandboxOutcome(destination: string): SandboxOutcome | null {
  const digits = destination.replace(/\D/g, '');
  for (const [outcome, ending] of Object.entries(SANDBOX_TEST_ENDINGS))
    if (digits.endsWith(ending)) return outcome as SandboxOutcome;
  return null;
}

/** A length of time as h:mm:ss, or m:ss under an hour (the longest call a quote allows). */
export function talkTimeText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 3600) return callDurationText(s);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h}:${String(m).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
