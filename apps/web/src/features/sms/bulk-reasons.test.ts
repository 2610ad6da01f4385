import { BULK_MAX_RECIPIENTS } from '@parley/shared/domain';
import { describe, expect, it } from 'vitest';
import { reasonOf } from './bulk-reasons';

describe('reasonOf', () => {
  it("reads the server's reason codes as keys of ours, with their params", () => {
    expect(reasonOf({ code: 'RECIPIENT_DUPLICATE', params: {} })).toEqual({
      key: 'sms.bulk.reasons.duplicate',
      values: {},
    });
    expect(reasonOf({ code: 'RECIPIENT_INVALID', params: {} })).toEqual({
      key: 'fieldErrors.RECIPIENT_INVALID',
      values: {},
    });
    expect(reasonOf({ code: 'TOO_MANY_RECIPIENTS', params: { max: BULK_MAX_RECIPIENTS } })).toEqual(
      { key: 'sms.bulk.reasons.tooMany', values: { max: BULK_MAX_RECIPIENTS } },
    );
    expect(reasonOf({ code: 'DESTINATION_NOT_SUPPORTED', params: { country: 'RU' } })).toEqual({
      key: 'sms.bulk.reasons.unsupported',
      values: { country: 'RU' },
    });
    expect(reasonOf({ code: 'PREMIUM_RATE_DESTINATION', params: {} })).toEqual({
      key: 'errors.PREMIUM_RATE_DESTINATION',
      values: {},
    });
  });
});
