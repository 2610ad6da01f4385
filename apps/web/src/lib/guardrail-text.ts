import { GUARDRAIL_CODES, type GuardrailCode } from '@parley/shared/domain';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';
import { isolate } from './bidi';
import { countryName } from './country-name';
import { formatMoney } from './money';

type Params = Record<string, string | number | undefined>;

export const isGuardrailCode = (code: unknown): code is GuardrailCode =>
  (GUARDRAIL_CODES as readonly unknown[]).includes(code);

/**
 * Why the customer's own spending limits refused a send or a call, in the page's
 * language: the country by name, amounts in pounds isolated from the sentence's direction.
 */
export function guardrailReason(
  t: TFunction,
  code: GuardrailCode,
  params: Params,
  language: string,
): string {
  const money = (v: unknown) => isolate(formatMoney(String(v ?? '0'), 'GBP', language, 4));
  const service = params.service === 'voice' ? 'Voice' : 'Sms';
  const country = countryName(String(params.country ?? ''), language);
  if (code === 'GUARDRAIL_COUNTRY') return t(`limits.refused.country${service}`, { country });
  if (code === 'GUARDRAIL_PRICE')
    return t(`limits.refused.price${service}`, {
      country,
      price: money(params.price),
      limit: money(params.limit),
    });
  return t('limits.refused.dailyCap', {
    cap: money(params.cap),
    remaining: money(params.remaining),
  });
}

/** The reason of a refused request when the spending limits refused it, else null. */
export function guardrailText(t: TFunction, err: unknown, language: string): string | null {
  if (!(err instanceof ApiError) || !isGuardrailCode(err.code)) return null;
  return guardrailReason(t, err.code, err.params, language);
}
