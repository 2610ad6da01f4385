import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMessage, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { SendForm } from './send-form';

afterEach(() => vi.unstubAllGlobals());

describe('SendForm', () => {
  it('focuses the first invalid field once its error is rendered, for screen readers', async () => {
    const api = fakeApi({});
    const user = userEvent.setup();
    // The message was never left, so its error shows only when the form is sent.
    const draft = { senderId: 'Parley', recipient: '+447400123456', message: '' };
    renderWithApp(<SendForm draft={draft} onChange={() => {}} onReset={() => {}} />, {
      user: aUser(),
    });
    const message = screen.getByLabelText('Message Content');
    expect(message.getAttribute('aria-invalid')).toBeNull();
    let atFocus: Record<string, string | null | undefined> = {};
    message.addEventListener('focus', () => {
      atFocus = {
        invalid: message.getAttribute('aria-invalid'),
        describedBy: message.getAttribute('aria-describedby'),
        error: document.getElementById('sms-message-error')?.textContent,
      };
    });
    await user.click(screen.getByRole('button', { name: 'Send SMS' }));
    expect(document.activeElement).toBe(message);
    expect(atFocus).toEqual({
      invalid: 'true',
      describedBy: 'sms-counter sms-message-error',
      error: 'Message is required',
    });
    // Nothing priced or sent (the sender IDs are read to say which sender is used).
    expect(api.calls.filter((c) => c.key !== 'GET /api/sms/senders')).toHaveLength(0);
  });

  it('sends one message for a double click, under one request id', async () => {
    const api = fakeApi({
      'POST /api/sms/quote': () =>
        json({
          encoding: 'GSM-7',
          segments: 1,
          country: 'GB',
          unitPrice: '0.0400',
          priceCurrency: 'USD',
          price: '0.0316',
        }),
      'POST /api/sms/send': () => json(aMessage({}), 201),
    });
    const draft = { senderId: 'Parley', recipient: '+447400123456', message: 'Hi' };
    renderWithApp(<SendForm draft={draft} onChange={() => {}} onReset={() => {}} />, {
      user: aUser(),
    });
    const form = screen
      .getByRole('button', { name: 'Send SMS' })
      .closest('form') as HTMLFormElement;
    // Two submissions before React re-renders the button as disabled.
    form.requestSubmit();
    form.requestSubmit();
    await vi.waitFor(() => expect(api.count('POST /api/sms/send')).toBe(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(api.count('POST /api/sms/send')).toBe(1);
  });
});
