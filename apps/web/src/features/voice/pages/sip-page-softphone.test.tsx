import type { VoiceStatus } from '@parley/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '@/test/toasts';
import type {
  SessionView,
  Softphone,
  SoftphoneConfig,
  SoftphoneSnapshot,
} from '../softphone/types';

const showToast = spyOnToasts();

/** A softphone the test drives: every action recorded, every state set by hand. */
class FakePhone implements Softphone {
  snapshot: SoftphoneSnapshot = { state: 'unregistered', error: null, session: null, ended: null };
  listeners = new Set<() => void>();
  constructor(readonly config: SoftphoneConfig) {}
  get state() {
    return this.snapshot.state;
  }
  getSnapshot = () => this.snapshot;
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(patch: Partial<SoftphoneSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
  session(patch: Partial<SessionView>) {
    const session = this.snapshot.session;
    if (session) this.set({ session: { ...session, ...patch } });
  }
  register = vi.fn(() => this.set({ state: 'connecting' }));
  unregister = vi.fn(() => this.set({ state: 'unregistered' }));
  call = vi.fn((destination: string, _token: string) =>
    this.set({
      ended: null,
      session: {
        direction: 'outgoing',
        remote: destination,
        status: 'calling',
        muted: false,
        answeredAt: null,
      },
    }),
  );
  hangup = vi.fn(() => {
    const session = this.snapshot.session;
    if (!session) return false;
    this.set({ session: null, ended: { ...session, failure: null } });
    return true;
  });
  mute = vi.fn((on: boolean) => this.session({ muted: on }));
  sendDtmf = vi.fn();
  answer = vi.fn(() => this.session({ status: 'answered', answeredAt: Date.now() }));
  decline = vi.fn(() => this.set({ session: null }));
}

const phones = vi.hoisted(() => ({ made: [] as unknown[] }));
vi.mock('../softphone/jssip-softphone', () => ({
  createSoftphone: (config: SoftphoneConfig) => {
    const phone = new FakePhone(config);
    phones.made.push(phone);
    return phone;
  },
}));

import { aCall, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import SipPage from './sip-page';

const DESTINATION = '+447400123456';
const MY_NUMBER = '+447700900123';
const ACCOUNT = {
  username: 'p123456789',
  password: 'secret',
  domain: 'sip.example.net',
  ports: { udp: 5060, tcp: 5060, tls: 5061 },
  wssUrl: 'wss://sip.example.net:8443',
  concurrentCalls: 2,
  activeCalls: 0,
};
const placed = aCall({
  id: 'live1',
  status: 'dialing',
  duration: null,
  cost: null,
  answeredAt: null,
});

let api: ReturnType<typeof fakeApi>;
let status: VoiceStatus;
beforeEach(() => {
  status = { mode: 'sip', connected: true, activeCalls: 0 };
  api = fakeApi({
    'GET /api/sip/history?pageSize=5': () => json({ items: [], total: 0, page: 1, pageSize: 5 }),
    'GET /api/sip/status': () => json(status),
    'GET /api/sip/caller-ids': () =>
      json({ items: [{ number: MY_NUMBER, source: 'did' }], pending: [] }),
    'GET /api/sip/account': () => json(ACCOUNT),
    'POST /api/sip/call': () => json({ ...placed, token: 'tok-123' }, 201),
    'GET /api/auth/user': () => json(aUser()),
  });
  const permission = Object.assign(new EventTarget(), { state: 'granted' });
  vi.stubGlobal('navigator', {
    ...navigator,
    permissions: { query: vi.fn(async () => permission) },
  });
  vi.stubGlobal(
    'EventSource',
    class extends EventTarget {
      close() {}
    },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
  phones.made.length = 0;
});

const renderPage = () => renderWithApp(<SipPage />, { user: aUser(), path: '/services/sip' });

/** The page's softphone once loaded, registered unless told otherwise. */
async function phone(registered = true): Promise<FakePhone> {
  await waitFor(() => expect(phones.made).toHaveLength(1));
  const made = phones.made[0] as FakePhone;
  // The page listens once it has rendered with the phone.
  await waitFor(() => expect(made.listeners.size).toBeGreaterThan(0));
  if (registered) act(() => made.set({ state: 'registered' }));
  return made;
}

const serverState = () => screen.getByTestId('softphone-state');

async function placeCall(user: ReturnType<typeof userEvent.setup>) {
  await waitFor(() =>
    expect((screen.getByLabelText('Caller ID') as HTMLInputElement).value).toBe(MY_NUMBER),
  );
  await user.type(screen.getByLabelText('Destination'), DESTINATION);
  await user.click(screen.getByRole('button', { name: 'Call' }));
  return screen.findByRole('region', { name: 'Current Call' });
}

describe('SipPage: the softphone', () => {
  it('registers the SIP account and shows the registration as the SIP server', async () => {
    const { unmount } = renderPage();
    const p = await phone(false);
    expect(p.config).toMatchObject({
      wssUrl: ACCOUNT.wssUrl,
      username: ACCOUNT.username,
      password: ACCOUNT.password,
      domain: ACCOUNT.domain,
    });
    expect(p.register).toHaveBeenCalled();
    expect(serverState().textContent).toBe('Connecting...');
    expect(serverState().dataset.state).toBe('connecting');
    act(() => p.set({ state: 'registered' }));
    expect(serverState().textContent).toBe('Connected');
    const connection = screen.getByRole('region', { name: 'Connection Status' });
    expect(await within(connection).findByText('Ready')).toBeTruthy();
    act(() => p.set({ state: 'failed', error: { kind: 'auth', code: 401 } }));
    expect(serverState().textContent).toBe('Disconnected');
    expect(screen.getByTestId('softphone-error').textContent).toBe(
      'The softphone could not connect to the SIP server. The SIP username or password was refused. (SIP code 401)',
    );
    unmount();
    expect(p.unregister).toHaveBeenCalled();
  });

  it('is not loaded in the sandbox', async () => {
    status = { mode: 'sandbox', connected: true, activeCalls: 0 };
    renderPage();
    expect(await screen.findByText('Sandbox (simulated audio)')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(phones.made).toHaveLength(0);
    expect(api.count('GET /api/sip/account')).toBe(0);
    expect(screen.queryByTestId('softphone-audio')).toBeNull();
  });

  it('places no call while the softphone is not registered', async () => {
    const user = userEvent.setup();
    renderPage();
    await phone(false);
    await waitFor(() =>
      expect((screen.getByLabelText('Caller ID') as HTMLInputElement).value).toBe(MY_NUMBER),
    );
    await user.type(screen.getByLabelText('Destination'), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Softphone not connected',
      'Wait until the softphone has connected to the SIP server, then call.',
    );
    expect(api.count('POST /api/sip/call')).toBe(0);
  });

  it('dials the placed call with its token, then mute, keypad and hang up work on the session', async () => {
    const user = userEvent.setup();
    renderPage();
    const p = await phone();
    const live = await placeCall(user);
    expect(p.call).toHaveBeenCalledWith(DESTINATION, 'tok-123');

    act(() => p.session({ status: 'answered', answeredAt: Date.now() }));
    const mute = within(live).getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    await user.click(mute);
    expect(p.mute).toHaveBeenLastCalledWith(true);
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    expect(within(live).getByText('Your microphone is muted.')).toBeTruthy();
    await user.click(mute);
    expect(p.mute).toHaveBeenLastCalledWith(false);
    expect(mute.getAttribute('aria-pressed')).toBe('false');

    const keypad = within(live).getByTestId('softphone-keypad');
    expect(within(keypad).getAllByRole('button')).toHaveLength(12);
    for (const digit of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'])
      expect(
        within(keypad).getByRole('button', { name: (name) => name.split(' ')[0] === digit }),
      ).toBeTruthy();
    await user.click(within(keypad).getByRole('button', { name: /^5/ }));
    // Typed digits count while a key has focus.
    await user.keyboard('9#*');
    expect(p.sendDtmf.mock.calls.map(([d]) => d)).toEqual(['5', '9', '#', '*']);
    expect(within(keypad).getByTestId('softphone-sent').textContent).toBe('59#*');

    await user.click(within(live).getByRole('button', { name: 'Hang up' }));
    expect(p.hangup).toHaveBeenCalled();
    expect(api.count('DELETE /api/sip/calls/live1')).toBe(0);
  });

  it('hangs up through the server when the session is already gone', async () => {
    api.routes['DELETE /api/sip/calls/live1'] = () =>
      json({ ...placed, status: 'cancelled', duration: 0, cost: '0.0000' });
    const user = userEvent.setup();
    renderPage();
    const p = await phone();
    const live = await placeCall(user);
    act(() => p.set({ session: null }));
    await user.click(within(live).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(api.count('DELETE /api/sip/calls/live1')).toBe(1));
  });

  it('says why a call failed, and releases it when it never left the browser', async () => {
    api.routes['DELETE /api/sip/calls/live1'] = () =>
      json({ ...placed, status: 'cancelled', duration: 0, cost: '0.0000' });
    const user = userEvent.setup();
    renderPage();
    const p = await phone();
    await placeCall(user);
    act(() =>
      p.set({
        session: null,
        ended: {
          direction: 'outgoing',
          remote: DESTINATION,
          failure: { kind: 'busy', code: 486 },
        },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The call failed. The line is busy. (SIP code 486)',
    );
    // The edge answered: it reports the end itself.
    expect(api.count('DELETE /api/sip/calls/live1')).toBe(0);
    act(() =>
      p.set({
        ended: {
          direction: 'outgoing',
          remote: DESTINATION,
          failure: { kind: 'microphone', code: null },
        },
      }),
    );
    expect(screen.getByTestId('softphone-call-error').textContent).toBe(
      'The call failed. The microphone is blocked: allow it to make and take calls.',
    );
    await waitFor(() => expect(api.count('DELETE /api/sip/calls/live1')).toBe(1));
  });

  it('announces an incoming call, moves focus to it, and answers or declines', async () => {
    const user = userEvent.setup();
    renderPage();
    const p = await phone();
    const ring = () =>
      act(() =>
        p.set({
          session: {
            direction: 'incoming',
            remote: '+447700900555',
            status: 'incoming',
            muted: false,
            answeredAt: null,
          },
        }),
      );
    ring();
    const card = screen.getByRole('region', { name: 'Incoming call from +447700900555' });
    expect(document.activeElement).toBe(card);
    expect(within(card).getByText('+447700900555').getAttribute('dir')).toBe('ltr');
    const announced = screen
      .getAllByRole('status')
      .some((s) => s.textContent === 'Incoming call from +447700900555');
    expect(announced).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Answer' }));
    expect(p.answer).toHaveBeenCalled();
    const inCall = screen.getByRole('region', { name: 'In call with +447700900555' });
    expect(document.activeElement).toBe(inCall);
    expect(within(inCall).getByTestId('softphone-keypad')).toBeTruthy();
    await user.click(within(inCall).getByRole('button', { name: 'Hang up' }));
    expect(p.hangup).toHaveBeenCalled();

    ring();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(p.decline).toHaveBeenCalled();
    expect(screen.queryByTestId('softphone-incoming')).toBeNull();
  });
});

describe('SipPage: the softphone, accessibility', () => {
  it('has no serious axe findings in a call and with a call coming in', async () => {
    const axe = (await import('axe-core')).default;
    const user = userEvent.setup();
    const { container } = renderPage();
    const p = await phone();
    await placeCall(user);
    act(() => p.session({ status: 'answered', answeredAt: Date.now() }));
    const serious = async () =>
      (await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(await serious()).toEqual([]);
    act(() => p.set({ session: null }));
    act(() =>
      p.set({
        session: {
          direction: 'incoming',
          remote: '+447700900555',
          status: 'incoming',
          muted: false,
          answeredAt: null,
        },
      }),
    );
    expect(await serious()).toEqual([]);
  });
});
