import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { BulkSend } from './bulk-send';

const showToast = spyOnToasts();

afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
});

const PREVIEW = {
  encoding: 'GSM-7',
  segments: 1,
  valid: [
    { line: 2, recipient: '+447400123456', country: 'GB', price: '0.0316' },
    { line: 3, recipient: '+447400123457', country: 'GB', price: '0.0316' },
  ],
  invalid: [
    {
      line: 4,
      value: '+447400123457',
      reason: 'Duplicate',
      code: 'RECIPIENT_DUPLICATE',
      params: {},
    },
    { line: 5, value: 'hello', reason: 'x', code: 'RECIPIENT_INVALID', params: {} },
    {
      line: 6,
      value: '+74951234567',
      reason: 'Destination not supported (RU)',
      code: 'DESTINATION_NOT_SUPPORTED',
      params: { country: 'RU' },
    },
    {
      line: 7,
      value: '+447400123458',
      reason: 'common.loading',
      code: 'PREMIUM_RATE_DESTINATION',
      params: {},
    },
  ],
  total: '0.0632',
  sender: { requested: 'Parley', used: 'Parley', status: 'default' },
};
const CSV =
  'phone\n+447400123456\n+447400123457\n+447400123457\nhello\n+74951234567\n+447400123458\n';

const render = (balance = '5.00', message = 'Hello all') =>
  renderWithApp(<BulkSend senderId="Parley" message={message} />, {
    user: aUser({ cryptoBalance: balance }),
  });
const upload = (text: string | File, name = 'numbers.csv') =>
  userEvent.upload(
    screen.getByLabelText('Recipients file (CSV or TXT)'),
    typeof text === 'string' ? new File([text], name) : text,
  );
const heading = (name: string) => screen.getByRole('heading', { name });

describe('BulkSend', () => {
  it('refuses a file over 512 KB without reading it', async () => {
    const api = fakeApi({});
    render();
    await upload('1'.repeat(512 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toContain('larger than 512 KB');
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveProperty('disabled', true);
    expect(api.calls).toHaveLength(0);
  });

  it('asks for a valid message before previewing', async () => {
    const api = fakeApi({});
    render('5.00', '');
    await upload(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter a valid Sender ID and message above first.',
    );
    expect(api.calls).toHaveLength(0);
  });

  it('previews, sends after confirmation and follows the batch to the end', async () => {
    let queued = 2;
    const api = fakeApi({
      'POST /api/sms/bulk/preview': () => json(PREVIEW),
      'POST /api/sms/bulk/send': () => json({ batchId: 'b1', count: 2 }, 201),
      'GET /api/sms/batches/b1': () => {
        const batch = { id: 'b1', total: 2, cost: '0.0632', queued, sent: 0 };
        queued = 0;
        return json({ ...batch, delivered: 2 - batch.queued, failed: 0, createdAt: '' });
      },
    });
    render();
    await upload(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Bulk send preview' });
    expect(api.calls[0]?.body).toEqual({ senderId: 'Parley', message: 'Hello all', file: CSV });
    expect(preview.textContent).toContain('Valid recipients2');
    expect(preview.textContent).toContain('£0.0632');
    const invalid = within(preview).getByRole('table', { name: 'Lines skipped: 4' });
    expect(within(invalid).getByText('Duplicate number')).toBeTruthy();
    expect(within(invalid).getByText('Invalid phone number format')).toBeTruthy();
    expect(within(invalid).getByText('Destination not supported (Russia)')).toBeTruthy();
    // Each reason is read from its code; the server's English is never shown or looked up.
    expect(within(invalid).getByText('Premium-rate numbers are not accepted.')).toBeTruthy();
    expect(within(invalid).queryByText('common.loading')).toBeNull();
    expect(within(invalid).queryByText('Loading...')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Send to 2 recipients' }));
    const dialog = screen.getByRole('dialog', { name: 'Send to 2 recipients?' });
    expect(dialog.textContent).toContain('£0.0632');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send now' }));
    // The dialog and the preview are gone: focus lands on the progress, not on the page.
    await vi.waitFor(() => expect(document.activeElement).toBe(heading('Sending progress')));
    const bar = await screen.findByRole('progressbar');
    expect(api.calls.find((c) => c.key === 'POST /api/sms/bulk/send')?.body).toEqual({
      senderId: 'Parley',
      message: 'Hello all',
      recipients: ['+447400123456', '+447400123457'],
    });
    await vi.waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('2'), {
      timeout: 3000,
    });
    expect(bar.getAttribute('aria-valuemax')).toBe('2');
    expect(screen.getByText('Delivered: 2')).toBeTruthy();
    expect(screen.getByText('Batch finished. Failed messages were refunded.')).toBeTruthy();
  });

  it('says a file has no recipient column, beside the file', async () => {
    fakeApi({
      'POST /api/sms/bulk/preview': () =>
        apiError(400, 'VALIDATION_FAILED', 'no column', [
          { path: 'body.file', code: 'RECIPIENT_COLUMN_MISSING', message: 'no column' },
        ]),
    });
    render();
    await upload('name,email\nAda,ada@example.com\n');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The file has no recipient column: name the column of numbers recipient, number, phone, msisdn, mobile or to',
    );
    expect(showToast).not.toHaveBeenCalled();
  });

  it('shows the insufficient-balance message on a 402 and sends nothing', async () => {
    fakeApi({
      'POST /api/sms/bulk/preview': () => json(PREVIEW),
      'POST /api/sms/bulk/send': () =>
        apiError(402, 'INSUFFICIENT_BALANCE', 'Insufficient Balance: …'),
    });
    render();
    await upload(CSV);
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send to 2 recipients' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You need to have credits in your account to send an SMS',
    );
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Insufficient Balance',
      'You need to have credits in your account to send an SMS',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    // Not left on the page: on the preview, whose Send button is back.
    expect(document.activeElement).toBe(heading('Bulk send preview'));
  });

  it('keeps the file picked last when the read of an earlier one finishes after it', async () => {
    const api = fakeApi({ 'POST /api/sms/bulk/preview': () => json(PREVIEW) });
    render();
    let finishFirst = (_text: string) => {};
    const first = new File(['slow'], 'first.csv');
    Object.defineProperty(first, 'text', {
      value: () =>
        new Promise<string>((resolve) => {
          finishFirst = resolve;
        }),
    });
    await upload(first);
    await upload(CSV, 'second.csv');
    await act(async () => finishFirst('phone\n+447400999999\n'));
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await vi.waitFor(() => expect(api.count('POST /api/sms/bulk/preview')).toBe(1));
    expect(api.calls[0]?.body).toEqual({ senderId: 'Parley', message: 'Hello all', file: CSV });
  });
});
