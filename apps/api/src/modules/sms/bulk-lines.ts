import {
  type BulkPreview,
  destinationRefusal,
  moneyText,
  type SpendingLimits,
} from '@parley/shared';
import { guardrailError } from '../../lib/guardrail-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';

/** What pricing found for one recipient (the fields a bulk preview reads). */
export type PricedLine =
  | { ok: true; recipient: string; country: string; unitGbp: string; cost: string }
  | { ok: false; recipient: string; reason: string; country?: string | null };

/**
 * Sorts a bulk file's priced recipients into the lines that will be sent and the lines
 * refused, each refusal with its code and reason. A daily cap is judged at send time,
 * for the whole batch, so it refuses no single line here.
 */
export function sortBulkLines(
  recipients: { line: number; value: string }[],
  priced: PricedLine[],
  limits: SpendingLimits | null,
): { valid: BulkPreview['valid']; invalid: BulkPreview['invalid'] } {
  const valid: BulkPreview['valid'] = [];
  const invalid: BulkPreview['invalid'] = [];
  priced.forEach((p, i) => {
    const line = recipients[i]?.line ?? 0;
    const value = recipients[i]?.value ?? '';
    const refusal = p.ok ? destinationRefusal(limits, 'sms', p.country, p.unitGbp) : null;
    if (refusal && refusal.code !== 'GUARDRAIL_DAILY_CAP') {
      const error = guardrailError(refusal);
      invalid.push({
        line,
        value,
        reason: error.message,
        code: refusal.code,
        params: error.params ?? {},
      });
    } else if (p.ok)
      valid.push({ line, recipient: p.recipient, country: p.country, price: moneyText(p.cost) });
    else if (p.reason === 'premium-rate' || p.reason === 'shared-cost') {
      const refused = premiumDestination(p.reason);
      invalid.push({
        line,
        value,
        reason: refused.message,
        code: p.reason === 'premium-rate' ? 'PREMIUM_RATE_DESTINATION' : 'SHARED_COST_DESTINATION',
        params: {},
      });
    } else
      invalid.push({
        line,
        value,
        ...(p.reason === 'not-supported'
          ? {
              reason: `Destination not supported (${p.country})`,
              code: 'DESTINATION_NOT_SUPPORTED' as const,
              params: { country: p.country ?? '' },
            }
          : {
              reason: 'Invalid phone number format',
              code: 'RECIPIENT_INVALID' as const,
              params: {},
            }),
      });
  });
  return { valid, invalid };
}
