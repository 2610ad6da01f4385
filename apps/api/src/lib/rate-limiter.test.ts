import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { clientKey, createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('refuses past the limit with a Retry-After until the window ends', () => {
    let t = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 10_000 }, () => t);
    limiter.hit('a');
    limiter.hit('a');
    let refused: unknown;
    try {
      limiter.hit('a');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).headers).toEqual({ 'retry-after': '10' });
    limiter.hit('b');
    t = 10_000;
    limiter.hit('a');
  });

  it('counts failures separately from checks', () => {
    const limiter = createRateLimiter({ max: 2, windowMs: 1000 }, () => 0);
    limiter.check('x');
    limiter.record('x');
    limiter.check('x');
    limiter.record('x');
    expect(() => limiter.check('x')).toThrow(AppError);
    limiter.reset('x');
    limiter.check('x');
  });
});

describe('clientKey', () => {
  it('groups IPv6 addresses by /64 and leaves IPv4 alone', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('::ffff:203.0.113.9');
  });
});
