import type { Notice } from '@parley/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { NotificationBell } from './notification-bell';

/** Enough of EventSource to push events to the customer's stream. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {}
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

const LIST = 'GET /api/notifications?limit=20';
const READ = 'POST /api/notifications/read';
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();

const lowBalance: Notice = {
  id: '00000000-0000-4000-8000-000000000003',
  code: 'balance.low',
  params: { balance: '3.2', threshold: '10.00' },
  readAt: null,
  createdAt: minutesAgo(5),
};
const reminder: Notice = {
  id: '00000000-0000-4000-8000-000000000002',
  code: 'renewal.reminder',
  params: {
    item: 'Business SMS 5000',
    amount: '25.00',
    renewsAt: '2026-03-12T12:00:00.000Z',
    shortfall: '7.50',
  },
  readAt: null,
  createdAt: minutesAgo(90),
};
const charged: Notice = {
  id: '00000000-0000-4000-8000-000000000001',
  code: 'renewal.charged',
  params: { item: 'UK number', amount: '4.99', renewsAt: '2026-04-01T00:00:00.000Z' },
  readAt: '2026-02-01T00:00:00.000Z',
  createdAt: '2026-01-20T00:00:00.000Z',
};

let notices: Notice[];
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  notices = [lowBalance, reminder, charged].map((n) => ({ ...n }));
  api = fakeApi({
    [LIST]: () =>
      json({ items: notices, hasMore: false, unread: notices.filter((n) => !n.readAt).length }),
    [READ]: (init) => {
      const body = JSON.parse(String(init?.body)) as { ids?: string[]; all?: true };
      for (const n of notices)
        if (!n.readAt && (body.all || body.ids?.includes(n.id)))
          n.readAt = new Date().toISOString();
      return json({ unread: notices.filter((n) => !n.readAt).length });
    },
  });
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const renderBell = () => {
  renderWithApp(<NotificationBell />, { user: aUser() });
  return userEvent.setup();
};

describe('the notifications bell', () => {
  it('says how many are unread, lists them in the reader’s words, and marks them read when opened', async () => {
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(screen.getByTestId('notifications-count').textContent).toBe('2');

    await user.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(panel.contains(document.activeElement)).toBe(true);
    const items = within(panel).getAllByTestId('notice');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'New:Low balance',
      'New:Business SMS 5000 renews soon',
      'UK number renewed',
    ]);
    expect(items[0]?.textContent).toContain(
      'Your balance is £3.20, below your alert level of £10.00.',
    );
    expect(items[0]?.textContent).toContain('5 minutes ago');
    expect(items[1]?.textContent).toContain('add £7.50 to keep it running');

    // Opening marked the two shown unread; they stay marked new while the panel is open.
    await waitFor(() =>
      expect(api.calls.find((c) => c.key === READ)?.body).toEqual({
        ids: [lowBalance.id, reminder.id],
      }),
    );
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByTestId('notifications-count')).toBeNull();
    expect(
      within(panel)
        .getAllByTestId('notice')
        .filter((i) => i.dataset.new),
    ).toHaveLength(2);

    // Escape closes it and gives the focus back to the bell.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Notifications' }));
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    const again = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(
      within(again)
        .getAllByTestId('notice')
        .filter((i) => i.dataset.new),
    ).toHaveLength(0);
    expect(api.count(READ)).toBe(1);
  });

  it('marks all as read', async () => {
    notices = notices.map((n) => ({ ...n, readAt: null }));
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 3 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(api.count(READ)).toBe(1));
    await user.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.key === READ)[1]?.body).toEqual({ all: true }),
    );
    await waitFor(() =>
      expect(
        within(panel)
          .getAllByTestId('notice')
          .filter((i) => i.dataset.new),
      ).toHaveLength(0),
    );
    expect(
      (within(panel).getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it('counts a notice that arrives on the stream, and says so', async () => {
    notices = [charged];
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    await screen.findByTestId('notice');
    await user.keyboard('{Escape}');
    expect(FakeEventSource.last?.url).toBe('/api/events');
    notices = [lowBalance, charged];
    act(() =>
      FakeEventSource.last?.emit('notification.created', {
        userId: 'u1',
        id: lowBalance.id,
        code: 'balance.low',
      }),
    );
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    await waitFor(() =>
      // The bell's own live region (the page's toast viewport is one too).
      expect(document.querySelector('span.sr-only[aria-live="polite"]')?.textContent).toBe(
        'Notifications, 1 unread',
      ),
    );
  });

  it('reads the list again when the stream connects: a notice written before it opened shows', async () => {
    notices = [];
    renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    // Written after the first read, published before this tab's stream was open.
    notices = [lowBalance];
    act(() => FakeEventSource.last?.emit('connected', { replayed: 0 }));
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
  });

  it('shows older notices on demand', async () => {
    const older: Notice = {
      ...charged,
      id: '00000000-0000-4000-8000-000000000000',
      params: { ...charged.params, item: 'Old plan' },
    };
    api.routes[LIST] = () => json({ items: notices, hasMore: true, unread: 0 });
    api.routes[`${LIST}&before=${charged.id}`] = () =>
      json({ items: [older], hasMore: false, unread: 0 });
    notices = [{ ...charged }];
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await user.click(await within(panel).findByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(within(panel).getAllByTestId('notice')).toHaveLength(2));
    expect(within(panel).getAllByTestId('notice')[1]?.textContent).toContain('Old plan renewed');
    expect(within(panel).queryByRole('button', { name: 'Show older' })).toBeNull();
  });

  it('says when there is nothing yet', async () => {
    notices = [];
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByText('No notifications yet.')).toBeTruthy();
    expect(api.count(READ)).toBe(0);
  });

  it('words notices in Arabic with amounts isolated left to right', async () => {
    await setLanguage('ar');
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'الإشعارات، غير المقروءة: 2' }));
    const panel = await screen.findByRole('dialog', { name: 'الإشعارات' });
    const first = within(panel).getAllByTestId('notice')[0] as HTMLElement;
    expect(first.textContent).toContain('رصيد منخفض');
    const amounts = [...first.querySelectorAll('bdi[dir="ltr"]')].map((b) => b.textContent);
    expect(amounts).toHaveLength(2);
    expect(amounts[0]).toContain('£');
  });
});
