import { describe, expect, it } from 'vitest';
import { characterCount, hasBalanceForSms, serverFieldMessage, validateSms } from './validation';

const ok = { senderId: 'Parley', recipient: '+447400123456', message: 'Hello' };

describe('validateSms (SPEC §5)', () => {
  it('accepts a valid draft, also with spaces, brackets and dashes in the number', () => {
    expect(validateSms(ok)).toEqual({});
    expect(validateSms({ ...ok, recipient: ' +44 (7400) 123-456 ' })).toEqual({});
    expect(validateSms({ ...ok, recipient: '447400123456' })).toEqual({});
  });

  it('names each rule that fails', () => {
    expect(validateSms({ senderId: ' ', recipient: '', message: '  ' })).toEqual({
      senderId: 'sms.errors.senderIdRequired',
      recipient: 'sms.errors.recipientRequired',
      message: 'sms.errors.messageRequired',
    });
    expect(validateSms({ ...ok, senderId: 'A'.repeat(12) }).senderId).toBe(
      'sms.errors.senderIdTooLong',
    );
    expect(validateSms({ ...ok, senderId: 'A'.repeat(11) })).toEqual({});
    expect(validateSms({ ...ok, senderId: 'Pärley' }).senderId).toBe(
      'sms.errors.senderIdCharacters',
    );
    for (const bad of ['abc', '+0123456', '+1', '+1234567890123456'])
      expect(validateSms({ ...ok, recipient: bad }).recipient, bad).toBe(
        'sms.errors.recipientInvalid',
      );
    expect(validateSms({ ...ok, message: 'x'.repeat(161) }).message).toBe(
      'sms.errors.messageTooLong',
    );
    expect(validateSms({ ...ok, message: 'x'.repeat(160) })).toEqual({});
  });

  it('counts characters as the server does: an emoji is one', () => {
    expect(characterCount('😀'.repeat(160))).toBe(160);
    expect(validateSms({ ...ok, message: '😀'.repeat(160) })).toEqual({});
  });

  it("translates the server's messages for the same rules and keeps others as they are", () => {
    expect(serverFieldMessage('Invalid phone number format')).toBe('sms.errors.recipientInvalid');
    expect(serverFieldMessage('Something else')).toBe('Something else');
  });
});

describe('hasBalanceForSms', () => {
  it('needs a balance of at least 0.05 (SPEC §5)', () => {
    expect(hasBalanceForSms(undefined)).toBe(false);
    expect(hasBalanceForSms(null)).toBe(false);
    expect(hasBalanceForSms('')).toBe(false);
    expect(hasBalanceForSms('0.0499')).toBe(false);
    expect(hasBalanceForSms('0.05')).toBe(true);
    expect(hasBalanceForSms('0.9684')).toBe(true);
  });
});
