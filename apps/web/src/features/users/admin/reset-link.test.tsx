import type { AdminUserDetail } from '@parley/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { ResetLink } from './reset-link';

const TOKEN = 'B'.repeat(43);
const customer: AdminUserDetail = {
  ...aUser({ id: 'u2', email: 'grace@example.com' }),
  disabled: false,
  held: '0.0000',
  contactMethod: null,
  contactValue: null,
};
const admin = aUser({ id: 'admin-1', isAdmin: true });

afterEach(() => vi.unstubAllGlobals());

describe("the Users tab's reset link", () => {
  it('is asked for, then shown once with a copy button', async () => {
    const user = userEvent.setup();
    const api = fakeApi({
      'POST /api/admin/users/u2/password-reset': () =>
        json({ token: TOKEN, expiresAt: '2026-03-01T11:00:00.000Z' }),
    });
    renderWithApp(<ResetLink user={customer} />, { user: admin });
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('grace@example.com');
    expect(api.calls).toHaveLength(0);
    await user.click(within(ask).getByRole('button', { name: 'Create link' }));
    const shown = await screen.findByRole('dialog', { name: 'Password reset link' });
    expect(within(shown).getByLabelText('Reset link')).toHaveProperty(
      'value',
      `${window.location.origin}/reset-password#${TOKEN}`,
    );
    expect(within(shown).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(api.count('POST /api/admin/users/u2/password-reset')).toBe(1);
    // Closed, it is gone: only a new link can be shown.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Password reset link' })).toBeNull();
    expect(screen.queryByDisplayValue(new RegExp(TOKEN))).toBeNull();
  });

  it("is not offered on the admin's own account, another admin's, nor a suspended one", () => {
    const { unmount } = renderWithApp(<ResetLink user={{ ...customer, id: admin.id }} />, {
      user: admin,
    });
    expect(screen.queryByRole('button', { name: 'Reset link' })).toBeNull();
    unmount();
    renderWithApp(<ResetLink user={{ ...customer, disabled: true }} />, { user: admin });
    expect(screen.queryByRole('button', { name: 'Reset link' })).toBeNull();
    cleanup();
    renderWithApp(<ResetLink user={{ ...customer, isAdmin: true }} />, { user: admin });
    expect(screen.queryByRole('button', { name: 'Reset link' })).toBeNull();
  });
});
