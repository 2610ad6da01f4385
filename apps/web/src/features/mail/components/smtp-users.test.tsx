import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { anSmtpUser, CREATE_USER, REMOVE_USER, USERS } from '../test-fixtures';
import { SmtpUsers } from './smtp-users';

const showToast = spyOnToasts();

const PASSWORD = 'pW9rT4kZq2Lm8vXc';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [USERS]: () => json([anSmtpUser({ lastUsedAt: '2026-03-03T08:00:00.000Z' })]),
    [CREATE_USER]: (init) =>
      json(
        {
          ...anSmtpUser({ id: 'n1', username: 'smtp-newuser01' }),
          ...JSON.parse(String(init?.body)),
          password: PASSWORD,
        },
        201,
      ),
    [REMOVE_USER]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderUsers = () => renderWithApp(<SmtpUsers />, { user: aUser(), path: '/services/smtp' });

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create SMTP user' }));
  return screen.findByRole('dialog', { name: 'Create SMTP user' });
}

describe('SmtpUsers', () => {
  it('lists each user with its hourly limit and when it was last used', async () => {
    renderUsers();
    const row = await screen.findByTestId('mail-user-smtp-ab12cd34ef');
    expect(within(row).getByText('1,000 an hour')).toBeTruthy();
    expect(within(row).getByText(/^Mar 3, 2026/)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Remove smtp-ab12cd34ef' })).toBeTruthy();
  });

  it('creates a user with the default hourly limit and shows its password once', async () => {
    const user = userEvent.setup();
    renderUsers();
    const dialog = await openForm(user);
    expect(within(dialog).getByLabelText('Hourly limit')).toHaveProperty('value', '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Create SMTP user' }));
    const created = await screen.findByRole('dialog', { name: 'SMTP user created' });
    expect(api.calls.find((c) => c.key === CREATE_USER)?.body).toEqual({ hourlyLimit: 1000 });
    expect(within(created).getByTestId('mail-new-username').textContent).toBe('smtp-newuser01');
    expect(within(created).getByTestId('mail-new-password').textContent).toBe(PASSWORD);
    expect(within(created).getByRole('alert').textContent).toMatch(/you will not see it again/);
    expect(within(created).getByRole('button', { name: 'Copy password' })).toBeTruthy();
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(PASSWORD)).toBeNull();
    // Opened again, the form is new: the password is gone for good.
    const again = await openForm(user);
    expect(within(again).queryByText(PASSWORD)).toBeNull();
  });

  it('refuses an hourly limit out of range without asking the server', async () => {
    const user = userEvent.setup();
    renderUsers();
    const dialog = await openForm(user);
    const field = within(dialog).getByLabelText('Hourly limit');
    await user.clear(field);
    await user.type(field, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create SMTP user' }));
    expect(within(dialog).getByText('Enter a whole number from 1 to 100,000.')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.count(CREATE_USER)).toBe(0);
    await user.clear(field);
    await user.type(field, '250');
    await user.click(within(dialog).getByRole('button', { name: 'Create SMTP user' }));
    await screen.findByRole('dialog', { name: 'SMTP user created' });
    expect(api.calls.find((c) => c.key === CREATE_USER)?.body).toEqual({ hourlyLimit: 250 });
  });

  it('tells a refusal by its code in the dialog', async () => {
    api.routes[CREATE_USER] = () => apiError(409, 'MAIL_LIMIT', 'Too many');
    const user = userEvent.setup();
    renderUsers();
    const dialog = await openForm(user);
    await user.click(within(dialog).getByRole('button', { name: 'Create SMTP user' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'You have as many SMTP users or sending domains as allowed. Remove one first.',
    );
  });

  it('removes a user only after the confirmation', async () => {
    const user = userEvent.setup();
    renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Remove smtp-ab12cd34ef' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove this SMTP user?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(api.count(REMOVE_USER)).toBe(0);
    await user.click(screen.getByRole('button', { name: 'Remove smtp-ab12cd34ef' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(api.count(REMOVE_USER)).toBe(1));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'Success', 'The SMTP user was removed.'),
    );
  });
});
