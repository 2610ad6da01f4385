import type { AdminSubscription } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SubscriptionsTab } from '@/features/renewals/admin/subscriptions-tab';
import { apiError, fakeApi, type Handler, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { useAdminEvents } from './admin-events';

const showToast = spyOnToasts();

/** Enough of EventSource to dispatch the admin stream's named events. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {}
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  showToast.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const anItem = (over: Partial<AdminSubscription> = {}): AdminSubscription => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: 'u2',
  email: 'grace@example.com',
  itemKind: 'number',
  itemId: 'n1',
  name: 'UK number +442071110001',
  amount: '4.50',
  status: 'active',
  autoRenew: true,
  renewsAt: '2030-03-05T12:00:00.000Z',
  graceUntil: null,
  suspendedAt: null,
  releaseAt: null,
  endedAt: null,
  createdAt: '2030-01-05T12:00:00.000Z',
  ...over,
});
const inGrace = anItem({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ada@example.com',
  name: 'Business plan',
  amount: '12.00',
  status: 'grace',
  autoRenew: false,
  graceUntil: '2030-03-08T12:00:00.000Z',
});
const page = (items: AdminSubscription[], total = items.length) =>
  json({ items, total, page: 1, pageSize: 20 });

const LIST = '/api/admin/subscriptions?filter=';
const list = (filter: string) => `GET ${LIST}${filter}&page=1&pageSize=20`;
const count = (filter: string) => `GET ${LIST}${filter}&page=1&pageSize=1`;

/** The three filters' lists and counts: one item due, one in grace, none suspended. */
function api(extra: Record<string, Handler> = {}) {
  return fakeApi({
    [list('due')]: () => page([anItem()]),
    [list('grace')]: () => page([inGrace]),
    [list('suspended')]: () => page([]),
    [count('due')]: () => page([anItem()]),
    [count('grace')]: () => page([inGrace]),
    [count('suspended')]: () => page([]),
    ...extra,
  });
}

/** The tab with the admin stream open, as the admin page has it. */
function WithEvents() {
  useAdminEvents(true);
  return <SubscriptionsTab />;
}

const admin = { user: aUser({ isAdmin: true }), path: '/admin?tab=subscriptions' };

async function showGrace(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /In grace/ }));
  return within(await screen.findByRole('table', { name: 'In grace' }));
}

