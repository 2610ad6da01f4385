import type { DashboardPreferences } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import {
  preferencesQueryOptions,
  useDashboardPreferences,
  useSavePreferences,
} from './dashboard-preferences';

const KEY = preferencesQueryOptions.queryKey;
const GET = 'GET /api/dashboard/preferences';
const PUT = 'PUT /api/dashboard/preferences';

const saved = (over: Partial<DashboardPreferences> = {}): DashboardPreferences => ({
  timeframe: '30',
  showSpending: false,
  showProjections: true,
  showServiceBreakdown: true,
  showTransactionTrends: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

/** A server that merges each PUT into what it keeps; each answer waits for the test. */
function server(start: DashboardPreferences | null) {
  let state = start ?? saved({ updatedAt: null });
  const waiting: { body: Record<string, unknown>; answer: (fail: boolean) => void }[] = [];
  const api = fakeApi({
    [GET]: () => json(state),
    [PUT]: (init) =>
      new Promise<Response>((resolve) => {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        waiting.push({
          body,
          answer: (fail) => {
            if (fail) return resolve(apiError(500, 'INTERNAL', 'x'));
            state = { ...state, ...body, updatedAt: 'now' };
            resolve(json(state));
          },
        });
      }),
  });
  return { api, waiting, state: () => state };
}

let client: ReturnType<typeof createQueryClient>;
const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={client}>{children}</QueryClientProvider>
);
beforeEach(() => {
  client = createQueryClient();
});
afterEach(() => vi.unstubAllGlobals());

const shown = () => client.getQueryData(KEY);
/** The saving hook beside a reader of the settings, as on the dashboard. */
const renderSave = () =>
  renderHook(
    () => {
      useDashboardPreferences();
      return useSavePreferences();
    },
    { wrapper },
  );

describe('useSavePreferences', () => {
  it('shows a change at once and keeps the server answer', async () => {
    const fake = server(saved());
    client.setQueryData(KEY, saved());
    const { result } = renderSave();
    act(() => result.current.mutate({ showSpending: true }));
    await waitFor(() => expect(shown()?.showSpending).toBe(true));
    fake.waiting[0]?.answer(false);
    await waitFor(() => expect(shown()?.updatedAt).toBe('now'));
  });

  it('a failed change does not undo a later one that succeeded', async () => {
    const fake = server(saved());
    client.setQueryData(KEY, saved());
    const { result } = renderSave();
    act(() => result.current.mutate({ timeframe: '7' }));
    await waitFor(() => expect(fake.waiting).toHaveLength(1));
    act(() => result.current.mutate({ showSpending: true }));
    await waitFor(() => expect(fake.waiting).toHaveLength(2));
    expect(shown()).toMatchObject({ timeframe: '7', showSpending: true });

    fake.waiting[1]?.answer(false); // the later change is saved first
    await waitFor(() => expect(result.current.isPending).toBe(false));
    fake.waiting[0]?.answer(true); // then the earlier one fails
    await waitFor(() => expect(shown()?.timeframe).toBe('30'));
    expect(shown()?.showSpending).toBe(true);
    // Then the server's own state is fetched: it has the saved change.
    await waitFor(() => expect(fake.api.count(GET)).toBe(1));
    await waitFor(() => expect(shown()).toEqual(fake.state()));
    expect(shown()).toMatchObject({ timeframe: '30', showSpending: true });
  });

  it('a failed change leaves a later change of the same setting alone', async () => {
    const fake = server(saved());
    client.setQueryData(KEY, saved());
    const { result } = renderSave();
    act(() => result.current.mutate({ timeframe: '7' }));
    await waitFor(() => expect(fake.waiting).toHaveLength(1));
    act(() => result.current.mutate({ timeframe: '90' }));
    await waitFor(() => expect(fake.waiting).toHaveLength(2));
    fake.waiting[0]?.answer(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shown()?.timeframe).toBe('90');
    fake.waiting[1]?.answer(false);
    await waitFor(() => expect(shown()).toMatchObject({ timeframe: '90', updatedAt: 'now' }));
  });

  it('goes back to the defaults when nothing had loaded, then asks the server', async () => {
    const fake = server(saved({ showProjections: false }));
    const getSaved = fake.api.routes[GET];
    fake.api.routes[GET] = () => apiError(503, 'UNAVAILABLE', 'x');
    const { result } = renderSave();
    await waitFor(() => expect(fake.api.count(GET)).toBe(1));
    expect(shown()).toBeUndefined();
    fake.api.routes[GET] = getSaved ?? fake.api.routes[GET];
    act(() => result.current.mutate({ showSpending: false }));
    await waitFor(() => expect(shown()?.showSpending).toBe(false));
    fake.waiting[0]?.answer(true);
    await waitFor(() => expect(fake.api.count(GET)).toBe(2));
    await waitFor(() => expect(shown()).toEqual(fake.state()));
    expect(shown()?.showProjections).toBe(false);
  });

  it('restores the default of what it changed when the server cannot answer either', async () => {
    const fake = server(null);
    fake.api.routes[GET] = () => apiError(500, 'INTERNAL', 'x');
    const { result } = renderSave();
    await waitFor(() => expect(fake.api.count(GET)).toBe(1));
    act(() => result.current.mutate({ showSpending: false, timeframe: '365' }));
    await waitFor(() => expect(shown()).toMatchObject({ showSpending: false, timeframe: '365' }));
    fake.waiting[0]?.answer(true);
    await waitFor(() => expect(shown()).toMatchObject({ showSpending: true, timeframe: '30' }));
  });
});
