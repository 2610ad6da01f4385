import type { SmppAdminSession } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { SmppSessionsTab } from './smpp-sessions-tab';

const showToast = spyOnToasts();

const SESSION = '33333333-3333-4333-8333-333333333333';
const aSession = (over: Partial<SmppAdminSession> = {}): SmppAdminSession => ({
  id: SESSION,
  accountId: 'a1',
  systemId: 'prl4k2m9',
  bindType: 'transmitter',
  remoteIp: '203.0.113.7',
  boundAt: '2026-03-02T08:30:00.000Z',
  submitted: 1234,
  perSecond: 7,
  userId: 'u2',
  email: 'grace@example.com',
  maxPerSecond: 20,
  ...over,
});
const LIST = 'GET /api/admin/smpp/sessions';
const END = `POST /api/admin/smpp/sessions/${SESSION}/end`;

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () =>
      json([
        aSession(),
        aSession({
          id: 's2',
          systemId: 'prl2zz00',
          email: 'ada@example.com',
          bindType: 'receiver',
        }),
      ]),
    [END]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderTab = () => renderWithApp(<SmppSessionsTab />, { user: aUser({ isAdmin: true }) });

describe('admin SmppSessionsTab', () => {
  it('lists bound sessions with their customer, bind, address, count and rate against the limit', async () => {
    renderTab();
    const table = await screen.findByRole('table', { name: 'SMPP sessions' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('grace@example.com')).toBeTruthy();
    expect(within(first).getByText('prl4k2m9')).toBeTruthy();
    expect(within(first).getByText('Transmitter')).toBeTruthy();
    expect(within(first).getByText('203.0.113.7')).toBeTruthy();
    expect(within(first).getByText('1,234')).toBeTruthy();
    expect(within(first).getByText('7 of 20')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Receiver')).toBeTruthy();
  });

  it('ends a session only after the confirmation', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'End session (prl4k2m9)' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toMatch(/grace@example\.com.*prl4k2m9/);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count(END)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'End session (prl4k2m9)' }));
    dialog = await screen.findByRole('alertdialog');
    api.routes[LIST] = () => json([]);
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(api.count(END)).toBe(1));
    expect(await screen.findByText('No SMPP sessions are bound.')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Success',
      'The session of \u2066prl4k2m9\u2069 is being ended.',
    );
    // The row's button is gone: focus lands on the tab's heading.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'SMPP sessions' })),
    );
  });

  it('marks a session asked to end until its instance unbinds it', async () => {
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'End session (prl4k2m9)' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'End session' }));
    await waitFor(() => expect(api.count(END)).toBe(1));
    // The reload after the request still lists it: the unbind takes a few seconds.
    await waitFor(() => expect(api.count(LIST)).toBe(2));
    const row = (await screen.findByText('Ending…')).closest('tr') as HTMLElement;
    expect(within(row).getByText('prl4k2m9')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    // The other session keeps its button.
    expect(screen.getByRole('button', { name: 'End session (prl2zz00)' })).toBeTruthy();
  });

  it('tells a refusal, such as a session already gone', async () => {
    api.routes[END] = () => apiError(404, 'NOT_FOUND', 'No such session');
    const user = userEvent.setup();
    renderTab();
    await user.click(await screen.findByRole('button', { name: 'End session (prl4k2m9)' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End session' }),
    );
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', 'Error', 'No such session'),
    );
  });

  it('says when no session is bound', async () => {
    api.routes[LIST] = () => json([]);
    renderTab();
    expect(await screen.findByText('No SMPP sessions are bound.')).toBeTruthy();
  });
});
