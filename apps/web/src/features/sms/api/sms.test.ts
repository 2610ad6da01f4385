import { describe, expect, it } from 'vitest';
import { aMessage } from '@/test/fake-api';
import { newlyFinal } from './sms';

const now = new Date().toISOString();
const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString();

describe('newlyFinal', () => {
  it('sees nothing on the first fetch: there is nothing to compare with', () => {
    expect(newlyFinal(null, [aMessage({ status: 'failed', createdAt: now })])).toEqual([]);
  });

  it('finds a message that was on its way and is now delivered or failed', () => {
    const before = new Map([
      ['a', 'sent'],
      ['b', 'queued'],
      ['c', 'sending'],
      ['d', 'delivered'],
    ] as const);
    const after = [
      aMessage({ id: 'a', status: 'delivered', createdAt: now }),
      aMessage({ id: 'b', status: 'failed', createdAt: now }),
      aMessage({ id: 'c', status: 'sent', createdAt: now }),
      aMessage({ id: 'd', status: 'delivered', createdAt: now }),
    ];
    expect(newlyFinal(before, after)).toEqual(['a', 'b']);
  });

  it('counts a recent message first seen already final, not an old one', () => {
    const after = [
      aMessage({ id: 'new', status: 'failed', createdAt: now }),
      aMessage({ id: 'old', status: 'failed', createdAt: hourAgo }),
      aMessage({ id: 'moving', status: 'queued', createdAt: now }),
    ];
    expect(newlyFinal(new Map(), after)).toEqual(['new']);
  });
});
