import type { SmppAccount, SmppAccounts } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { SmppAccountsCard } from './smpp-accounts-card';

const showToast = spyOnToasts();

const ID = '22222222-2222-4222-8222-222222222222';
const PASSWORD = 'Xy7pQ2rk';
const anAccount = (over: Partial<SmppAccount> = {}): SmppAccount => ({
  id: ID,
  systemId: 'prl4k2m9',
  label: 'Kannel box',
  allowedIps: [],
  maxPerSecond: 20,
  createdAt: '2026-03-01T12:00:00.000Z',
  bound: false,
  sessions: [],
  lastBindAt: null,
  lastBindIp: null,
  ...over,
});
const answer = (items: SmppAccount[], over: Partial<SmppAccounts> = {}): SmppAccounts => ({
  items,
  maxPerSecond: 50,
  host: 'smpp.parley.test',
  port: 2775,
  tlsPort: 3550,
  ...over,
});
const LIST = 'GET /api/sms/smpp-accounts';
const CREATE = 'POST /api/sms/smpp-accounts';
const REMOVE = `DELETE /api/sms/smpp-accounts/${ID}`;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () => json(answer([anAccount()])),
    [CREATE]: (init) => {
      const body = JSON.parse(String(init?.body));
      return json(
        { ...anAccount({ id: 'n1', systemId: 'prl8new1' }), ...body, password: PASSWORD },
        201,
      );
    },
    [REMOVE]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const renderCard = () =>
  renderWithApp(<SmppAccountsCard />, { user: aUser(), path: '/services/sms' });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create SMPP account' }));
  return screen.findByRole('dialog', { name: 'Create SMPP account' });
}

