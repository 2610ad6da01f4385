import type { SipAccount } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '@/test/toasts';

const showToast = spyOnToasts();

vi.mock('@/lib/clipboard', () => ({ copyText: vi.fn(async () => true) }));

import { copyText } from '@/lib/clipboard';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { masked } from '../components/credentials-tab';
import SipCredentialsPage from './sip-credentials-page';

const ACCOUNT: SipAccount = {
  username: 'ada4821',
  password: 'S3cret-Pa55word-xyz',
  domain: 'sip.parley.example',
  ports: { udp: 5060, tcp: 5060, tls: 5061 },
  wssUrl: 'wss://sip.parley.example:8443/ws',
  concurrentCalls: 10,
  activeCalls: 1,
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({ 'GET /api/sip/account': () => json(ACCOUNT) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
  vi.mocked(copyText).mockClear();
});

const renderPage = () =>
  renderWithApp(<SipCredentialsPage />, {
    user: aUser({ cryptoBalance: '12.5099' }),
    path: '/sip-credentials',
  });

describe('SipCredentialsPage', () => {
  it('shows the account with the password hidden until asked, and copies each value', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'SIP Credentials' })).toBeTruthy();
    expect((await screen.findByTestId('sip-username')).textContent).toBe('ada4821');
    expect(screen.getByTestId('sip-server').textContent).toBe('sip.parley.example');
    expect(screen.getByTestId('sip-port').textContent).toBe('5060');
    expect(screen.getByTestId('sip-port-tls').textContent).toBe('5061');
    expect(screen.getByTestId('sip-wss').textContent).toBe('wss://sip.parley.example:8443/ws');
    expect(screen.getByTestId('sip-concurrent').textContent).toBe('10');
    expect(screen.getByTestId('sip-active').textContent).toBe('1');
    expect(screen.getByTestId('sip-credentials-balance').textContent).toBe('£12.50');

    const password = screen.getByTestId('sip-password');
    expect(password.textContent).toBe(masked(ACCOUNT.password));
    expect(document.body.textContent).not.toContain(ACCOUNT.password);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.textContent).toBe(ACCOUNT.password);
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.textContent).toBe(masked(ACCOUNT.password));

    for (const [label, text] of [
      ['Copy username', 'ada4821'],
      ['Copy password', ACCOUNT.password],
      ['Copy server', 'sip.parley.example'],
      ['Copy port', '5060'],
      ['Copy TLS port', '5061'],
      ['Copy WSS address', 'wss://sip.parley.example:8443/ws'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: label }));
      expect(vi.mocked(copyText).mock.lastCall?.[0]).toBe(text);
    }
  });

  it('regenerates the password after a confirmation and shows the new one at once', async () => {
    api.routes['POST /api/sip/account/password'] = () =>
      json({ ...ACCOUNT, password: 'Brand-New-Pa55word' });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Regenerate password' }));
    const dialog = screen.getByRole('dialog', { name: 'Regenerate your SIP password?' });
    // Cancelling changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count('POST /api/sip/account/password')).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Regenerate password' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Regenerate' }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('sip-password').textContent).toBe('Brand-New-Pa55word'),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.count('POST /api/sip/account/password')).toBe(1);
    expect(showToast).toHaveBeenCalledWith('success', 'Success', 'Your new SIP password is ready.');
  });

  it('gives the three softphones their official download pages and this account’s settings', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('tab', { name: 'Setup guide' }));
    const guide = screen.getByRole('tabpanel', { name: 'Setup guide' });
    const links = within(guide)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]);
    expect(links).toEqual([
      [
        'Download Zoiper(opens in a new tab)',
        'https://www.zoiper.com/en/voip-softphone/download/current',
        '_blank',
      ],
      ['Download Linphone(opens in a new tab)', 'https://www.linphone.org/en/download/', '_blank'],
      ['Download MicroSIP(opens in a new tab)', 'https://www.microsip.org/downloads', '_blank'],
    ]);
    expect(within(guide).getAllByText('ada4821')).toHaveLength(3);
    expect(within(guide).getAllByText('sip.parley.example')).toHaveLength(3);
    // The password itself is not repeated there.
    expect(guide.textContent).not.toContain(ACCOUNT.password);
  });

  it('offers a retry when the account cannot be loaded', async () => {
    api.routes['GET /api/sip/account'] = () => apiError(503, 'VOICE_UNAVAILABLE', 'down');
    renderPage();
    expect(await screen.findByText('Your SIP account could not be loaded.')).toBeTruthy();
    api.routes['GET /api/sip/account'] = () => json(ACCOUNT);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect((await screen.findByTestId('sip-username')).textContent).toBe('ada4821');
  });

  it('opens on the setup guide when linked to it (?tab=guide), as Technical Documentation does', async () => {
    renderWithApp(<SipCredentialsPage />, { user: aUser(), path: '/sip-credentials?tab=guide' });
    const guide = await screen.findByRole('tab', { name: 'Setup guide' });
    expect(guide.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { name: 'Zoiper' })).toBeTruthy();
  });
});
