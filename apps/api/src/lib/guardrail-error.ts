import { type GuardrailRefusal, moneyText } from '@parley/shared';
import { AppError } from './app-error.js';

const WHAT = { sms: 'SMS', voice: 'calls' } as const;
const PER = { sms: 'per SMS', voice: 'a minute' } as const;

/** A refusal by the customer's own spending limits, in English for API users and logs. */
export function guardrailMessage({ code, params }: GuardrailRefusal): string {
  const service = params.service === 'voice' ? 'voice' : 'sms';
  if (code === 'GUARDRAIL_COUNTRY')
    return `Your spending limits do not allow ${WHAT[service]} to ${params.country}.`;
  if (code === 'GUARDRAIL_PRICE')
    return `${params.country} costs £${moneyText(params.price ?? '0')} ${PER[service]}, above your limit of £${moneyText(params.limit ?? '0')}.`;
  return `This would go over your daily spending cap of £${moneyText(params.cap ?? '0')}: £${moneyText(params.remaining ?? '0')} is left today (UTC).`;
}

/** The error a refused send or call answers: 422 with the limit in its params. */
export const guardrailError = (refusal: GuardrailRefusal, recipient?: string) =>
  new AppError(refusal.code, guardrailMessage(refusal), undefined, {
    params: {
      ...Object.fromEntries(
        Object.entries(refusal.params).map(([k, v]) =>
          ['price', 'limit', 'cap', 'spent', 'remaining'].includes(k) ? [k, moneyText(v)] : [k, v],
        ),
      ),
      ...(recipient ? { recipient } : {}),
    },
  });
