/**
 * The call form's rules and the voice allowances of a plan, as plain functions: the
 * contracts and the browser's form both call them.
 */

import { withPlus } from '../phone/e164.js';
import type { FieldProblem } from './field-codes.js';
import {
  type AllowanceState,
  grantsAllowance,
  monthlyPeriodAt,
  monthlyPeriodStart,
} from './renewals.js';
import { PHONE_PATTERN } from './sms.js';
import { normalRecipient } from './sms-rules.js';

/** A caller ID: required, then an international number (the SMS recipient's pattern). */
export function callerIdProblem(value: string): FieldProblem | null {
  if (!value.trim()) return { code: 'CALLER_ID_REQUIRED' };
  if (!PHONE_PATTERN.test(normalRecipient(value))) return { code: 'CALLER_ID_INVALID' };
  return null;
}

/** A destination: required, then the same number pattern. */
export function destinationProblem(value: string): FieldProblem | null {
  if (!value.trim()) return { code: 'DESTINATION_REQUIRED' };
  if (!PHONE_PATTERN.test(normalRecipient(value))) return { code: 'DESTINATION_INVALID' };
  return null;
}

/** A number as calls store it: E.164 with its +. */
export const e164 = (value: string) => withPlus(normalRecipient(value));

/** Concurrent calls allowed with no plan or trunk tier. */
export const DEFAULT_CONCURRENT_CALLS = 2;
/** "Unlimited concurrent calls" still stops somewhere: a runaway dialler's ceiling. */
export const UNLIMITED_CONCURRENT_CALLS = 1000;

export interface VoiceAllowance {
  /** Minutes included per billing period: null unlimited, 0 none. */
  includedMinutes: number | null;
  /** Concurrent calls, or null when this item says nothing about them. */
  concurrentCalls: number | null;
}

const MINUTES = /^(\d[\d,]*|unlimited)\s+(?:inclusive\s+|included\s+)?minutes$/i;
const CONCURRENT = /^(\d[\d,]*|unlimited)\s+concurrent\s+calls$/i;
const amount = (text: string) =>
  /^unlimited$/i.test(text) ? null : Number.parseInt(text.replace(/,/g, ''), 10);

/**
 * What a catalogue item's features give for voice: "2000 minutes", "Unlimited minutes",
 * "10 concurrent calls", "Unlimited concurrent calls". Admins edit features, so the
 * allowance follows the catalogue rather than a fixed table.
 */
export function voiceAllowanceOf(features: readonly string[]): VoiceAllowance {
  let includedMinutes: number | null = 0;
  let concurrentCalls: number | null = null;
  for (const feature of features) {
    const text = feature.trim();
    const minutes = MINUTES.exec(text);
    if (minutes?.[1]) includedMinutes = amount(minutes[1]);
    const concurrent = CONCURRENT.exec(text);
    if (concurrent?.[1]) concurrentCalls = amount(concurrent[1]) ?? UNLIMITED_CONCURRENT_CALLS;
  }
  return { includedMinutes, concurrentCalls };
}

/** The customer's concurrent-call limit: the largest any active item gives, else 2. */
export function concurrentLimit(allowances: readonly VoiceAllowance[]): number {
  const given = allowances.map((a) => a.concurrentCalls).filter((n): n is number => n !== null);
  return given.length ? Math.max(...given) : DEFAULT_CONCURRENT_CALLS;
}

/**
 * The start of the monthly billing period that holds `now`, for a plan bought at
 * `anchor` (domain/renewals.ts: the 31st falls on the last day of shorter months), UTC.
 */
export function periodStart(anchor: Date, now: Date): Date {
  return monthlyPeriodStart(anchor, monthlyPeriodAt(anchor, now));
}

/** A call's length as the spec shows it: m:ss, 0:00 when missing. */
export function callDurationText(seconds: number | null | undefined): string {
  const s = Math.max(0, Math.floor(seconds ?? 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The sandbox's test destinations, by their last four digits. */
export const SANDBOX_TEST_ENDINGS = {
  busy: '0000',
  noAnswer: '0001',
  failed: '0002',
  /** Answered, then the far end hangs up after a few seconds. */
  farEndHangup: '0003',
} as const;

export interface PlanAllowance {
  /** Included seconds per period: null unlimited, 0 none. */
  includedSeconds: number | null;
  /** When the current period of the plan that gives them started; null with none. */
  periodStart: Date | null;
  concurrentCalls: number;
}

/** An item in service as `planAllowance` reads it: its features, purchase and state. */
export interface PlanItem extends AllowanceState {
  features: readonly string[];
  boughtAt: Date;
}

/**
 * What the customer's items in service give for calls: the most generous plan's included
 * minutes (unlimited beats any number) over its own monthly period, counting only plans
 * whose period running now is paid (`grantsAllowance`: one in grace gives none), and the
 * largest concurrent-call limit of any plan or trunk tier.
 */
export function planAllowance(items: readonly PlanItem[], now: Date): PlanAllowance {
  const read = items.map((i) => ({
    ...voiceAllowanceOf(i.features),
    boughtAt: i.boughtAt,
    paid: grantsAllowance(i, now),
  }));
  const withMinutes = read.filter((a) => a.paid && a.includedMinutes !== 0);
  const best = withMinutes.sort((a, b) =>
    a.includedMinutes === null
      ? -1
      : b.includedMinutes === null
        ? 1
        : b.includedMinutes - a.includedMinutes,
  )[0];
  return {
    includedSeconds: best ? (best.includedMinutes === null ? null : best.includedMinutes * 60) : 0,
    periodStart: best ? periodStart(best.boughtAt, now) : null,
    concurrentCalls: concurrentLimit(read),
  };
}
