import { BULK_MAX_RECIPIENTS } from '@parley/shared/domain';
import { describe, expect, it } from 'vitest';
import { reasonOf } from './bulk-reasons';

describe('reasonOf', () => {
  it("reads the server's known reasons as keys of ours", () => {
    expect(reasonOf('Duplicate')).toEqual({ key: 'sms.bulk.reasons.duplicate' });
    expect(reasonOf('Invalid phone number format')).toEqual({ key: 'sms.errors.recipientInvalid' });
    expect(reasonOf(`More than ${BULK_MAX_RECIPIENTS} recipients`)).toEqual({
      key: 'sms.bulk.reasons.tooMany',
      values: { max: String(BULK_MAX_RECIPIENTS) },
    });
    expect(reasonOf('Destination not supported (RU)')).toEqual({
      key: 'sms.bulk.reasons.unsupported',
      values: { country: 'RU' },
    });
  });

  it('keeps an unknown reason as its text, never as a key to look up', () => {
    expect(reasonOf('Odd')).toEqual({ text: 'Odd' });
    // Reasons that look like keys of ours stay text too.
    expect(reasonOf('common.loading')).toEqual({ text: 'common.loading' });
    expect(reasonOf('sms.bulk.reasons.duplicate')).toEqual({ text: 'sms.bulk.reasons.duplicate' });
    expect(reasonOf('Destination not supported (null)')).toEqual({
      text: 'Destination not supported (null)',
    });
  });
});
