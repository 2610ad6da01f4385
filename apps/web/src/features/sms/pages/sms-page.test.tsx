import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spyOnToasts } from '@/test/toasts';

const showToast = spyOnToasts();

vi.mock('@/lib/login-redirect', () => ({ goToLogin: vi.fn() }));

import { goToLogin } from '@/lib/login-redirect';
import { aMessage, apiError, fakeApi, history, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import SmsPage from './sms-page';

const HISTORY = 'GET /api/sms/history?page=1&pageSize=10';
const QUOTE = {
  encoding: 'GSM-7',
  segments: 1,
  country: 'GB',
  unitPrice: '0.0400',
  priceCurrency: 'USD',
  price: '0.0316',
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    [HISTORY]: () => json(history([])),
    'POST /api/sms/quote': () => json(QUOTE),
    'GET /api/auth/user': () => json(aUser({ cryptoBalance: '0.9368' })),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
  vi.mocked(goToLogin).mockClear();
});

const renderPage = (balance = '0.9684') =>
  renderWithApp(<SmsPage />, { user: aUser({ cryptoBalance: balance }), path: '/services/sms' });

async function fill(user: ReturnType<typeof userEvent.setup>, recipient: string, message: string) {
  if (recipient) await user.type(screen.getByLabelText('Recipient'), recipient);
  if (message) await user.type(screen.getByLabelText('Message Content'), message);
}

const quoteBox = () => screen.getByRole('region', { name: 'Before you send' });
/** The note under the figures, not the screen reader's copy of it. */
const findNote = (text: string) =>
  within(quoteBox()).findByText(text, { selector: 'p:not([role="status"])' });
const quotedValue = (label: string) =>
  within(quoteBox()).getByText(label).nextElementSibling?.textContent;

