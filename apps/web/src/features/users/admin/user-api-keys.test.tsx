import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { UserApiKeys } from './user-api-keys';

const KEY = {
  id: '22222222-2222-4222-8222-222222222222',
  name: 'Warehouse',
  prefix: 'prl_live_Zz9Q',
  scopes: ['sms:send', 'sms:read'],
  createdAt: '2026-03-01T12:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
};
const REVOKE = `DELETE /api/admin/api-keys/${KEY.id}`;

afterEach(() => vi.unstubAllGlobals());

describe("a user's API keys in the admin's view", () => {
  it('lists prefix and scopes and revokes a key after a confirmation', async () => {
    const user = userEvent.setup();
    let keys = [KEY];
    const api = fakeApi({
      'GET /api/admin/users/u2/api-keys': () => json(keys),
      [REVOKE]: () => {
        keys = [];
        return new Response(null, { status: 204 });
      },
    });
    renderWithApp(<UserApiKeys userId="u2" />, { user: aUser({ id: 'a1', isAdmin: true }) });
    expect(await screen.findByText('prl_live_Zz9Q…')).toBeTruthy();
    expect(screen.getByText('sms:send sms:read')).toBeTruthy();
    expect(screen.getByText('Never used')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Revoke\s+Warehouse/ }));
    expect(api.count(REVOKE)).toBe(0);
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke' }),
    );
    expect(await screen.findByText('This customer has no API keys.')).toBeTruthy();
    expect(api.count(REVOKE)).toBe(1);
  });
});
