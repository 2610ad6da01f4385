import type { FulfilmentTask } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { FulfilmentTab } from './fulfilment-tab';

const showToast = spyOnToasts();

const TASK = '44444444-4444-4444-8444-444444444444';
const aTask = (over: Partial<FulfilmentTask> = {}): FulfilmentTask => ({
  id: TASK,
  orderId: 'o1',
  userId: 'u1',
  email: 'grace@example.com',
  itemId: 'p1',
  itemName: 'Cloud PBX',
  status: 'open',
  orderedAt: '2026-03-02T09:00:00.000Z',
  // Long past: overdue.
  dueAt: '2026-03-04T09:00:00.000Z',
  doneAt: null,
  chatSessionId: 's1',
  ...over,
});
const LIST = 'GET /api/admin/fulfilment';
const DONE = `POST /api/admin/fulfilment/${TASK}/done`;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () =>
      json([
        aTask(),
        aTask({
          id: 't2',
          email: 'ada@example.com',
          itemName: 'IVR',
          dueAt: '2999-01-01T00:00:00.000Z',
        }),
      ]),
    [DONE]: () => json(aTask({ status: 'done', doneAt: '2026-03-05T10:00:00.000Z' })),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithApp(<FulfilmentTab />, { user: aUser({ isAdmin: true }) });

describe('admin FulfilmentTab', () => {
  it('lists open tasks with their customer, item, a link to the chat, and marks the overdue', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'Fulfilment' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('grace@example.com')).toBeTruthy();
    expect(within(first).getByText('\u2068Cloud PBX\u2069')).toBeTruthy();
    expect(within(first).getByText('Overdue')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: 'Open chat (grace@example.com)' })
        .getAttribute('href'),
    ).toBe('/admin-chat?session=s1');
    expect(within(rows[2] as HTMLElement).queryByText('Overdue')).toBeNull();
  });

  it('marks a task done only after the confirmation', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'Mark done (Cloud PBX)' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/Cloud PBX.*grace@example\.com/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count(DONE)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Mark done (Cloud PBX)' }));
    dialog = await screen.findByRole('alertdialog');
    api.routes[LIST] = () => json([]);
    await user.click(within(dialog).getByRole('button', { name: 'Mark done' }));
    await waitFor(() => expect(api.count(DONE)).toBe(1));
    expect(await screen.findByText('Nothing is waiting to be set up.')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Success',
      '\u2068Cloud PBX\u2069 is marked done.',
    );
  });
});
