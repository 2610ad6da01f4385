import { randomBytes } from 'node:crypto';
import {
  type CallQuote,
  destinationRefusal,
  MAX_CALL_SECONDS,
  maxCallSeconds,
  moneyText,
  planAllowance,
  utcDayStart,
} from '@parley/shared';
import type { VoiceConfig } from '../../config/voice-config.js';
import { AppError } from '../../lib/app-error.js';
import { guardrailError } from '../../lib/guardrail-error.js';
import { decideCall, headroom, type Refusal, voicePlanSuspended } from './call-decisions.js';
import type { CallPricing } from './call-pricing.js';
import type { CallRow, CallsRepo } from './calls.repo.js';
import type { VoiceAccountsRepo } from './voice-accounts.repo.js';

/** Time after a deadline before a job settles a call nobody reported the end of. */
export const DEADLINE_GRACE_MS = 30_000;

export const refusalError = (refusal: Refusal | 'balance' | 'duplicate') => {
  if (typeof refusal === 'object') return guardrailError(refusal);
  if (refusal === 'CONCURRENT_CALL_LIMIT')
    return new AppError(
      'CONCURRENT_CALL_LIMIT',
      'You have as many calls in progress as your plan allows. End one and try again.',
    );
  if (refusal === 'ACCOUNT_DISABLED')
    return new AppError('FORBIDDEN', 'This account is suspended.');
  return new AppError(
    'INSUFFICIENT_BALANCE',
    'Insufficient Balance: You need at least £0.10 to make a SIP call',
  );
};

export interface PlaceInput {
  userId: string;
  destination: string;
  callerId: string;
  gateway: 'sandbox' | 'sip';
  edgeCallId?: string;
  /** A SIP trunk's call: counted against its channels only, and recorded as its. */
  trunk?: { id: string; channels: number };
}

export interface CallAuthorisingDeps {
  repo: Pick<CallsRepo, 'authorise' | 'insertInbound' | 'accountState'>;
  accounts: Pick<VoiceAccountsRepo, 'activePackages' | 'voicePlanStatuses'>;
  pricing: CallPricing;
  config: Pick<VoiceConfig, 'increments' | 'incrementsText' | 'ringTimeoutMs'>;
  callerIdAllowed: (userId: string, number: string) => Promise<boolean>;
  instanceId: string;
  publish: (row: CallRow) => void;
  now: () => Date;
}

/** Which calls may start (outbound with a hold, inbound free), and what one would allow. */
export function createCallAuthorising(deps: CallAuthorisingDeps) {
  const { repo, config, now } = deps;
  const deadline = (at: Date) => new Date(at.getTime() + config.ringTimeoutMs + DEADLINE_GRACE_MS);

  async function allowance(userId: string) {
    return planAllowance(await deps.accounts.activePackages(userId), now());
  }

  /** Authorises and writes a call, or throws why not (the edge maps the codes). */
  async function authorise(input: PlaceInput): Promise<CallRow> {
    // A trunk's own state (its order) was checked by the edge's path; a plan is the
    // softphones'.
    if (!input.trunk && voicePlanSuspended(await deps.accounts.voicePlanStatuses(input.userId)))
      throw new AppError(
        'SUBSCRIPTION_SUSPENDED',
        'Your calling plan is suspended for an unpaid renewal. Reactivate it to call again.',
      );
    if (!(await deps.callerIdAllowed(input.userId, input.callerId)))
      throw new AppError(
        'CALLER_ID_NOT_VERIFIED',
        'Use one of your numbers or a verified number as caller ID.',
        [{ path: 'body.callerId', code: 'CALLER_ID_INVALID', message: 'Caller ID not verified' }],
      );
    const price = await deps.pricing(input.destination);
    // A trunk's calls are paid from the balance: a calling plan's minutes are its softphones'.
    const planned = await allowance(input.userId);
    const plan = input.trunk ? { ...planned, includedSeconds: 0 } : planned;
    const at = now();
    const sandbox = input.gateway === 'sandbox';
    const periods = {
      periodStart: plan.periodStart,
      dayStart: utcDayStart(at),
      trunkId: input.trunk?.id ?? null,
    };
    const result = await repo.authorise(input.userId, periods, (state) =>
      decideCall(state, {
        allowance: plan,
        price: { ...price },
        increments: config.increments,
        incrementsText: config.incrementsText,
        channels: input.trunk?.channels,
        values: {
          trunkId: input.trunk?.id ?? null,
          callerId: input.callerId,
          destination: price.e164,
          status: 'dialing',
          gateway: input.gateway,
          edgeCallId: input.edgeCallId ?? null,
          token: input.edgeCallId ? null : randomBytes(24).toString('base64url'),
          owner: sandbox ? deps.instanceId : null,
          aliveAt: sandbox ? at : null,
          createdAt: at,
          deadlineAt: deadline(at),
        },
      }),
    );
    if (!result.ok) throw refusalError(result.refusal);
    deps.publish(result.call);
    return result.call;
  }

  /** The trunk rings one of the customer's numbers: an inbound call, free, ringing out
   * (to their SIP trunk: 'limit' when its channels are all in use). */
  async function receive(input: {
    userId: string;
    number: string;
    country: string;
    from: string;
    edgeCallId: string;
    trunk?: { id: string; channels: number };
  }): Promise<CallRow | null | 'limit'> {
    const at = now();
    const row = await repo.insertInbound(
      input.userId,
      {
        callerId: input.from,
        destination: input.number,
        country: input.country,
        price: '0',
        priceCurrency: 'GBP',
        ratePerMinute: '0',
        increments: config.incrementsText,
        maxSeconds: MAX_CALL_SECONDS,
        // Free, and not taken from the plan's included minutes either.
        includedHeld: 0,
        status: 'dialing',
        gateway: 'sip',
        edgeCallId: input.edgeCallId,
        createdAt: at,
        deadlineAt: deadline(at),
      },
      input.trunk,
    );
    if (row && row !== 'limit') deps.publish(row);
    return row;
  }

  /** What a call to `destination` would cost and how long it could last (no hold). */
  async function quote(userId: string, destination: string): Promise<CallQuote> {
    const price = await deps.pricing(destination);
    const plan = await allowance(userId);
    const state = await repo.accountState(userId, plan.periodStart, utcDayStart(now()));
    const refused = destinationRefusal(
      state.limits ?? null,
      'voice',
      price.country,
      price.ratePerMinute,
    );
    if (refused) throw guardrailError(refused);
    const { available, includedLeft, budget } = headroom(state, plan);
    return {
      destination: price.e164,
      country: price.country,
      price: price.price,
      priceCurrency: price.priceCurrency,
      ratePerMinute: moneyText(price.ratePerMinute),
      increments: config.incrementsText,
      maxSeconds: maxCallSeconds({
        available: budget,
        increments: config.increments,
        ratePerMinute: price.ratePerMinute,
        includedSecondsLeft: includedLeft,
      }),
      includedSecondsLeft: includedLeft,
      available: moneyText(available),
    };
  }

  return { authorise, receive, quote };
}
