import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aMessage, fakeApi, history, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { BalanceCard } from './balance-card';
import { MessageHistory } from './message-history';

afterEach(() => vi.unstubAllGlobals());

const HISTORY = 'GET /api/sms/history?page=1&pageSize=10';
const render = () => renderWithApp(<MessageHistory />, { user: aUser() });
const region = () => screen.getByRole('region', { name: 'Message History' });

describe('MessageHistory', () => {
  it('says it is loading in a status, so a screen reader hears it', async () => {
    fakeApi({ 'GET /api/sms/history?page=1&pageSize=10': () => new Promise<Response>(() => {}) });
    render();
    expect(within(region()).getByRole('status').textContent).toBe('Loading...');
  });

  it('shows each message with its status colour, cost, date and segments', async () => {
    fakeApi({
      'GET /api/sms/history?page=1&pageSize=10': () =>
        json(
          history([
            aMessage({ id: 'a', status: 'delivered', segments: 2, cost: '0.0632' }),
            aMessage({ id: 'b', status: 'failed', recipient: '+447400120000' }),
            aMessage({ id: 'c', status: 'sent' }),
          ]),
        ),
    });
    render();
    const list = await within(region()).findAllByTestId('sms-history-item');
    expect(list).toHaveLength(3);
    expect(within(region()).getByText('Delivered').className).toContain('green');
    expect(within(region()).getByText('Sent').className).toContain('green');
    expect(within(region()).getByText('Failed').className).toContain('red');
    expect(within(list[0] as HTMLElement).getByText('£0.0632')).toBeTruthy();
    expect(list[0]?.textContent).toContain('Segments: 2');
    expect(list[0]?.textContent).toContain('2026');
    expect(list[1]?.textContent).toContain('the cost was refunded');
    expect(region().className).toContain('max-h-96');
    expect(region().getAttribute('tabindex')).toBe('0');
  });

  it('reloads every 3 s while a message is on its way, until it is final', async () => {
    let status: 'queued' | 'delivered' = 'queued';
    const api = fakeApi({
      'GET /api/sms/history?page=1&pageSize=10': () =>
        json(history([aMessage({ status, createdAt: new Date().toISOString() })])),
    });
    render();
    expect((await within(region()).findByText('Queued')).className).toContain('yellow');
    status = 'delivered';
    expect(await within(region()).findByText('Delivered', {}, { timeout: 4500 })).toBeTruthy();
    const calls = api.count('GET /api/sms/history?page=1&pageSize=10');
    await new Promise((r) => setTimeout(r, 3500));
    expect(api.count('GET /api/sms/history?page=1&pageSize=10')).toBe(calls);
  }, 10_000);

  it('stops watching a message sent long ago, whose receipt may never come', async () => {
    const old = new Date(Date.now() - 60 * 60_000).toISOString();
    const api = fakeApi({
      'GET /api/sms/history?page=1&pageSize=10': () =>
        json(history([aMessage({ status: 'sent', createdAt: old })])),
    });
    render();
    await within(region()).findByText('Sent');
    await new Promise((r) => setTimeout(r, 3500));
    expect(api.count('GET /api/sms/history?page=1&pageSize=10')).toBe(1);
  }, 10_000);

  it('loads older messages on demand', async () => {
    const page = (n: number, count: number) =>
      Array.from({ length: count }, (_, i) =>
        aMessage({ id: `${n}-${i}`, recipient: `+4474001234${n}${i}` }),
      );
    fakeApi({
      'GET /api/sms/history?page=1&pageSize=10': () => json(history(page(1, 10), 12, 1)),
      'GET /api/sms/history?page=2&pageSize=10': () => json(history(page(2, 2), 12, 2)),
    });
    render();
    expect(await within(region()).findAllByTestId('sms-history-item')).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(region()).findByText('+447400123421')).toBeTruthy();
    expect(within(region()).getAllByTestId('sms-history-item')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('reloads the balance when a message in the history turns final', async () => {
    let status: 'sent' | 'failed' = 'sent';
    const api = fakeApi({
      [HISTORY]: () => json(history([aMessage({ status, createdAt: new Date().toISOString() })])),
      'GET /api/auth/user': () => json(aUser({ cryptoBalance: '1.0000' })),
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderWithApp(
        <>
          <BalanceCard />
          <MessageHistory />
        </>,
        { user: aUser({ cryptoBalance: '0.9684' }) },
      );
      expect(await within(region()).findByText('Sent')).toBeTruthy();
      expect(screen.getByTestId('sms-balance').textContent).toBe('£0.96');
      await vi.advanceTimersByTimeAsync(3000);
      await vi.waitFor(() => expect(api.count(HISTORY)).toBe(2));
      // Still on its way: nothing to reload yet.
      expect(api.count('GET /api/auth/user')).toBe(0);
      status = 'failed';
      await vi.advanceTimersByTimeAsync(3000);
      expect(await within(region()).findByText('Failed')).toBeTruthy();
      await vi.waitFor(() => expect(screen.getByTestId('sms-balance').textContent).toBe('£1.00'));
      expect(api.count('GET /api/auth/user')).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
