import type { AdminCalls } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { CallsTab } from './calls-tab';

afterEach(() => vi.unstubAllGlobals());

type AdminCall = AdminCalls['items'][number];
const aCall = (over: Partial<AdminCall> = {}): AdminCall => ({
  id: 'c1',
  direction: 'outbound',
  userId: 'u2',
  userEmail: 'grace@example.com',
  callerId: '+447400100100',
  destination: '+442071110001',
  country: 'GB',
  status: 'answered',
  duration: null,
  billableSeconds: null,
  includedSeconds: null,
  cost: null,
  ratePerMinute: '0.12',
  price: '0.1200',
  priceCurrency: 'GBP',
  increments: '60/60',
  maxSeconds: 3600,
  hangupCause: null,
  hangupBy: null,
  createdAt: '2026-06-15T09:00:00.000Z',
  answeredAt: '2026-06-15T09:00:05.000Z',
  endedAt: null,
  lateReportAt: null,
  uncharged: null,
  ...over,
});
const list = (items: AdminCall[]) => json({ items, total: items.length, page: 1, pageSize: 20 });

describe('admin CallsTab', () => {
  it('pages on past the 1,000 calls its total counts, saying "50+"', async () => {
    // The server counts up to COUNT_CAP and one more (db/count.ts): 1001 means "more".
    fakeApi({
      'GET /api/admin/calls?page=1&pageSize=20': () =>
        json({ items: [aCall()], total: 1001, page: 1, pageSize: 20 }),
    });
    renderWithApp(<CallsTab />, { user: aUser({ isAdmin: true }) });
    await screen.findByRole('table');
    expect(screen.getByText('Page 1 of 50+')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
  });

  it("lists every customer's calls; an active one is hung up after confirmation", async () => {
    const ended = aCall({
      id: 'c2',
      userEmail: 'ada@example.com',
      status: 'ended',
      duration: 65,
      cost: '0.24',
      endedAt: '2026-06-15T08:01:05.000Z',
    });
    const api = fakeApi({
      'GET /api/admin/calls?page=1&pageSize=20': () => list([aCall(), ended]),
      'GET /api/admin/calls?page=1&pageSize=20&active=true': () => list([aCall()]),
      'POST /api/admin/calls/c1/hangup': () =>
        json(aCall({ status: 'ended', hangupCause: 'admin', duration: 30, cost: '0.12' })),
    });
    const user = userEvent.setup();
    renderWithApp(<CallsTab />, { user: aUser({ isAdmin: true }) });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('grace@example.com')).toBeTruthy();
    expect(within(table).getByText('1:05')).toBeTruthy();
    // Only the call in progress can be hung up.
    const buttons = within(table).getAllByRole('button', { name: /Hang up/ });
    expect(buttons).toHaveLength(1);

    await user.click(screen.getByLabelText('Calls in progress only'));
    await waitFor(() =>
      expect(api.count('GET /api/admin/calls?page=1&pageSize=20&active=true')).toBe(1),
    );

    await user.click(await screen.findByRole('button', { name: 'Hang up (+442071110001)' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/grace@example.com to \+442071110001/)).toBeTruthy();
    expect(api.count('POST /api/admin/calls/c1/hangup')).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Hang up' }));
    await waitFor(() => expect(api.count('POST /api/admin/calls/c1/hangup')).toBe(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const api = fakeApi({ 'GET /api/admin/calls?page=1&pageSize=20': () => list([aCall()]) });
    const user = userEvent.setup();
    renderWithApp(<CallsTab />, { user: aUser({ isAdmin: true }) });
    await user.click(await screen.findByRole('button', { name: /Hang up \(/ }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(api.count('POST /api/admin/calls/c1/hangup')).toBe(0);
  });

  it('flags a call whose answer was reported late, with what the balance could not cover', async () => {
    const late = aCall({
      id: 'c3',
      status: 'ended',
      duration: 60,
      cost: '0.30',
      uncharged: '0.30',
      lateReportAt: '2026-06-15T10:00:00.000Z',
    });
    fakeApi({ 'GET /api/admin/calls?page=1&pageSize=20': () => list([aCall(), late]) });
    renderWithApp(<CallsTab />, { user: aUser({ isAdmin: true }) });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1] as HTMLElement).queryByText('Late report')).toBeNull();
    const flagged = within(rows[2] as HTMLElement).getByText('Late report');
    expect(flagged.getAttribute('title')).toMatch(/after Parley had closed it as unanswered/);
    expect(within(rows[2] as HTMLElement).getByText('Not charged: £0.30')).toBeTruthy();
  });
});
