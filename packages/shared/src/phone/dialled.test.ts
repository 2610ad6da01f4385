import { describe, expect, it } from 'vitest';
import { canonicalNumber, dialledNumber } from './dialled.js';

describe('dialledNumber', () => {
  it.each([
    ['+447400123456', 'GB', '+447400123456'],
    ['447400123456', null, '+447400123456'],
    ['07400123456', 'GB', '+447400123456'],
    ['07400 123 456', 'GB', '+447400123456'],
    ['00447400123456', 'GB', '+447400123456'],
    ['004915112345678', 'GB', '+4915112345678'],
    ['015112345678', 'DE', '+4915112345678'],
    ['011447400123456', 'US', '+447400123456'],
    // Not a valid international number, but a valid national one of the caller's country.
    ['2025550123', 'US', '+12025550123'],
    // Neither: left international for pricing to refuse.
    ['999123456789', 'GB', '+999123456789'],
  ])('%s dialled in %s is %s', (dialled, country, e164) => {
    expect(dialledNumber(dialled, country)).toEqual({ ok: true, e164 });
  });

  it('cannot read a leading 0 without the caller’s country', () => {
    expect(dialledNumber('07400123456', null)).toEqual({ ok: false, reason: 'no-country' });
    expect(dialledNumber('00447400123456', null)).toEqual({ ok: false, reason: 'no-country' });
  });

  it('calls a number too short to be one incomplete', () => {
    expect(dialledNumber('0740', 'GB')).toEqual({ ok: false, reason: 'incomplete' });
    expect(dialledNumber('00', 'GB')).toEqual({ ok: false, reason: 'incomplete' });
  });
});

describe('canonicalNumber', () => {
  it('spells a valid number one way, and leaves anything else as given', () => {
    expect(canonicalNumber('+4407400777002')).toBe('+447400777002');
    expect(canonicalNumber('+447400777002')).toBe('+447400777002');
    expect(canonicalNumber('+99912345678')).toBe('+99912345678');
  });
});
