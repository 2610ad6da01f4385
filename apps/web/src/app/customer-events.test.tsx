import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions } from '@/lib/current-user';
import { aCall } from '@/test/fake-api';
import { spyOnToasts } from '@/test/toasts';
import { useCustomerEvents } from './customer-events';

const showToast = spyOnToasts();

/** Enough of EventSource to dispatch named events to the hook. */
let lastClient: QueryClient | null = null;

class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function setup(enabled = true) {
  const client = new QueryClient();
  lastClient = client;
  const invalidated: unknown[] = [];
  vi.spyOn(client, 'invalidateQueries').mockImplementation(async (filters) => {
    invalidated.push(filters?.queryKey);
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useCustomerEvents(enabled), { wrapper });
  return { hook, invalidated };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  showToast.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('useCustomerEvents', () => {
  it('opens one stream on /api/events and closes it on unmount', () => {
    const { hook } = setup();
    expect(FakeEventSource.opened.map((s) => s.url)).toEqual(['/api/events']);
    hook.unmount();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });

  it('opens nothing when disabled', () => {
    setup(false);
    expect(FakeEventSource.opened).toEqual([]);
  });

  it('on an approval reloads transactions, orders, monthly items and the user, and says so', async () => {
    const { invalidated } = setup();
    FakeEventSource.opened[0]?.emit('transaction.updated', { id: 't1', status: 'approved' });
    expect(invalidated).toEqual([
      ['transactions'],
      ['orders'],
      ['subscriptions'],
      userQueryOptions.queryKey,
    ]);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Payment approved',
        expect.stringContaining('balance'),
      ),
    );
  });

  it('on a sender ID decision reloads the senders and the SMS quote, and says which', async () => {
    const { invalidated } = setup();
    FakeEventSource.opened[0]?.emit('sender.updated', {
      id: 's1',
      senderId: 'AcmeShop',
      status: 'approved',
    });
    expect(invalidated).toEqual([['sms', 'senders'], ['sms-quote']]);
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Sender ID approved',
        'Your messages can now go out as AcmeShop.',
      ),
    );
    FakeEventSource.opened[0]?.emit('sender.updated', {
      id: 's2',
      senderId: 'Other',
      status: 'rejected',
    });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Sender ID rejected',
        'Other was not approved; the reason is under Sender IDs on the SMS page.',
      ),
    );
    // A request of their own (from another tab) only reloads the list.
    showToast.mockClear();
    FakeEventSource.opened[0]?.emit('sender.updated', {
      id: 's3',
      senderId: 'New',
      status: 'pending',
    });
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on a rejection shows an error toast', async () => {
    setup();
    FakeEventSource.opened[0]?.emit('transaction.updated', { id: 't1', status: 'rejected' });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', 'Payment rejected', expect.any(String)),
    );
  });

  it('on a new payment reloads only the history, without a toast', async () => {
    const { invalidated } = setup();
    FakeEventSource.opened[0]?.emit('transaction.created', { id: 't2' });
    expect(invalidated).toEqual([['transactions']]);
    await new Promise((r) => setTimeout(r, 20));
    expect(showToast).not.toHaveBeenCalled();
  });

  it('on call.updated stores the call for the live panel and reloads the call lists', () => {
    const { invalidated } = setup();
    const call = aCall({ id: 'c9', status: 'ringing', cost: null });
    FakeEventSource.opened[0]?.emit('call.updated', { userId: 'u1', call });
    expect(lastClient?.getQueryData(['voice', 'call', 'c9'])).toEqual(call);
    expect(invalidated).toEqual([
      ['voice', 'history'],
      ['voice', 'recent'],
      ['voice', 'status'],
      ['voice-monitoring'],
    ]);
  });

  it('when a call ends also reloads the balance, the price and the SIP account', () => {
    const { invalidated } = setup();
    FakeEventSource.opened[0]?.emit('call.updated', { userId: 'u1', call: aCall({ id: 'c9' }) });
    expect(invalidated).toEqual([
      ['voice', 'history'],
      ['voice', 'recent'],
      ['voice', 'status'],
      userQueryOptions.queryKey,
      ['voice-quote'],
      ['voice', 'account'],
      ['voice-monitoring'],
    ]);
  });

  it('never lets an older report of a call replace a newer one', () => {
    setup();
    const stream = FakeEventSource.opened[0];
    stream?.emit('call.updated', { userId: 'u1', call: aCall({ id: 'c9', status: 'answered' }) });
    stream?.emit('call.updated', { userId: 'u1', call: aCall({ id: 'c9', status: 'ringing' }) });
    expect(lastClient?.getQueryData<{ status: string }>(['voice', 'call', 'c9'])?.status).toBe(
      'answered',
    );
  });

  it('on deposit.updated writes the deposit into the quote and reads the quote again', () => {
    const { invalidated } = setup();
    const key = ['payments', 'quote-status', 'q1'];
    lastClient?.setQueryData(key, { deposits: [] });
    FakeEventSource.opened[0]?.emit('deposit.updated', {
      id: 'd1',
      quoteId: 'q1',
      amount: '0.001',
      currency: 'BTC',
      status: 'seen',
      confirmations: 0,
      required: 2,
      creditAmount: null,
      late: false,
      flagged: false,
    });
    const deposits = lastClient?.getQueryData<{ deposits: { status: string }[] }>(key)?.deposits;
    expect(deposits?.map((d) => d.status)).toEqual(['seen']);
    // A read already in flight (from before the event) must not have the last word.
    expect(invalidated).toContainEqual(key);
  });

  it('on a fresh stream reads again what it keeps current; a resumed one replays instead', () => {
    const { invalidated } = setup();
    const source = FakeEventSource.opened[0] as FakeEventSource;
    source.emit('connected', { replayed: 2, resumed: true });
    expect(invalidated).toEqual([]);
    source.emit('connected', { replayed: 0, resumed: false });
    expect(invalidated).toEqual([
      ['transactions'],
      ['orders'],
      ['subscriptions'],
      userQueryOptions.queryKey,
      ['ledger'],
      ['sms', 'senders'],
      ['voice-monitoring'],
    ]);
  });
});
