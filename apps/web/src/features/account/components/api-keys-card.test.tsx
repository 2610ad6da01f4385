import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { ApiKeysCard } from './api-keys-card';

const showToast = spyOnToasts();

const SECRET = `prl_live_${'Ab1'.repeat(14)}x`;
const KEY = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Billing system',
  prefix: 'prl_live_Ab1A',
  scopes: ['sms:send'],
  createdAt: '2026-03-01T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-03-02T08:30:00.000Z',
  lastUsedIp: '203.0.113.9',
};
const CREATE = 'POST /api/account/api-keys';
const REVOKE = `DELETE /api/account/api-keys/${KEY.id}`;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    'GET /api/account/api-keys': () => json([KEY]),
    [CREATE]: (init) => json({ ...KEY, ...JSON.parse(String(init?.body)), secret: SECRET }, 201),
    [REVOKE]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderWithApp(<ApiKeysCard />, { user: aUser(), path: '/account' });

describe('ApiKeysCard', () => {
  it('creates a key with its scopes and shows the secret once, with a warning', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(screen.getByLabelText('Name'), 'CI');
    const scopes = screen.getByRole('group', { name: 'Scopes' });
    await user.click(within(scopes).getByRole('checkbox', { name: /sms:send/ }));
    await user.click(within(scopes).getByRole('checkbox', { name: /balance:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(api.calls.find((c) => c.key === CREATE)?.body).toEqual({
      name: 'CI',
      scopes: ['sms:send', 'balance:read'],
    });
    expect((await screen.findByTestId('api-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByRole('alert').textContent).toMatch(/shown only once/);
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByText(SECRET)).toBeNull();
  });

  it('asks for a name and a scope before sending anything', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(screen.getByText('Name the key')).toBeTruthy();
    expect(screen.getByText('Choose at least one scope')).toBeTruthy();
    expect(api.count(CREATE)).toBe(0);
  });

  it("shows the server's refusal in the form", async () => {
    api.routes[CREATE] = () => apiError(409, 'API_KEY_LIMIT', 'too many');
    const user = userEvent.setup();
    renderCard();
    await user.type(screen.getByLabelText('Name'), 'CI');
    await user.click(screen.getByRole('checkbox', { name: /sms:read/ }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/as many API keys as allowed/);
  });

  it('lists keys with prefix, scopes and last use, and revokes after a confirmation', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText('Billing system', { selector: 'bdi' })).toBeTruthy();
    expect(screen.getByText('prl_live_Ab1A…')).toBeTruthy();
    expect(screen.getByText(/203\.0\.113\.9/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Revoke\s+Billing system/ }));
    expect(api.count(REVOKE)).toBe(0);
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(api.count(REVOKE)).toBe(1);
    expect(showToast).toHaveBeenCalledWith('success', 'Success', 'The API key was revoked.');
  });
});
