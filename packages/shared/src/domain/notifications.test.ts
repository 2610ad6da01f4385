import { describe, expect, it } from 'vitest';
import {
  isNotificationCode,
  NOTIFICATION_CODES,
  NOTIFICATION_PARAM_KINDS,
  NOTIFICATION_PARAMS,
  notice,
  notificationParamsProblem,
} from './notifications.js';

describe('notification codes', () => {
  it('are the fourteen the writers and readers agree on', () => {
    expect(NOTIFICATION_CODES).toEqual([
      'renewal.reminder',
      'renewal.charged',
      'renewal.failed',
      'subscription.suspended',
      'subscription.reactivated',
      'subscription.released',
      'subscription.ended',
      'subscription.graceExtended',
      'subscription.waived',
      'balance.low',
      'payment.approved',
      'payment.rejected',
      'deposit.reversed',
      'webhook.disabled',
    ]);
    expect(isNotificationCode('balance.low')).toBe(true);
    expect(isNotificationCode('toString')).toBe(false);
  });

  it('give every value a way to be shown', () => {
    for (const spec of Object.values(NOTIFICATION_PARAMS))
      for (const name of [...spec.required, ...spec.optional])
        expect(Object.keys(NOTIFICATION_PARAM_KINDS)).toContain(name);
  });

  it('check a notice’s values', () => {
    expect(
      notificationParamsProblem('balance.low', { balance: '1.00', threshold: '5' }),
    ).toBeNull();
    expect(notificationParamsProblem('balance.low', { balance: '1.00' })).toBe(
      'threshold is missing',
    );
    expect(notificationParamsProblem('subscription.suspended', { item: 'Plan', extra: 'x' })).toBe(
      'extra is not a value of subscription.suspended',
    );
    expect(notificationParamsProblem('subscription.suspended', { item: 'Plan' })).toBeNull();
    expect(notificationParamsProblem('nope', {})).toBe('unknown code nope');
  });

  it('build a notice without the optional values left out', () => {
    expect(notice('subscription.suspended', { item: 'Plan', releaseAt: undefined })).toEqual({
      code: 'subscription.suspended',
      params: { item: 'Plan' },
    });
  });
});