describe('SmppAccountsCard', () => {
  it('shows where to connect and each account with its sessions and last bind', async () => {
    api.routes[LIST] = () =>
      json(
        answer([
          anAccount({
            bound: true,
            allowedIps: ['203.0.113.7', '198.51.100.0/24'],
            sessions: [
              {
                id: 's1',
                accountId: ID,
                systemId: 'prl4k2m9',
                bindType: 'transceiver',
                remoteIp: '203.0.113.7',
                boundAt: '2026-03-02T08:30:00.000Z',
                submitted: 12,
                perSecond: 1,
              },
            ],
            lastBindAt: '2026-03-02T08:30:00.000Z',
            lastBindIp: '203.0.113.7',
          }),
          anAccount({ id: 'a2', systemId: 'prl2zz00', label: 'Backup', maxPerSecond: 5 }),
        ]),
      );
    renderCard();
    const region = await screen.findByRole('region', { name: 'SMPP accounts' });
    expect(await within(region).findByText('smpp.parley.test')).toBeTruthy();
    expect(within(region).getByText('2775')).toBeTruthy();
    expect(within(region).getByText('3550')).toBeTruthy();

    const bound = screen.getByTestId('smpp-account-prl4k2m9');
    expect(within(bound).getByText('Bound')).toBeTruthy();
    expect(within(bound).getByText('198.51.100.0/24')).toBeTruthy();
    expect(within(bound).getByText('Throughput: 20 messages/s')).toBeTruthy();
    const sessions = within(bound).getByRole('list', { name: 'Sessions of Kannel box' });
    expect(sessions.textContent).toMatch(/^Transceiver from \u2066203\.0\.113\.7\u2069 since /);
    expect(within(bound).getByText(/^Last bound .* from \u2066203\.0\.113\.7\u2069$/)).toBeTruthy();
    expect(within(bound).getByRole('button', { name: 'Copy system ID' })).toBeTruthy();

    const idle = screen.getByTestId('smpp-account-prl2zz00');
    expect(within(idle).getByText('Not bound')).toBeTruthy();
    expect(within(idle).getByText(/any address/)).toBeTruthy();
    expect(within(idle).getByText('Never bound yet')).toBeTruthy();
  });

  it('says SMPP is not offered and hides the create button when the port is off', async () => {
    api.routes[LIST] = () => json(answer([anAccount()], { port: null, tlsPort: null }));
    renderCard();
    expect(await screen.findByText('SMPP is not offered here yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create SMPP account' })).toBeNull();
    expect(screen.queryByText('smpp.parley.test')).toBeNull();
    // Accounts made before it was switched off can still be removed.
    expect(screen.getByRole('button', { name: /Remove\s+Kannel box/ })).toBeTruthy();
  });

  it('shows the TLS port as not offered when only plain SMPP is on', async () => {
    api.routes[LIST] = () => json(answer([], { tlsPort: null }));
    renderCard();
    expect(await screen.findByText('Not offered')).toBeTruthy();
    expect(screen.getByText('No SMPP accounts yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create SMPP account' })).toBeTruthy();
  });

  it('offers accounts over TLS alone when only the TLS port is on', async () => {
    api.routes[LIST] = () => json(answer([], { port: null }));
    renderCard();
    expect(await screen.findByText('3550')).toBeTruthy();
    expect(screen.getByText('Not offered')).toBeTruthy();
    expect(screen.queryByText('SMPP is not offered here yet.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create SMPP account' })).toBeTruthy();
  });

  it('creates an account and shows its password once, gone after closing', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await openForm(user);
    expect(within(dialog).getByText('From 1 to 50, the most this service allows.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Name'), 'Office gateway');
    await user.type(
      within(dialog).getByLabelText('Allowed IP addresses or networks'),
      '203.0.113.7\n198.51.100.0/24, 2001:db8::/32',
    );
    const rate = within(dialog).getByLabelText('Messages per second');
    await user.clear(rate);
    await user.type(rate, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));

    expect(api.calls.find((c) => c.key === CREATE)?.body).toEqual({
      label: 'Office gateway',
      allowedIps: ['203.0.113.7', '198.51.100.0/24', '2001:db8::/32'],
      maxPerSecond: 25,
    });
    const shown = await screen.findByRole('dialog', { name: 'SMPP account created' });
    expect(within(shown).getByTestId('smpp-password').textContent).toBe(PASSWORD);
    expect(within(shown).getByTestId('smpp-system-id').textContent).toBe('prl8new1');
    expect(within(shown).getByRole('alert').textContent).toMatch(/cannot be shown again/);
    expect(within(shown).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Copy system ID' })).toBeTruthy();

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(PASSWORD)).toBeNull();
    // Opening the dialog again offers a new account, never the old password.
    const again = await openForm(user);
    expect(within(again).getByLabelText('Name')).toBeTruthy();
    expect(screen.queryByText(PASSWORD)).toBeNull();
  });

  it('keeps the password on screen when the list fails to reload behind it', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Gateway');
    api.routes[LIST] = () => apiError(503, 'SERVICE_UNAVAILABLE', 'down');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD)).toBeTruthy();
    // The creation reloads the list; that reload fails.
    await waitFor(() => expect(api.count(LIST)).toBe(2));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByTestId('smpp-password').textContent).toBe(PASSWORD);
    expect(screen.queryByText('SMPP accounts could not be loaded.')).toBeNull();
  });

  it('forgets the password when the dialog is closed with Escape', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Gateway');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(PASSWORD)).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await openForm(user);
    expect(screen.queryByText(PASSWORD)).toBeNull();
  });

  it('checks the name, the addresses and the rate before sending anything', async () => {
    const user = userEvent.setup();
    renderCard();
    const dialog = await openForm(user);
    await user.type(
      within(dialog).getByLabelText('Allowed IP addresses or networks'),
      '203.0.113.7, gateway.example, 10.0.0.0/33',
    );
    const rate = within(dialog).getByLabelText('Messages per second');
    await user.clear(rate);
    await user.type(rate, '51');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('Name the account')).toBeTruthy();
    expect(
      within(dialog).getByText('Not an IP address or network: gateway.example, 10.0.0.0/33'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Enter a whole number from 1 to 50')).toBeTruthy();
    expect(within(dialog).getByLabelText('Messages per second').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.count(CREATE)).toBe(0);
  });

  it("tells the server's refusals by their codes", async () => {
    api.routes[CREATE] = () => apiError(422, 'SMPP_THROUGHPUT_OVER_MAX', 'over');
    const user = userEvent.setup();
    renderCard();
    const dialog = await openForm(user);
    await user.type(within(dialog).getByLabelText('Name'), 'Gateway');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(
      await within(dialog).findByText('This is more messages per second than this service allows.'),
    ).toBeTruthy();
    expect(within(dialog).getByLabelText('Messages per second').getAttribute('aria-invalid')).toBe(
      'true',
    );

    api.routes[CREATE] = () => apiError(409, 'SMPP_ACCOUNT_LIMIT', 'too many');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have as many SMPP accounts as allowed. Remove one before creating another.',
    );
  });

  it('offers no new account once the customer holds the most allowed', async () => {
    api.routes[LIST] = () =>
      json(
        answer(
          Array.from({ length: 10 }, (_, i) => anAccount({ id: `a${i}`, systemId: `prl${i}` })),
        ),
      );
    renderCard();
    const button = await screen.findByRole('button', { name: 'Create SMPP account' });
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/You have 10 SMPP accounts, the most allowed/)).toBeTruthy();
  });

  it('removes an account only after the confirmation', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(await screen.findByRole('button', { name: /Remove\s+Kannel box/ }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/Kannel box.*prl4k2m9.*will be removed/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count(REMOVE)).toBe(0);

    await user.click(screen.getByRole('button', { name: /Remove\s+Kannel box/ }));
    dialog = await screen.findByRole('alertdialog');
    api.routes[LIST] = () => json(answer([]));
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(api.count(REMOVE)).toBe(1);
    expect(await screen.findByText('No SMPP accounts yet.')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('success', 'Success', 'The SMPP account was removed.');
  });

  it('asks for the accounts again every 10 s to show bound state', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCard();
    expect(await screen.findByText('Not bound')).toBeTruthy();
    expect(api.count(LIST)).toBe(1);
    api.routes[LIST] = () => json(answer([anAccount({ bound: true })]));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await screen.findByText('Bound')).toBeTruthy();
    expect(api.count(LIST)).toBe(2);
  });
});
