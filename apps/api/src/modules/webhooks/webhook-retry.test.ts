import { describe, expect, it } from 'vitest';
import {
  DISABLE_AFTER_FAILING_MS,
  MAX_ATTEMPTS,
  nextStep,
  RETRY_DELAYS_MS,
} from './webhook-retry.js';

const now = new Date('2026-11-29T12:00:00Z');
const facts = {
  ok: false,
  status: 500,
  retryAfterMs: null,
  failingSince: null,
  now,
  random: () => 0.5,
};

describe('webhook retries', () => {
  it('spread over about three days', () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total / 86_400_000).toBeGreaterThan(2.9);
    expect(total / 86_400_000).toBeLessThan(3.5);
    for (let i = 1; i < RETRY_DELAYS_MS.length; i++)
      expect(RETRY_DELAYS_MS[i]).toBeGreaterThanOrEqual(RETRY_DELAYS_MS[i - 1] as number);
  });

  it('deliver on 2xx only, and clear the failing mark', () => {
    const step = nextStep({ ...facts, ok: true, status: 200, attempts: 3, failingSince: now });
    expect(step).toEqual({
      status: 'delivered',
      nextAttemptAt: null,
      failingSince: null,
      disable: null,
    });
    expect(nextStep({ ...facts, status: 302, attempts: 1 }).status).toBe('pending');
  });

  it('wait longer after each try, with jitter of at most a fifth', () => {
    for (const [attempts, random] of [
      [1, 0],
      [1, 0.999],
      [5, 0],
      [5, 0.999],
    ] as const) {
      const step = nextStep({ ...facts, attempts, random: () => random });
      const wait = (step.nextAttemptAt?.getTime() ?? 0) - now.getTime();
      const base = RETRY_DELAYS_MS[attempts - 1] as number;
      expect(wait).toBeGreaterThanOrEqual(base * 0.8 - 1);
      expect(wait).toBeLessThanOrEqual(base * 1.2 + 1);
    }
  });

  it('honour Retry-After, up to a day', () => {
    const later = nextStep({ ...facts, status: 429, retryAfterMs: 600_000, attempts: 1 });
    expect(later.nextAttemptAt?.getTime()).toBe(now.getTime() + 600_000);
    const capped = nextStep({ ...facts, status: 503, retryAfterMs: 30 * 86_400_000, attempts: 1 });
    expect(capped.nextAttemptAt?.getTime()).toBe(now.getTime() + 86_400_000);
  });

  it('give up after the last try, and at once on 410, which turns the endpoint off', () => {
    expect(nextStep({ ...facts, attempts: MAX_ATTEMPTS }).status).toBe('failed');
    expect(nextStep({ ...facts, attempts: MAX_ATTEMPTS - 1 }).status).toBe('pending');
    expect(nextStep({ ...facts, status: 410, attempts: 1 })).toMatchObject({
      status: 'failed',
      disable: 'gone',
    });
  });

  it('turn off an endpoint failing for days, never sooner', () => {
    const since = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
    expect(nextStep({ ...facts, attempts: 2, failingSince: since }).disable).toBe('failing');
    const recent = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS + 60_000);
    expect(nextStep({ ...facts, attempts: 2, failingSince: recent }).disable).toBeNull();
    expect(nextStep({ ...facts, attempts: 1 }).failingSince).toEqual(now);
  });
});
