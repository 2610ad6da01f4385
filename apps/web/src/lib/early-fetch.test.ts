import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fake-api';
import { apiFetch } from './api-client';
import { EARLY_TAKE_MS, fetchEarly, takeEarly } from './early-fetch';

afterEach(() => vi.unstubAllGlobals());

/** A fetch that answers each path with the number of times it was asked. */
function countingFetch() {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string) => {
      asked.push(path);
      return json({ n: asked.filter((p) => p === path).length });
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

  it('never stand for a write, nor for a read asked too late', async () => {
    const asked = countingFetch();
    fetchEarly(['/api/b'], 1_000);
    expect(takeEarly('/api/b', { method: 'POST', body: '{}' }, 1_000)).toBeNull();
    expect(takeEarly('/api/b', {}, 1_000 + EARLY_TAKE_MS + 1)).toBeNull();
    // Dropped once seen stale: the next read asks again.
    expect(await apiFetch('/api/b')).toEqual({ n: 2 });
    expect(asked).toEqual(['/api/b', '/api/b']);
  });
});
