import {
  BILLING_CURRENCY,
  type CountryPricing,
  type FieldCode,
  multiply,
  smsShape,
} from '@parley/shared';
import { destinationFor, withPlus } from '@parley/shared/phone';
import { AppError } from '../../lib/app-error.js';
import { premiumDestination } from '../../lib/premium-destination.js';
import { type CacheGroup, shortCache } from '../../lib/short-cache.js';
import { PRICING_CACHE_MS } from '../catalogue/pricing-cache.js';
import type { RatesService } from '../payments/rates.service.js';

/** Where a refused number is reported: the request's field and its field code. */
export interface NumberField {
  path: string;
  code: FieldCode;
}

const RECIPIENT: NumberField = { path: 'body.recipient', code: 'RECIPIENT_INVALID' };

/**
 * What an SMS to each recipient costs: its destination (domain destinationFor: a valid
 * number of a priced country, never premium-rate or shared-cost) and its price per
 * segment, converted to GBP to 4 places at the current rate.
 */
export function createSmsPricing(deps: {
  rates: RatesService;
  countryPricing: () => Promise<CountryPricing[]>;
  /** The instance's price caches, cleared together when a price or rate changes. */
  caches?: Pick<CacheGroup, 'add'>;
}) {
  // Read on every message; a rate change reaches sends at once on this instance (the
  // group is cleared), on others within this, as it does calls.
  const gbpRate = shortCache(PRICING_CACHE_MS, (currency) =>
    deps.rates.rate(currency, BILLING_CURRENCY),
  );
  deps.caches?.add(gbpRate);

  /** Each recipient's destination and price for this message, in GBP to 4 places. */
  async function price(recipients: string[], message: string) {
    const shape = smsShape(message);
    const rows = await deps.countryPricing();
    const toGbp = new Map<string, string>();
    const priced = [];
    for (const recipient of recipients) {
      const found = destinationFor(withPlus(recipient), rows);
      if (!found.ok) {
        priced.push({
          recipient,
          ok: false as const,
          reason: found.reason,
          country: found.country,
        });
        continue;
      }
      const currency = found.price.currency;
      if (!toGbp.has(currency)) toGbp.set(currency, await gbpRate.get(currency));
      const rate = toGbp.get(currency) ?? '1';
      const local = multiply(found.price.smsPrice, String(shape.segments), 4, 'up');
      const same = currency === BILLING_CURRENCY;
      priced.push({
        recipient: found.e164,
        ok: true as const,
        country: found.country,
        unitPrice: found.price.smsPrice,
        priceCurrency: currency,
        unitGbp: same ? found.price.smsPrice : multiply(found.price.smsPrice, rate, 4, 'up'),
        cost: same ? local : multiply(local, rate, 4, 'up'),
        rate: same ? null : rate,
      });
    }
    return { shape, priced };
  }

  /**
   * One message's destination and price, or the refusal a send answers: premium-rate
   * and shared-cost numbers, countries with no SMS price, and invalid numbers (reported
   * on `field`).
   */
  async function one(recipient: string, message: string, field: NumberField = RECIPIENT) {
    const { shape, priced } = await price([recipient], message);
    const p = priced[0];
    if (p && !p.ok && (p.reason === 'premium-rate' || p.reason === 'shared-cost'))
      throw premiumDestination(p.reason);
    if (!p?.ok)
      throw p?.reason === 'not-supported'
        ? new AppError(
            'DESTINATION_NOT_SUPPORTED',
            `Destination not supported: we do not send SMS to ${p.country} yet.`,
            undefined,
            { params: { country: p.country ?? '' } },
          )
        : new AppError('INVALID_NUMBER', 'Invalid phone number format', [
            { path: field.path, code: field.code, message: 'Invalid phone number format' },
          ]);
    return { shape, p };
  }

  return { price, one };
}
export type SmsPricing = ReturnType<typeof createSmsPricing>;
