import type { AdminSenderRequest } from '@parley/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { SenderIdsTab } from './sender-ids-tab';

afterEach(() => vi.unstubAllGlobals());

const PENDING: AdminSenderRequest = {
  id: 'r1',
  senderId: 'Acme',
  kind: 'alphanumeric',
  reason: 'Order updates for our shop',
  status: 'pending',
  adminNote: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  decidedAt: null,
  user: { id: 'u2', email: 'shop@example.com' },
  decidedBy: null,
};
const list = (items: AdminSenderRequest[]) =>
  json({ items, total: items.length, page: 1, pageSize: 20 });

describe('SenderIdsTab', () => {
  it('lists pending requests; a rejection needs a note, an approval sends one if given', async () => {
    const api = fakeApi({
      'GET /api/admin/sender-ids?page=1&pageSize=20&status=pending': () => list([PENDING]),
      'GET /api/admin/sender-ids?page=1&pageSize=20&status=approved': () => list([]),
      'POST /api/admin/sender-ids/r1/reject': () => json({ ...PENDING, status: 'rejected' }),
      'POST /api/admin/sender-ids/r1/approve': () => json({ ...PENDING, status: 'approved' }),
    });
    const user = userEvent.setup();
    renderWithApp(<SenderIdsTab />, { user: aUser({ isAdmin: true }) });
    expect(await screen.findByText('shop@example.com')).toBeTruthy();
    expect(screen.getByText('Order updates for our shop')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const note = screen.getByLabelText('Note for Acme');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Say why you reject it.')).toBeTruthy();
    expect(document.activeElement).toBe(note);
    expect(api.count('POST /api/admin/sender-ids/r1/reject')).toBe(0);

    await user.type(note, 'Known brand');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.count('POST /api/admin/sender-ids/r1/approve')).toBe(1));
    expect(api.calls.find((c) => c.key.endsWith('/approve'))?.body).toEqual({
      note: 'Known brand',
    });

    await user.selectOptions(screen.getByLabelText('Status'), 'approved');
    expect(await screen.findByText('No requests.')).toBeTruthy();
  });
});
