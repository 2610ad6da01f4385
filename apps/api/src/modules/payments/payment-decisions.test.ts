import { describe, expect, it } from 'vitest';
import { decisionError, decisionNotice, decisionRefusal } from './payment-decisions.js';

const pending = { status: 'pending', userId: 'u1', hashConflict: false };

describe('whether an admin may decide a payment', () => {
  it('lets another admin approve or reject a pending payment', () => {
    expect(decisionRefusal(pending, 'approved', 'a1')).toBeNull();
    expect(decisionRefusal(pending, 'rejected', 'a1')).toBeNull();
  });

  it('refuses a missing payment and one already decided, either way', () => {
    expect(decisionRefusal(undefined, 'approved', 'a1')).toEqual({ reason: 'not-found' });
    const done = { ...pending, status: 'approved' };
    expect(decisionRefusal(done, 'rejected', 'a1')).toEqual({
      reason: 'already',
      status: 'approved',
    });
  });

  it('refuses self-approval but lets the submitter reject', () => {
    expect(decisionRefusal(pending, 'approved', 'u1')).toEqual({ reason: 'own-payment' });
    expect(decisionRefusal(pending, 'rejected', 'u1')).toBeNull();
  });

  it('never approves a payment sharing its hash, but rejects it', () => {
    const clash = { ...pending, hashConflict: true };
    expect(decisionRefusal(clash, 'approved', 'a1')).toEqual({ reason: 'hash-conflict' });
    expect(decisionRefusal(clash, 'rejected', 'a1')).toBeNull();
  });

  it('says already decided before naming the submitter', () => {
    const done = { ...pending, status: 'rejected', hashConflict: true };
    expect(decisionRefusal(done, 'approved', 'u1')).toEqual({
      reason: 'already',
      status: 'rejected',
    });
  });

  it('answers each refusal with its code and status', () => {
    const codes = (['not-found', 'own-payment', 'hash-conflict'] as const).map((reason) => {
      const e = decisionError({ reason });
      return [e.code, e.statusCode];
    });
    const already = decisionError({ reason: 'already', status: 'approved' });
    expect([...codes, [already.code, already.statusCode]]).toEqual([
      ['NOT_FOUND', 404],
      ['SELF_APPROVAL_FORBIDDEN', 403],
      ['TX_HASH_USED', 409],
      ['ALREADY_DECIDED', 409],
    ]);
    expect(already.message).toBe('This payment was already approved.');
  });

  it('tells the customer once per decision, by email too', () => {
    const row = { id: 't1', cryptoAmount: '0.0500', currency: 'ETH', creditAmount: '120.00' };
    expect(decisionNotice('rejected', 'Late')(row)).toMatchObject({
      code: 'payment.rejected',
      key: 'payment.rejected:t1',
      email: true,
    });
  });
});
