import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The proof of work is tested against the real server elsewhere; here it resolves at once.
vi.mock('../api/security-check', () => ({ solveSecurityCheck: vi.fn(async () => 'solved-check') }));

import { apiError, fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import ResetPasswordPage from '../pages/reset-password-page';
import { AuthCard } from './auth-card';

const TOKEN = 'A'.repeat(43);

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

describe('Forgot password?', () => {
  it('is a link under the password that opens a form whose answer never tells whether the address has an account', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ 'POST /api/auth/forgot-password': () => json({ delivery: 'email' }) });
    renderWithApp(<AuthCard />);
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    const email = screen.getByLabelText('Email');
    expect(document.activeElement).toBe(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Verify security check' }));
    const submit = screen.getByRole('button', { name: 'Send reset link' });
    await vi.waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toContain(
      'has a Parley account, a link to reset its password is on its way',
    );
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com', altcha: 'solved-check' });
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
  });

  it('says whom to ask when this Parley sends no email', async () => {
    const user = userEvent.setup();
    fakeApi({ 'POST /api/auth/forgot-password': () => json({ delivery: 'unavailable' }) });
    renderWithApp(<AuthCard />, { path: '/?auth=forgot' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Verify security check' }));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send reset link' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toContain('does not send email');
  });
});

describe('the reset page', () => {
  it('takes a new password with the sign-up rules, then offers to sign in', async () => {
    const user = userEvent.setup();
    window.location.hash = `#${TOKEN}`;
    const api = fakeApi({
      'POST /api/auth/reset-password': () => new Response(null, { status: 204 }),
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    const submit = screen.getByRole('button', { name: 'Set new password' });
    await user.type(screen.getByLabelText('New password'), 'short');
    expect(screen.getByText('Password must be at least 10 characters').className).toContain(
      'text-destructive',
    );
    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a brand new passphras');
    // The mismatch is told under Confirm, and describes it.
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-describedby')).toContain('reset-confirm-error');
    expect(screen.getByText('Passwords do not match').id).toBe('reset-confirm-error');
    expect(submit).toHaveProperty('disabled', true);
    await user.type(confirm, 'e');
    await user.click(submit);
    expect((await screen.findByRole('status')).textContent).toContain(
      'Sign in with your new password',
    );
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/api/login');
    expect(api.calls[0]?.body).toEqual({
      token: TOKEN,
      password: 'a brand new passphrase',
      confirmPassword: 'a brand new passphrase',
    });
  });

  it('says a used or expired link is not valid, and offers a new one', async () => {
    const user = userEvent.setup();
    window.location.hash = `#${TOKEN}`;
    fakeApi({
      'POST /api/auth/reset-password': () =>
        apiError(400, 'RESET_LINK_INVALID', 'This reset link is not valid'),
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    await user.type(screen.getByLabelText('New password'), 'a brand new passphrase');
    await user.type(screen.getByLabelText('Confirm password'), 'a brand new passphrase');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toContain('it was used, it expired');
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe(
      '/?auth=forgot#auth',
    );
  });

  it('without a token in the link, says so at once', () => {
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert').textContent).toContain('not valid');
  });
});
