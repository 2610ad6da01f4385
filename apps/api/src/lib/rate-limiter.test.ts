import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { createMemoryLimitStore } from './limit-store-memory.js';
import { clientKey, createRateLimiter } from './rate-limiter.js';

/** The Retry-After of a refused attempt, or null when it went through. */
async function refusedFor(attempt: Promise<void>): Promise<number | null> {
  try {
    await attempt;
    return null;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
    return Number(err.headers?.['retry-after']);
  }
}

describe('createRateLimiter', () => {
  it('counts attempts per key and window, refusing with Retry-After', async () => {
    let t = 0;
    const limiter = createRateLimiter(
      createMemoryLimitStore(() => t),
      'test',
      {
        max: 2,
        windowMs: 10_000,
      },
    );
    await limiter.hit('a');
    await limiter.hit('a');
    t = 4_000;
    expect(await refusedFor(limiter.hit('a'))).toBe(6);
    await limiter.hit('b');
    t = 10_000;
    await limiter.hit('a');
  });

  it('checks without counting, records without refusing, and resets', async () => {
    const limiter = createRateLimiter(
      createMemoryLimitStore(() => 0),
      'test',
      {
        max: 2,
        windowMs: 1000,
      },
    );
    await limiter.check('x');
    await limiter.record('x');
    await limiter.check('x');
    await limiter.record('x');
    await expect(limiter.check('x')).rejects.toThrow(AppError);
    await limiter.reset('x');
    await limiter.check('x');
  });

  it('locks a key out longer each time it goes over, up to the cap', async () => {
    let t = 0;
    const minute = 60_000;
    const limiter = createRateLimiter(
      createMemoryLimitStore(() => t),
      'test',
      {
        max: 2,
        windowMs: minute,
        backoff: { maxMs: 3 * minute },
      },
    );
    const lockouts: number[] = [];
    for (let round = 0; round < 4; round++) {
      await limiter.hit('admin');
      await limiter.hit('admin');
      const retryAfter = await refusedFor(limiter.hit('admin'));
      expect(retryAfter).not.toBeNull();
      lockouts.push(retryAfter ?? 0);
      // Still locked just before the end, whatever the counter's own window says.
      t += (retryAfter ?? 0) * 1000 - 1000;
      expect(await refusedFor(limiter.hit('admin'))).toBe(1);
      t += 1000;
    }
    expect(lockouts).toEqual([60, 120, 180, 180]);
  });

  it('forgets the strikes of a key that is reset', async () => {
    let t = 0;
    const limiter = createRateLimiter(
      createMemoryLimitStore(() => t),
      'test',
      {
        max: 1,
        windowMs: 1000,
        backoff: { maxMs: 60_000 },
      },
    );
    await limiter.hit('k');
    expect(await refusedFor(limiter.hit('k'))).toBe(1);
    t = 1000;
    await limiter.reset('k');
    await limiter.hit('k');
    expect(await refusedFor(limiter.hit('k'))).toBe(1);
  });
});

describe('clientKey', () => {
  it('counts IPv6 clients per /64, in one canonical spelling', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:0db8:0:0::2')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:0DB8:0000:0000:0000:0000:0000:0003')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:1::1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('counts IPv4 clients, mapped into IPv6 or not, as their IPv4 address', () => {
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('leaves anything that is not an address as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
