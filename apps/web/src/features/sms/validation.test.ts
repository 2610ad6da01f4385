import { describe, expect, it } from 'vitest';
import { characterCount, hasBalanceForSms, validateSms } from './validation';

const ok = { senderId: 'Parley', recipient: '+447400123456', message: 'Hello' };

describe('validateSms', () => {
  it('accepts a valid draft, also with spaces, brackets and dashes in the number', () => {
    expect(validateSms(ok)).toEqual({});
    expect(validateSms({ ...ok, recipient: ' +44 (7400) 123-456 ' })).toEqual({});
    expect(validateSms({ ...ok, recipient: '447400123456' })).toEqual({});
  });

  it('names each rule that fails', () => {
    expect(validateSms({ senderId: ' ', recipient: '', message: '  ' })).toEqual({
      senderId: { code: 'SENDER_ID_REQUIRED' },
      recipient: { code: 'RECIPIENT_REQUIRED' },
      message: { code: 'MESSAGE_REQUIRED' },
    });
    expect(validateSms({ ...ok, senderId: 'A'.repeat(12) }).senderId).toEqual({
      code: 'SENDER_ID_TOO_LONG',
      params: { max: 11 },
    });
    expect(validateSms({ ...ok, senderId: 'A'.repeat(11) })).toEqual({});
    expect(validateSms({ ...ok, senderId: 'Pärley' }).senderId).toEqual({
      code: 'SENDER_ID_CHARACTERS',
    });
    for (const bad of ['abc', '+0123456', '+1', '+1234567890123456'])
      expect(validateSms({ ...ok, recipient: bad }).recipient, bad).toEqual({
        code: 'RECIPIENT_INVALID',
      });
    expect(validateSms({ ...ok, message: 'x'.repeat(161) }).message).toEqual({
      code: 'MESSAGE_TOO_LONG',
      params: { max: 160 },
    });
    expect(validateSms({ ...ok, message: 'x'.repeat(160) })).toEqual({});
  });

  it('holds a message with a control character, as the server would refuse it', () => {
    for (const bad of ['Hi\u0000there', 'Bell\u0007', 'C1\u0085'])
      expect(validateSms({ ...ok, message: bad }).message, JSON.stringify(bad)).toEqual({
        code: 'CONTROL_CHARACTERS',
      });
    expect(validateSms({ ...ok, message: 'Half \uD83D pair' }).message).toEqual({
      code: 'INVALID_UNICODE',
    });
    // Lines and tabs are text in a message.
    expect(validateSms({ ...ok, message: 'Line one\nline two\tand a tab' })).toEqual({});
  });

  it('counts characters as the server does: an emoji is one', () => {
    expect(characterCount('😀'.repeat(160))).toBe(160);
    expect(validateSms({ ...ok, message: '😀'.repeat(160) })).toEqual({});
  });
});

describe('hasBalanceForSms', () => {
  it('needs a balance of at least 0.05', () => {
    expect(hasBalanceForSms(undefined)).toBe(false);
    expect(hasBalanceForSms(null)).toBe(false);
    expect(hasBalanceForSms('')).toBe(false);
    expect(hasBalanceForSms('0.0499')).toBe(false);
    expect(hasBalanceForSms('0.05')).toBe(true);
    expect(hasBalanceForSms('0.9684')).toBe(true);
  });
});
