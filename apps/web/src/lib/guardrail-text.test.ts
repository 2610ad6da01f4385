import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { guardrailText } from './guardrail-text';

const t = i18next.t.bind(i18next);
const refused = (code: string, params: Record<string, string>) =>
  new ApiError(422, code, 'English for logs', 'r', {}, params);
/** The text without the direction marks that isolate names and amounts. */
const plain = (s: string | null) => s?.replace(/[\u2066-\u2069]/g, '');

describe('a refusal by the spending limits', () => {
  it('names the country and the service, in the page language', () => {
    expect(
      guardrailText(t, refused('GUARDRAIL_COUNTRY', { service: 'sms', country: 'US' }), 'en'),
    ).toBe('Your spending limits do not allow SMS to United States.');
    expect(
      guardrailText(t, refused('GUARDRAIL_COUNTRY', { service: 'voice', country: 'DE' }), 'en'),
    ).toBe('Your spending limits do not allow calls to Germany.');
  });

  it('names the price and the limit, and the cap and what is left', () => {
    const price = refused('GUARDRAIL_PRICE', {
      service: 'voice',
      country: 'DE',
      price: '0.60',
      limit: '0.50',
    });
    expect(plain(guardrailText(t, price, 'en'))).toBe(
      'A call to Germany costs £0.60 a minute, above your limit of £0.50 a minute.',
    );
    const cap = refused('GUARDRAIL_DAILY_CAP', { cap: '5.00', spent: '4.99', remaining: '0.005' });
    expect(plain(guardrailText(t, cap, 'en'))).toBe(
      'This would go over your daily spending cap of £5.00: £0.005 is left today (UTC).',
    );
    // Amounts are isolated, so they keep their order inside an Arabic sentence.
    expect(guardrailText(t, cap, 'en')).toContain('\u2068£5.00\u2069');
  });

  it('is null for any other refusal', () => {
    expect(guardrailText(t, refused('INSUFFICIENT_BALANCE', {}), 'en')).toBeNull();
    expect(guardrailText(t, new Error('x'), 'en')).toBeNull();
  });
});
