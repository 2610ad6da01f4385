import { type NumberType, parsePhoneNumberFromString } from 'libphonenumber-js/max';

export interface PricedCountry {
  countryCode: string | null;
  isActive: boolean;
}

export type Destination<T extends PricedCountry> =
  | { ok: true; country: string; e164: string; price: T }
  | {
      ok: false;
      reason: 'invalid-number' | 'not-supported' | 'premium-rate' | 'shared-cost';
      country: string | null;
    };

/** The ISO country of an international number, or null when it is not a valid number. */
export function countryOfNumber(
  number: string,
): { country: string; e164: string; type: NumberType } | null {
  const parsed = parsePhoneNumberFromString(number.trim());
  if (!parsed?.isValid() || !parsed.country) return null;
  return { country: parsed.country, e164: parsed.number, type: parsed.getType() };
}

/**
 * Maps an international number to its country and that country's active price row.
 * A number that is not valid, or whose country has no active row, is not a
 * destination we can charge for. Premium-rate and shared-cost numbers are refused
 * whatever their country: a message to one costs more than any price we charge.
 */
export function destinationFor<T extends PricedCountry>(
  number: string,
  rows: readonly T[],
): Destination<T> {
  const found = countryOfNumber(number);
  if (!found) return { ok: false, reason: 'invalid-number', country: null };
  if (found.type === 'PREMIUM_RATE')
    return { ok: false, reason: 'premium-rate', country: found.country };
  if (found.type === 'SHARED_COST')
    return { ok: false, reason: 'shared-cost', country: found.country };
  const price = rows.find((r) => r.isActive && r.countryCode?.toUpperCase() === found.country);
  if (!price) return { ok: false, reason: 'not-supported', country: found.country };
  return { ok: true, country: found.country, e164: found.e164, price };
}

export { areaCodePattern } from './area-code.js';
export { canonicalNumber, type Dialled, dialledNumber } from './dialled.js';
export { withPlus } from './e164.js';
