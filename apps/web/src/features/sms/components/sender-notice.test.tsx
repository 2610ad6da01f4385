import type { SenderRequest, SmsSenders } from '@parley/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { SenderNotice } from './sender-notice';

afterEach(() => vi.unstubAllGlobals());

const request = (over: Partial<SenderRequest>): SenderRequest => ({
  id: 'r1',
  senderId: 'Acme',
  kind: 'alphanumeric',
  reason: 'Order updates for our shop',
  status: 'pending',
  adminNote: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  ...over,
});
const SENDERS: SmsSenders = {
  defaultSender: 'Parley',
  ownedNumbers: ['+447400183921'],
  requests: [
    request({ id: 'r1', senderId: 'Acme', status: 'pending' }),
    request({ id: 'r2', senderId: 'Shop', status: 'approved' }),
  ],
  pendingMax: 5,
};

const render = (senderId: string) =>
  renderWithApp(<SenderNotice senderId={senderId} id="notice" />, { user: aUser() });

describe('SenderNotice', () => {
  it.each([
    ['Parley', 'default', 'Parley is our own sender ID: no approval needed.'],
    ['447400183921', 'owned', '447400183921 is your number: no approval needed.'],
    ['shop', 'approved', 'shop is approved: messages go out as Shop.'],
    [
      'Acme',
      'pending',
      "Acme is waiting for an admin's approval: until then messages go out as Parley.",
    ],
  ])('says which sender %s goes out with and why', async (sender, status, text) => {
    fakeApi({ 'GET /api/sms/senders': () => json(SENDERS) });
    render(sender);
    const notice = await screen.findByTestId('sender-notice');
    expect(notice.dataset.status).toBe(status);
    expect(notice.textContent).toBe(text);
    expect(screen.queryByRole('button', { name: 'Request approval' })).toBeNull();
  });

  it('asks for an unapproved sender, checked as the server checks it', async () => {
    const api = fakeApi({
      'GET /api/sms/senders': () => json(SENDERS),
      'POST /api/sms/senders': () => json(request({ id: 'r3', senderId: 'Zed' }), 201),
    });
    const user = userEvent.setup();
    render('Zed');
    expect((await screen.findByTestId('sender-notice')).textContent).toBe(
      'Zed is not approved: messages go out as Parley until an admin approves it.',
    );
    await user.click(screen.getByRole('button', { name: 'Request approval' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a sender ID' });
    expect(dialog.textContent).toContain('Until then your messages go out as Parley.');
    expect((screen.getByLabelText('Sender ID') as HTMLInputElement).value).toBe('Zed');
    await user.type(screen.getByLabelText('What is it for?'), 'short');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Say in at least 10 characters what it is for')).toBeTruthy();
    expect(api.count('POST /api/sms/senders')).toBe(0);
    await user.type(screen.getByLabelText('What is it for?'), ' order news');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(api.count('POST /api/sms/senders')).toBe(1));
    expect(api.calls.find((c) => c.key === 'POST /api/sms/senders')?.body).toEqual({
      senderId: 'Zed',
      reason: 'short order news',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('puts a refusal about the sender under the Sender ID field', async () => {
    fakeApi({
      'GET /api/sms/senders': () => json(SENDERS),
      'POST /api/sms/senders': () =>
        apiError(409, 'SENDER_ID_ALREADY_REQUESTED', 'You have already asked for this sender ID.'),
    });
    const user = userEvent.setup();
    render('Zed');
    await user.click(await screen.findByRole('button', { name: 'Request approval' }));
    await user.type(await screen.findByLabelText('What is it for?'), 'Order news for buyers');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const field = screen.getByLabelText('Sender ID');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById('sender-request-senderId-error')?.textContent).toBe(
      'You have already asked for this sender ID.',
    );
  });
});
