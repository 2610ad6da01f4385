import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json } from '@/test/fake-api';
import { apiFetch } from './api-client';
import { EARLY_TAKE_MS, fetchEarly, takeEarly } from './early-fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** A fetch that answers each path with how many times it was asked (first: `first`). */
function countingFetch(first?: () => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      const n = asked.filter((p) => p === path).length;
      return n === 1 && first ? first() : json({ n });
    }),
  );
  return asked;
}

describe('early reads', () => {
  it('are taken once by the read they were started for, and asked again after', async () => {
    const asked = countingFetch();
    fetchEarly(['/api/a', '/api/a']);
    expect(asked).toEqual(['/api/a']);
    expect(await apiFetch('/api/a')).toEqual({ n: 1 });
    expect(asked).toEqual(['/api/a']);
    expect(await apiFetch('/api/a')).toEqual({ n: 2 });
  });

  it('never stand for a write, nor a read with its own headers', async () => {
    countingFetch();
    fetchEarly(['/api/b']);
    expect(await takeEarly('/api/b', { method: 'POST', body: '{}' })).toBeNull();
    expect(await takeEarly('/api/b', { headers: { accept: 'text/csv' } })).toBeNull();
    expect(await takeEarly('/api/b', {})).not.toBeNull();
  });

  it('are asked again when refused or failed early', async () => {
    const asked = countingFetch(() => apiError(401, 'UNAUTHORIZED', 'Sign in'));
    fetchEarly(['/api/c']);
    expect(await apiFetch('/api/c')).toEqual({ n: 2 });
    expect(asked).toEqual(['/api/c', '/api/c']);
  });

  it('are dropped when not taken in time', async () => {
    vi.useFakeTimers();
    const asked = countingFetch();
    fetchEarly(['/api/d']);
    vi.advanceTimersByTime(EARLY_TAKE_MS + 1);
    expect(await takeEarly('/api/d', {})).toBeNull();
    expect(asked).toEqual(['/api/d']);
  });
});
