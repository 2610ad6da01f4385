import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./login-redirect', () => ({ goToLogin: vi.fn() }));
vi.mock('./toast', () => ({ showToast: vi.fn() }));

import { ApiError } from './api-client';
import { goToLogin } from './login-redirect';
import { createQueryClient } from './query-client';
import { LOGIN_REDIRECT_DELAY_MS } from './session-expired';
import { showToast } from './toast';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const run = (error: unknown, meta?: Record<string, unknown>) =>
  createQueryClient()
    .getMutationCache()
    .build(createQueryClient(), {
      mutationFn: () => Promise.reject(error),
      ...(meta ? { meta } : {}),
    })
    .execute(undefined)
    .catch(() => undefined);

describe('the one 401 path', () => {
  const signIn = { signInAgain: { title: 'admin.unauthorized' } };

  it('shows the feature’s toast and signs in again after the delay', async () => {
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(401, 'UNAUTHORIZED', 'x')),
      meta: signIn,
    });
    await mutation.execute(undefined).catch(() => undefined);
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(goToLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS);
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors, and mutations that name no toast, to their feature', async () => {
    await run(new ApiError(403, 'FORBIDDEN', 'x'), signIn);
    await run(new ApiError(401, 'UNAUTHORIZED', 'x'));
    vi.advanceTimersByTime(LOGIN_REDIRECT_DELAY_MS * 2);
    expect(showToast).not.toHaveBeenCalled();
    expect(goToLogin).not.toHaveBeenCalled();
  });
});
