import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { BatchProgress } from './batch-progress';

afterEach(() => vi.unstubAllGlobals());

const BATCH = 'GET /api/sms/batches/b1';
const aBatch = (queued: number) =>
  json({
    id: 'b1',
    total: 2,
    cost: '0.0632',
    queued,
    sent: 0,
    delivered: 2 - queued,
    failed: 0,
    createdAt: new Date().toISOString(),
  });
const render = () => renderWithApp(<BatchProgress id="b1" />, { user: aUser() });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BatchProgress', () => {
  it('takes focus on its heading when it appears, before the progress is known', () => {
    fakeApi({ [BATCH]: () => new Promise<Response>(() => {}) });
    render();
    const heading = screen.getByRole('heading', { name: 'Sending progress' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('stops asking once a request fails, and keeps the last progress shown', async () => {
    const api = fakeApi({
      [BATCH]: () => {
        api.routes[BATCH] = () => apiError(500, 'INTERNAL', 'Something went wrong');
        return aBatch(1);
      },
    });
    render();
    expect((await screen.findByRole('alert', {}, { timeout: 2500 })).textContent).toBe(
      'The progress of this batch could not be loaded.',
    );
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    await wait(2500);
    expect(api.count(BATCH)).toBe(2);
  }, 10_000);

  it('says so when the progress cannot be read at all, and does not ask again', async () => {
    const api = fakeApi({ [BATCH]: () => apiError(401, 'UNAUTHORIZED', 'Sign in first.') });
    render();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The progress of this batch could not be loaded.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    await wait(2500);
    expect(api.count(BATCH)).toBe(1);
  }, 10_000);
});
