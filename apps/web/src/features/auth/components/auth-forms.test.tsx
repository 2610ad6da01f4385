import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The proof of work itself is tested against the real server in the API and browser
// tests; here it resolves at once so the forms' rules can be checked.
vi.mock('../api/security-check', () => ({ solveSecurityCheck: vi.fn(async () => 'solved-check') }));

import { renderWithApp } from '@/test/render';
import { solveSecurityCheck } from '../api/security-check';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(solveSecurityCheck).mockClear();
});

describe('SignInForm', () => {
  it('stays disabled until email, password and the security check are all given', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignInForm />);
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit).toHaveProperty('disabled', true);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    expect(submit).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Verify security check' }));
    await vi.waitFor(() => expect(submit).toHaveProperty('disabled', false));
  });

  it("shows the server's message when sign-in is refused, a translated rate limit, and the retry text offline", async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            '{"error":{"code":"X_UNKNOWN","message":"Invalid email or password","requestId":"r"}}',
            { status: 401 },
          ),
      ),
    );
    renderWithApp(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    const check = screen.getByRole('checkbox', { name: 'Verify security check' });
    await user.click(check);
    await vi.waitFor(() => expect((check as HTMLInputElement).checked).toBe(true));
    const fetchMock = vi.mocked(fetch);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'ada@example.com',
      password: 'wrong',
      altcha: 'solved-check',
    });
    // A used answer is not accepted again, but the box stays ticked: a new one is solved
    // at once, and the next attempt carries it.
    expect((check as HTMLInputElement).checked).toBe(true);
    await vi.waitFor(() => expect(vi.mocked(solveSecurityCheck)).toHaveBeenCalledTimes(2));
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect((check as HTMLInputElement).checked).toBe(true);

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false),
    );
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByText('Login failed. Please try again.')).getAttribute('role')).toBe(
      'alert',
    );
  });
});

describe('SignUpForm', () => {
  it('enables Create Account only when every rule holds', async () => {
    const user = userEvent.setup();
    renderWithApp(<SignUpForm />);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.type(screen.getByLabelText('Last name'), 'Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'analytical');
    expect(screen.getByText('Password must be at least 10 characters').className).toContain(
      'text-muted',
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'short');
    expect(screen.getByText('Password must be at least 10 characters').className).toContain(
      'text-destructive',
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'analytical-engine');
    await user.type(screen.getByLabelText('Confirm password'), 'analytical-engin');
    const mismatch = screen.getByText('Passwords do not match');
    // Told under Confirm (in its field, after its box), not under the pair of fields.
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.parentElement?.contains(mismatch)).toBe(true);
    expect(
      confirm.compareDocumentPosition(mismatch) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(confirm.getAttribute('aria-describedby')).toContain(mismatch.id);
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    await user.type(screen.getByLabelText('Confirm password'), 'e');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Contact method'), 'telegram');
    const contact = screen.getByLabelText('Contact');
    expect(contact.getAttribute('placeholder')).toBe('@your_handle');
    await user.type(contact, '@ada');
    await user.click(screen.getByLabelText(/I agree to the/));
    expect(submit).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Verify security check' }));
    await vi.waitFor(() => expect(submit).toHaveProperty('disabled', false));

    await user.selectOptions(screen.getByLabelText('Contact method'), 'phone');
    expect(screen.getByLabelText('Contact')).toHaveProperty('value', '');
    expect(screen.getByLabelText('Contact').getAttribute('placeholder')).toBe('+44 7700 900123');
    expect(submit).toHaveProperty('disabled', true);
  });

  it('stops each field at the contract’s limit, so the server never refuses a length', () => {
    renderWithApp(<SignUpForm />);
    const max = (label: string) => screen.getByLabelText(label).getAttribute('maxlength');
    // The name is both halves joined by a space: at most 200 characters.
    expect(Number(max('First name')) + 1 + Number(max('Last name'))).toBe(200);
    expect(max('Email')).toBe('254');
    expect(max('Contact')).toBe('100');
    expect(max('Password')).toBe('1024');
  });
});
