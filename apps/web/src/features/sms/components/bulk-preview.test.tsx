import type { BulkPreview } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aUser, renderWithApp } from '@/test/render';
import { BulkPreviewView } from './bulk-preview';

const PREVIEW: BulkPreview = {
  encoding: 'GSM-7',
  segments: 1,
  valid: [{ line: 2, recipient: '+447400123456', country: 'GB', price: '0.0316' }],
  invalid: [
    {
      line: 3,
      value: '+74951234567',
      reason: 'Destination not supported (RU)',
      code: 'DESTINATION_NOT_SUPPORTED',
      params: { country: 'RU' },
    },
    {
      line: 4,
      value: '+447400123457',
      reason: 'sms.bulk.reasons.duplicate',
      code: 'RECIPIENT_DUPLICATE',
      params: {},
    },
    {
      line: 5,
      value: 'x',
      reason: 'Blocked by the operator',
      code: 'SHARED_COST_DESTINATION',
      params: {},
    },
  ],
  total: '0.0316',
  sender: { requested: 'Parley', used: 'Parley', status: 'default' },
};

const render = (onSend = vi.fn()) => {
  renderWithApp(<BulkPreviewView preview={PREVIEW} sending={false} onSend={onSend} />, {
    user: aUser(),
  });
  return onSend;
};
const sendButton = () => screen.getByRole('button', { name: 'Send to 1 recipients' });

describe('BulkPreviewView', () => {
  it('translates each reason from its code and params, never from the English beside it', () => {
    render();
    const table = screen.getByRole('table', { name: 'Lines skipped: 3' });
    expect(within(table).getByText('Destination not supported (Russia)')).toBeTruthy();
    expect(within(table).getByText('Duplicate number')).toBeTruthy();
    expect(within(table).getByText('Shared-cost numbers are not accepted.')).toBeTruthy();
    expect(within(table).queryByText('sms.bulk.reasons.duplicate')).toBeNull();
    expect(within(table).queryByText('Blocked by the operator')).toBeNull();
  });

  it('puts focus back on the Send button when the confirmation is cancelled', async () => {
    const onSend = render();
    await userEvent.click(sendButton());
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(document.activeElement).toBe(sendButton()));
    expect(onSend).not.toHaveBeenCalled();
  });

  it('puts focus on the preview, not the page, once the sending is confirmed', async () => {
    const onSend = render();
    await userEvent.click(sendButton());
    await userEvent.click(screen.getByRole('button', { name: 'Send now' }));
    const heading = screen.getByRole('heading', { name: 'Bulk send preview' });
    await vi.waitFor(() => expect(document.activeElement).toBe(heading));
    expect(onSend).toHaveBeenCalledTimes(1);
  });
});
