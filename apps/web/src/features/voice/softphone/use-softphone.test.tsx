import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser } from '@/test/render';
import type { SoftphoneConfig } from './types';

const made = vi.hoisted(() => [] as { config: unknown; register: unknown; unregister: unknown }[]);
vi.mock('./jssip-softphone', () => ({
  createSoftphone: (config: SoftphoneConfig) => {
    const snapshot = { state: 'registered', error: null, session: null, ended: null };
    const phone = {
      config,
      state: 'registered',
      getSnapshot: () => snapshot,
      subscribe: () => () => undefined,
      register: vi.fn(),
      unregister: vi.fn(),
    };
    made.push(phone);
    return phone;
  },
}));

import { useSoftphone } from './use-softphone';

const ACCOUNT = {
  username: 'p123456789',
  password: 'secret',
  domain: 'sip.example.net',
  ports: { udp: 5060, tcp: 5060, tls: 5061 },
  wssUrl: 'wss://sip.example.net:8443',
  concurrentCalls: 2,
  activeCalls: 0,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'GET /api/sip/account': () => json(ACCOUNT) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  made.length = 0;
});

function setup(enabled: boolean) {
  const client = createQueryClient();
  client.setQueryData(userQueryOptions.queryKey, aUser());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ on }) => useSoftphone(on), { wrapper, initialProps: { on: enabled } });
  return { client, hook };
}

describe('useSoftphone', () => {
  it('starts the phone with the SIP account and stops it on sign-out', async () => {
    const { client, hook } = setup(true);
    expect(hook.result.current.state).toBe('connecting');
    await waitFor(() => expect(hook.result.current.phone).not.toBeNull());
    expect(made[0]?.config).toMatchObject({ wssUrl: ACCOUNT.wssUrl, password: 'secret' });
    expect(made[0]?.register).toHaveBeenCalled();
    expect(hook.result.current.state).toBe('registered');
    act(() => client.setQueryData(userQueryOptions.queryKey, null));
    await waitFor(() => expect(made[0]?.unregister).toHaveBeenCalled());
    expect(hook.result.current).toMatchObject({ phone: null, state: 'unregistered' });
  });

  it('stops the phone on unmount, and loads nothing while disabled', async () => {
    const { hook } = setup(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.count('GET /api/sip/account')).toBe(0);
    expect(hook.result.current.state).toBe('unregistered');
    hook.rerender({ on: true });
    await waitFor(() => expect(hook.result.current.phone).not.toBeNull());
    hook.unmount();
    expect(made[0]?.unregister).toHaveBeenCalled();
  });

  it('fails, saying so, when the account cannot be read', async () => {
    api.routes['GET /api/sip/account'] = () => apiError(503, 'VOICE_UNAVAILABLE', 'down');
    const { hook } = setup(true);
    await waitFor(() => expect(hook.result.current.state).toBe('failed'), { timeout: 5000 });
    expect(hook.result.current.error).toEqual({ kind: 'load', code: null });
    expect(made).toHaveLength(0);
  });
});