describe('SmsPage: sending one message', () => {
  it('shows the balance to the penny (rounded down), the default sender ID and an empty history', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'SMS Messaging' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.getByTestId('sms-balance').textContent).toBe('£0.96');
    expect((screen.getByLabelText('Sender ID') as HTMLInputElement).value).toBe('Parley');
    expect(await screen.findByText('No messages sent yet')).toBeTruthy();
  });

  it("shows the spec's messages under the fields and sends nothing", async () => {
    const user = userEvent.setup();
    renderPage();
    await user.clear(screen.getByLabelText('Sender ID'));
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(screen.getByText('Sender ID is required')).toBeTruthy();
    expect(screen.getByText('Recipient is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Sender ID'));
    await user.type(screen.getByLabelText('Sender ID'), 'ABCDEFGHIJKL');
    await fill(user, '12ab', 'Hi');
    expect(screen.getByText('Sender ID must be 11 characters or less')).toBeTruthy();
    expect(screen.getByText('Invalid phone number format')).toBeTruthy();
    expect(screen.queryByText('Message is required')).toBeNull();
    expect(screen.getByLabelText('Recipient').getAttribute('aria-invalid')).toBe('true');
    expect(api.count('POST /api/sms/send')).toBe(0);
    expect(api.count('POST /api/sms/quote')).toBe(0);
  });

  it('counts characters, warns above 160 and disables sending', async () => {
    const user = userEvent.setup();
    renderPage();
    const message = screen.getByLabelText('Message Content');
    await user.click(message);
    await user.paste('x'.repeat(161));
    expect(screen.getByText('Message exceeds 160 characters')).toBeTruthy();
    expect(screen.getByText('161/160')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send SMS' })).toHaveProperty('disabled', true);
    await user.type(message, '{Backspace}');
    expect(screen.queryByText('Message exceeds 160 characters')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send SMS' })).toHaveProperty('disabled', false);
  });

  it('works out encoding and segments as you type, then asks the server for the price', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(screen.getByLabelText('Message Content'), 'Hi');
    expect(quotedValue('Encoding')).toBe('GSM-7');
    expect(quotedValue('Segments')).toBe('1');
    await user.click(screen.getByLabelText('Message Content'));
    await user.paste('ب'.repeat(158));
    expect(quotedValue('Encoding')).toBe('UCS-2');
    expect(quotedValue('Segments')).toBe('3');
    expect(api.count('POST /api/sms/quote')).toBe(0);
    await fill(user, '+447400123456', '');
    expect(await within(quoteBox()).findByText('£0.0316')).toBeTruthy();
    expect(quotedValue('Destination')).toBe('United Kingdom');
    expect(api.count('POST /api/sms/quote')).toBe(1);
    expect(api.calls.find((c) => c.key === 'POST /api/sms/quote')?.body).toEqual({
      senderId: 'Parley',
      recipient: '+447400123456',
      message: `Hi${'ب'.repeat(158)}`,
    });
  });

  it('says when a destination is not supported', async () => {
    api.routes['POST /api/sms/quote'] = () =>
      apiError(
        422,
        'DESTINATION_NOT_SUPPORTED',
        'Destination not supported: we do not send SMS to RU yet.',
      );
    const user = userEvent.setup();
    renderPage();
    await fill(user, '+74951234567', 'Hi');
    expect(await findNote('SMS to Russia are not supported yet.')).toBeTruthy();
  });

  it('refuses a balance below 0.05 before calling the API', async () => {
    const user = userEvent.setup();
    renderPage('0.0499');
    await fill(user, '+447400123456', 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Insufficient Balance',
      'You need to have credits in your account to send an SMS',
    );
    expect(api.count('POST /api/sms/send')).toBe(0);
  });

  it('sends, says so, resets the form and reloads the history and the balance', async () => {
    let release = () => {};
    api.routes['POST /api/sms/send'] = () =>
      new Promise((resolve) => {
        release = () => resolve(json(aMessage({ status: 'queued' }), 201));
      });
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('No messages sent yet');
    await user.clear(screen.getByLabelText('Sender ID'));
    await user.type(screen.getByLabelText('Sender ID'), 'Acme');
    await fill(user, '+447400123456', 'Hello');
    api.routes[HISTORY] = () => json(history([aMessage()]));
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toHaveProperty(
      'disabled',
      true,
    );
    act(() => release());
    await vi.waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('success', 'Success', 'SMS sent successfully'),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/sms/send')?.body).toEqual({
      senderId: 'Acme',
      recipient: '+447400123456',
      message: 'Hello',
      // Its own id, so a repeated submission is sent once.
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect((screen.getByLabelText('Sender ID') as HTMLInputElement).value).toBe('Parley');
    expect((screen.getByLabelText('Recipient') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Message Content') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByText('0/160')).toBeTruthy();
    expect(await screen.findByText('Delivered')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('sms-balance').textContent).toBe('£0.93'));
  });

  it('on a 401 says so and signs in again after 500 ms', async () => {
    api.routes['POST /api/sms/send'] = () => apiError(401, 'UNAUTHORIZED', 'Sign in first.');
    const user = userEvent.setup();
    renderPage();
    await fill(user, '+447400123456', 'Hello');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await user.click(screen.getByRole('button', { name: 'Send SMS' }));
      await vi.waitFor(() =>
        expect(showToast).toHaveBeenCalledWith(
          'error',
          'Unauthorized',
          'You are logged out. Logging in again...',
        ),
      );
      expect(goToLogin).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(500);
      expect(goToLogin).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("puts the server's field errors under the fields and shows other errors in a toast", async () => {
    api.routes['POST /api/sms/send'] = () =>
      apiError(400, 'INVALID_NUMBER', 'Invalid phone number format', [
        {
          path: 'body.recipient',
          code: 'RECIPIENT_INVALID',
          params: {},
          message: 'Invalid phone number format',
        },
      ]);
    const user = userEvent.setup();
    renderPage();
    await fill(user, '+99912345', 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(await screen.findByText('Invalid phone number format')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('error', 'Error', 'Invalid phone number format');

    // Never reached the server: the spec's fallback.
    api.routes['POST /api/sms/send'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await user.clear(screen.getByLabelText('Recipient'));
    await fill(user, '+447400123456', '');
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    await vi.waitFor(() =>
      expect(showToast).toHaveBeenLastCalledWith('error', 'Error', 'Failed to send SMS'),
    );
  });
});
