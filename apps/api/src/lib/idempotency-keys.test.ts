import { describe, expect, it } from 'vitest';
import { keyedId } from './idempotency.js';
import { keepsAnswer, type StoredKey, verdictOf } from './idempotency-keys.js';

const now = new Date('2026-11-29T00:00:00Z');
const row = (over: Partial<StoredKey> = {}): StoredKey => ({
  route: 'sms.send',
  fingerprint: 'f',
  token: 't',
  state: 'running',
  lockedUntil: new Date(now.getTime() + 1000),
  answer: null,
  ...over,
});
const asked = { route: 'sms.send', fingerprint: 'f', mode: 'rerun' as const };

describe('what a repeated Idempotency-Key gets', () => {
  it('is a reuse for another body or another endpoint, even once answered', () => {
    expect(verdictOf(row({ fingerprint: 'g' }), asked, now)).toBe('reused');
    expect(verdictOf(row({ route: 'orders.buy', state: 'done' }), asked, now)).toBe('reused');
  });

  it('replays an answered request, waits on a running one', () => {
    expect(verdictOf(row({ state: 'done' }), asked, now)).toBe('replay');
    expect(verdictOf(row(), asked, now)).toBe('in-progress');
  });

  it('takes over a lapsed claim only where running again is safe', () => {
    const lapsed = row({ lockedUntil: now });
    expect(verdictOf(lapsed, asked, now)).toBe('take-over');
    expect(verdictOf(lapsed, { ...asked, mode: 'hold' }, now)).toBe('in-progress');
  });

  it('keeps answers but server failures and 429', () => {
    expect([200, 201, 402, 409, 422].every(keepsAnswer)).toBe(true);
    expect([429, 500, 503].some(keepsAnswer)).toBe(false);
  });
});

describe('the module id made from a key', () => {
  it('is a UUID, one per customer, endpoint and key', () => {
    const id = keyedId('u1', 'sms.send', 'k');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyedId('u1', 'sms.send', 'k')).toBe(id);
    expect(
      new Set([id, keyedId('u2', 'sms.send', 'k'), keyedId('u1', 'orders.buy', 'k')]).size,
    ).toBe(3);
  });
});