describe('admin SubscriptionsTab', () => {
  it('says "1000+" past what a total counts, and pages on past the 50 pages it fills', async () => {
    // The server counts up to COUNT_CAP and one more (db/count.ts): 1001 means "more".
    const many = () => page([anItem()], 1001);
    const pages = Object.fromEntries(
      Array.from({ length: 51 }, (_, i) => [
        `GET ${LIST}due&page=${i + 1}&pageSize=20`,
        () => json({ items: [anItem()], total: 1001, page: i + 1, pageSize: 20 }),
      ]),
    );
    api({ ...pages, [count('due')]: many });
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    expect(await screen.findByRole('button', { name: 'Due in 7 days (1000+)' })).toBeTruthy();
    const next = await screen.findByRole('button', { name: 'Next' });
    for (let i = 1; i <= 50; i++) {
      await screen.findByText(`Page ${i} of 50+`);
      await user.click(next);
    }
    // Page 51 stays: no "last page" to go back to while the total is "more".
    expect(await screen.findByText('Page 51 of 51+')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('Page 51 of 51+')).toBeTruthy();
  });

  it('lists what is due, in grace and suspended, each with its counts, date and empty state', async () => {
    const fake = api();
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    const due = within(await screen.findByRole('table', { name: 'Due in 7 days' }));
    expect(due.getByRole('columnheader', { name: 'Renews on' })).toBeTruthy();
    expect(due.getByText('£4.50')).toBeTruthy();
    expect(due.getByText('Active')).toBeTruthy();
    // Nothing to extend before a renewal has gone unpaid.
    expect(due.queryByRole('button', { name: /Extend grace/ })).toBeNull();
    // Paid up: nothing to waive or extend until a renewal goes unpaid.
    expect(due.queryByRole('button', { name: /^Waive period/ })).toBeNull();
    // The customer opens in the Users tab.
    expect(
      due.getByRole('link', { name: 'grace@example.com (open in Users)' }).getAttribute('href'),
    ).toBe('/admin?tab=users&user=u2');
    expect(await screen.findByRole('button', { name: 'Due in 7 days (1)' })).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Due in 7 days (1)' }).getAttribute('aria-pressed'),
    ).toBe('true');
    await screen.findByRole('button', { name: 'Suspended (0)' });

    const grace = await showGrace(user);
    expect(grace.getByRole('columnheader', { name: 'Grace until' })).toBeTruthy();
    expect(grace.getByText('In grace', { selector: 'td span' })).toBeTruthy();
    expect(grace.getByText('Auto-renew off')).toBeTruthy();
    expect(grace.getByRole('button', { name: 'Extend grace (Business plan, ada@example.com)' }));
    expect(fake.count(list('grace'))).toBe(1);

    await user.click(screen.getByRole('button', { name: /Suspended/ }));
    expect(await screen.findByText('No items are suspended.')).toBeTruthy();
  });

  it('extends grace by a checked number of days, showing the new end first', async () => {
    const fake = api({
      [`POST /api/admin/subscriptions/${inGrace.id}/extend-grace`]: () =>
        json({ ...inGrace, graceUntil: '2030-03-18T12:00:00.000Z' }),
    });
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    const grace = await showGrace(user);
    await user.click(grace.getByRole('button', { name: /^Extend grace/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Extend the grace period' }));
    expect(dialog.getByText(/Business plan.*ada@example\.com.*in grace until/)).toBeTruthy();
    const days = dialog.getByLabelText('Days to add');
    expect((days as HTMLInputElement).value).toBe('7');
    expect(dialog.getByText(/Grace will then run until .Mar 15, 2030/)).toBeTruthy();

    await user.clear(days);
    await user.type(days, '61');
    await user.click(dialog.getByRole('button', { name: 'Extend grace' }));
    expect(dialog.getByText('Enter a whole number of days from 1 to 60.')).toBeTruthy();
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(days).toBe(document.activeElement);
    expect(fake.count(`POST /api/admin/subscriptions/${inGrace.id}/extend-grace`)).toBe(0);

    await user.clear(days);
    await user.type(days, '10{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = fake.calls.filter((c) => c.key.startsWith('POST'));
    expect(sent).toEqual([
      {
        key: `POST /api/admin/subscriptions/${inGrace.id}/extend-grace`,
        body: { days: 10 },
      },
    ]);
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Success',
      expect.stringMatching(/Business plan.*now runs until .*Mar 18, 2030/),
    );
  });

  it('waives a period once confirmed, and says clearly when the item has moved on', async () => {
    let answer = () => json({ ...inGrace, status: 'active', renewsAt: '2030-04-05T12:00:00.000Z' });
    const waive = `POST /api/admin/subscriptions/${inGrace.id}/waive`;
    const fake = api({ [waive]: () => answer() });
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    const grace = await showGrace(user);

    await user.click(grace.getByRole('button', { name: /^Waive period/ }));
    let dialog = within(await screen.findByRole('alertdialog', { name: 'Waive this period?' }));
    expect(dialog.getByText(/Business plan.*ada@example\.com.*£12\.00/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(fake.count(waive)).toBe(0);

    await user.click(grace.getByRole('button', { name: /^Waive period/ }));
    dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Waive period' }));
    await waitFor(() => expect(fake.count(waive)).toBe(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Success',
      expect.stringMatching(/was waived; it next renews on .*Apr 5, 2030/),
    );
    // The list reloads after the change.
    await waitFor(() => expect(fake.count(list('grace'))).toBe(2));

    answer = () => apiError(409, 'SUBSCRIPTION_STATE', 'This item has no period to waive.');
    await user.click(grace.getByRole('button', { name: /^Waive period/ }));
    dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Waive period' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Error',
        expect.stringContaining('has changed in the meantime'),
      ),
    );
  });

  it('says another admin must act when the item is the admin’s own', async () => {
    const waive = `POST /api/admin/subscriptions/${inGrace.id}/waive`;
    api({
      [waive]: () =>
        apiError(
          403,
          'SELF_ADJUSTMENT_FORBIDDEN',
          'You cannot extend grace or waive a period of your own subscription.',
        ),
    });
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    const grace = await showGrace(user);
    await user.click(grace.getByRole('button', { name: /^Waive period/ }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('button', { name: 'Waive period' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Error',
        'You cannot change the balance or subscriptions of your own account. Another admin must do it.',
      ),
    );
  });

  it('reloads the list and the counts when an item changes anywhere', async () => {
    const fake = api();
    renderWithApp(<WithEvents />, admin);
    await screen.findByRole('table', { name: 'Due in 7 days' });
    await waitFor(() => expect(fake.count(count('suspended'))).toBe(1));
    expect(fake.count(list('due'))).toBe(1);
    const stream = FakeEventSource.opened.find((s) => s.url === '/api/admin/events');
    stream?.emit('subscription.updated', {
      userId: 'u2',
      orderId: anItem().id,
      status: 'grace',
      renewsAt: '2030-03-05T12:00:00.000Z',
    });
    await waitFor(() => expect(fake.count(list('due'))).toBe(2));
    await waitFor(() => expect(fake.count(count('suspended'))).toBe(2));
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    const fake = api({
      [list('due')]: () => (fail ? apiError(500, 'INTERNAL', 'Boom') : page([])),
    });
    const user = userEvent.setup();
    renderWithApp(<SubscriptionsTab />, admin);
    expect(await screen.findByText('Could not load the subscriptions.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Nothing renews in the next 7 days.')).toBeTruthy();
    expect(fake.count(list('due'))).toBeGreaterThan(1);
  });
});
