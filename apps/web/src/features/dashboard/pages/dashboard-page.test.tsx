import type { Transaction } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { aCall } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { spendEntriesOf } from '../api/spending';
import DashboardPage from './dashboard-page';

const showToast = spyOnToasts();

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const notFound = () =>
  json({ error: { code: 'NOT_FOUND', message: 'Not found', requestId: 'r' } }, 404);

const PREFS = {
  timeframe: '30',
  showSpending: false,
  showProjections: false,
  showServiceBreakdown: false,
  showTransactionTrends: false,
  updatedAt: null,
};

const tx = (over: Partial<Transaction> = {}): Transaction => ({
  id: 't1',
  kind: 'topup',
  serviceName: 'Add Funds',
  servicePrice: '150.00',
  amount: '150.00',
  amountCurrency: 'USD',
  currency: 'BTC',
  network: 'bitcoin',
  walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  cryptoAmount: '0.00157895',
  txHash: 'a'.repeat(8) + 'b'.repeat(48) + 'c'.repeat(8),
  creditAmount: '118.50',
  status: 'approved',
  adminNotes: null,
  noteCodes: [],
  approvedAt: null,
  createdAt: new Date().toISOString(),
  ...over,
});

let routes: Record<string, (init?: RequestInit) => Response>;
const calls: { url: string; init?: RequestInit }[] = [];

beforeEach(() => {
  calls.length = 0;
  routes = {
    'GET /api/transactions?lang=en': () => json([]),
    'GET /api/orders?lang=en': notFound,
    'GET /api/dashboard/preferences': () => json(PREFS),
    'GET /api/services?lang=en': () => json([]),
    'GET /api/subscriptions?lang=en': () =>
      json({
        items: [],
        available: '0.0000',
        dueIn30Days: '0.00',
        shortfall: '0.0000',
        dailyUsage: '0.0000',
        runwayDays: null,
      }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, init });
      const handler = routes[`${init?.method ?? 'GET'} ${url}`];
      return handler ? handler(init) : notFound();
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

const renderPage = (balance = '0.00') =>
  renderWithApp(
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/payment" element={<Where />} />
    </Routes>,
    { user: aUser({ cryptoBalance: balance }), path: '/dashboard' },
  );

describe('DashboardPage', () => {
  it('brings a linked section below the fold into view once it is there', async () => {
    const scrolled: string[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this.id);
    });
    onTestFinished(() => {
      Element.prototype.scrollIntoView = original;
    });
    renderWithApp(
      <Routes>
        <Route path="/dashboard" element={<DashboardPage />} />
      </Routes>,
      { user: aUser(), path: '/dashboard#dashboard-active' },
    );
    await waitFor(() => expect(scrolled).toEqual(['dashboard-active']));
  });

  it('shows what pending payments will credit beside the balance', async () => {
    routes['GET /api/transactions?lang=en'] = () =>
      json([
        tx({ id: 'p1', status: 'pending', creditAmount: '118.50' }),
        tx({ id: 'p2', status: 'pending', creditAmount: '40.25' }),
        tx({ id: 'a1', status: 'approved', creditAmount: '99.00' }),
      ]);
    renderPage('12.00');
    const pending = await screen.findByTestId('balance-pending');
    expect(pending.textContent?.replace(/[\u2066-\u2069]/g, '')).toBe('£158.75 awaiting approval');
  });

  it('shows no pending line when no payment awaits approval', async () => {
    routes['GET /api/transactions?lang=en'] = () => json([tx()]);
    renderPage('12.00');
    await screen.findByTestId('balance');
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/transactions?lang=en')).toBe(true),
    );
    expect(screen.queryByTestId('balance-pending')).toBeNull();
  });

  it('shows a new customer zero tiles and every empty state', async () => {
    renderPage();
    expect(await screen.findByText('No transactions yet')).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'Overview' });
    expect(within(tiles).getAllByText('£0.00')).toHaveLength(3);
    expect(within(tiles).getByText('0')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Make Your First Payment' }).getAttribute('href')).toBe(
      '/payment',
    );
    expect(await screen.findByText('No SMS messages yet')).toBeTruthy();
    expect(await screen.findByText('No calls made yet')).toBeTruthy();
    // GET /api/orders answering 404 reads as having nothing yet, not as a failure.
    expect(await screen.findByText('You have no active services or numbers yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts every debit as spent, by kind, and projects only renewals plus usage', async () => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const tz = -today.getTimezoneOffset();
    routes[`GET /api/dashboard/spending?days=30&tzOffset=${tz}&lang=en`] = () =>
      json({
        entries: [
          { date: day, kind: 'purchases', label: 'SIP domain', amount: '400.0000', count: 1 },
          { date: day, kind: 'sms', label: null, amount: '3.0000', count: 90 },
          { date: day, kind: 'calls', label: null, amount: '1.5000', count: 2 },
        ],
        recurringMonthly: '25.00',
      });
    renderPage('500.00');
    const tiles = screen.getByRole('region', { name: 'Overview' });
    expect(await within(tiles).findByText('£404.50')).toBeTruthy();
    expect(within(tiles).getByText('Purchases £400.00 · SMS £3.00 · Calls £1.50')).toBeTruthy();
    // £25 of renewals and £4.50 of usage in 30 days: the £400 domain is not monthly.
    expect(within(tiles).getByText('£29.50')).toBeTruthy();
  });

  it('lists the latest transactions with a shortened hash and a coloured status', async () => {
    routes['GET /api/transactions?lang=en'] = () =>
      json([
        tx(),
        tx({ id: 't2', status: 'rejected', createdAt: '2020-01-01T00:00:00.000Z', txHash: null }),
      ]);
    renderPage('118.50');
    const history = await screen.findByRole('region', { name: 'Transaction History' });
    expect(await within(history).findByText('aaaaaaaa…cccccccc')).toBeTruthy();
    expect(within(history).getAllByText('$150.00')).toHaveLength(2);
    expect(within(history).getByText('Approved').className).toContain('green');
    expect(within(history).getByText('Rejected').className).toContain('red');
    expect(within(screen.getByRole('region', { name: 'Overview' })).getByText('2')).toBeTruthy();
    expect(screen.getAllByText('£118.50').length).toBeGreaterThan(0);
  });

  it('lists the 3 latest SMS from the history with the SMS page’s own status words', async () => {
    const sms = (id: string, status: string, minute: number) => ({
      id,
      senderId: 'Parley',
      recipient: `+44740012345${id}`,
      message: `Message ${id}`,
      status,
      encoding: 'GSM-7',
      segments: 1,
      cost: '0.0316',
      error: null,
      batchId: null,
      createdAt: `2026-03-01T10:0${minute}:00.000Z`,
    });
    routes['GET /api/sms/history?pageSize=3'] = () =>
      json({
        items: [sms('1', 'delivered', 3), sms('2', 'failed', 2), sms('3', 'queued', 1)],
        total: 7,
        page: 1,
        pageSize: 3,
      });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Recent SMS Messages' });
    expect(await within(card).findByText('Message 1')).toBeTruthy();
    expect(within(card).getAllByRole('listitem')).toHaveLength(3);
    // Delivered, as the SMS page says, not "Sent".
    expect(within(card).getByText('Delivered').className).toContain('green');
    expect(within(card).queryByText('Sent')).toBeNull();
    expect(within(card).getByText('Failed').className).toContain('red');
    expect(within(card).getByText('Queued').className).toContain('yellow');
    expect(within(card).getAllByText(/£0\.0316/)).toHaveLength(3);
    expect(within(card).getByRole('link', { name: 'Send SMS' }).getAttribute('href')).toBe(
      '/services/sms',
    );
  });

  it('checks the Add Funds minimum, then goes to the payment page for a top-up', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Add Funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Funds' });
    const amount = within(dialog).getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '99.99');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect(within(dialog).getByText('Minimum deposit is $100 USD')).toBeTruthy();
    expect(amount.getAttribute('aria-invalid')).toBe('true');

    await user.clear(amount);
    await user.type(amount, '150.5');
    await user.selectOptions(within(dialog).getByLabelText('Cryptocurrency'), 'ETH');
    await user.click(within(dialog).getByRole('button', { name: 'Continue to Payment' }));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/payment?service=balance&type=Add+Funds&amount=150.5&currency=ETH',
    );
  });

  it('lists the 3 latest SIP calls with status, m:ss and exact cost', async () => {
    routes['GET /api/sip/history?pageSize=3'] = () =>
      json({
        items: [
          aCall({
            id: 'a',
            destination: '+447400000001',
            status: 'ended',
            duration: 75,
            cost: '0.0316',
            createdAt: '2026-03-03T10:00:00.000Z',
          }),
          aCall({
            id: 'b',
            destination: '+447400000002',
            status: 'busy',
            duration: 0,
            cost: '0.0000',
            createdAt: '2026-03-02T10:00:00.000Z',
          }),
          aCall({
            id: 'c',
            destination: '+447400000003',
            status: 'answered',
            duration: null,
            cost: null,
            createdAt: '2026-03-01T10:00:00.000Z',
          }),
        ],
        total: 7,
        page: 1,
        pageSize: 3,
      });
    renderPage();
    const card = await screen.findByRole('region', { name: 'Recent SIP Calls' });
    const rows = await within(card).findAllByTestId('dashboard-call');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      '+447400000001',
      '+447400000002',
      '+447400000003',
    ]);
    expect(rows[0]?.textContent).toContain('1:15');
    expect(rows[0]?.textContent).toContain('£0.0316');
    expect(rows[2]?.textContent).toContain('0:00');
    expect(rows[2]?.textContent).toContain('—');
    expect(rows.map((r) => r.querySelector('[data-tone]')?.textContent)).toEqual([
      'Completed',
      'Busy',
      'In progress',
    ]);
    expect(within(card).getByRole('link', { name: 'Make a call' }).getAttribute('href')).toBe(
      '/services/sip',
    );
  });

  it('saves a widget setting at once, and puts it back when saving fails', async () => {
    const user = userEvent.setup();
    routes['PUT /api/dashboard/preferences'] = (init) =>
      json({ ...PREFS, ...JSON.parse(String(init?.body)), updatedAt: 'now' });
    renderPage();
    const spending = await screen.findByRole('checkbox', { name: 'Spending Overview' });
    await waitFor(() => expect(spending).toHaveProperty('disabled', false));
    await user.click(spending);
    expect(spending).toHaveProperty('checked', true);
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ showSpending: true });
    expect(await screen.findByRole('region', { name: 'Spending Overview' })).toBeTruthy();

    routes['PUT /api/dashboard/preferences'] = () =>
      json({ error: { code: 'INTERNAL', message: 'x', requestId: 'r' } }, 500);
    await user.selectOptions(screen.getByLabelText('Timeframe'), '7');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Error',
        'Your widget settings could not be saved.',
      ),
    );
    expect(screen.getByLabelText('Timeframe')).toHaveProperty('value', '30');
  });
});

describe('spendEntriesOf', () => {
  it('names a purchase by its item and the rest by their kind, on the local day, usage marked', () => {
    const entries = spendEntriesOf(
      {
        entries: [
          {
            date: '2025-01-02',
            kind: 'purchases',
            label: 'VoIP Starter',
            amount: '99.00',
            count: 1,
          },
          { date: '2025-01-03', kind: 'sms', label: null, amount: '0.0948', count: 3 },
          { date: '2025-01-03', kind: 'calls', label: null, amount: '1.20', count: 1 },
        ],
        recurringMonthly: '99.00',
      },
      (kind) => `<${kind}>`,
    );
    expect(entries.map((e) => [e.serviceName, e.amount, e.kind, e.usage])).toEqual([
      ['VoIP Starter', '99.00', 'purchases', false],
      ['<sms>', '0.0948', 'sms', true],
      ['<calls>', '1.20', 'calls', true],
    ]);
    const at = new Date(entries[1]?.at ?? 0);
    expect([at.getFullYear(), at.getMonth(), at.getDate()]).toEqual([2025, 0, 3]);
  });
});

describe('DashboardPage: renewals', () => {
  const sub = (over: Record<string, unknown> = {}) => ({
    id: 's1',
    itemKind: 'package',
    itemId: 'p1',
    name: 'Starter (VoIP Calling)',
    amount: '15.00',
    status: 'active',
    autoRenew: true,
    renewsAt: new Date(Date.now() + 10 * 86_400_000).toISOString(),
    graceUntil: null,
    suspendedAt: null,
    releaseAt: null,
    endedAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  });
  const mine =
    (items: unknown[], over: Record<string, unknown> = {}) =>
    () =>
      json({
        items,
        available: '20.0000',
        dueIn30Days: '25.00',
        shortfall: '5.0000',
        dailyUsage: '0.0000',
        runwayDays: 41,
        ...over,
      });

  it('shows the runway, what renews in 30 days and the shortfall with a top-up', async () => {
    routes['GET /api/subscriptions?lang=en'] = mine([
      sub(),
      sub({ id: 's2', name: '+442071230001', itemKind: 'number', amount: '10.00' }),
    ]);
    renderPage('20.00');
    const card = await screen.findByRole('region', { name: 'Renewals and runway' });
    expect(await within(card).findByText('41 days')).toBeTruthy();
    expect(within(card).getByText('£25.00')).toBeTruthy();
    expect(within(card).getAllByText(/£15\.00 on|£10\.00 on/)).toHaveLength(2);
    expect(within(card).getByRole('alert').textContent).toContain(
      'Your balance is £5.00 short of what renews in the next 30 days.',
    );
    expect(within(card).getByRole('button', { name: 'Top up' })).toBeTruthy();
  });

  it('gives Financial Projections the same days left as the runway, whatever was bought once', async () => {
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    const tz = -today.getTimezoneOffset();
    routes['GET /api/dashboard/preferences'] = () => json({ ...PREFS, showProjections: true });
    // A one-off £400 domain and £15 of monthly renewals: spread evenly the £15 would read
    // 40 days; the runway, renewals as they fall due, reads 41.
    routes[`GET /api/dashboard/spending?days=30&tzOffset=${tz}&lang=en`] = () =>
      json({
        entries: [
          { date: day, kind: 'purchases', label: 'SIP domain', amount: '400.0000', count: 1 },
        ],
        recurringMonthly: '15.00',
      });
    routes['GET /api/subscriptions?lang=en'] = mine([sub()]);
    renderPage('20.00');
    const runway = await screen.findByRole('region', { name: 'Renewals and runway' });
    expect(await within(runway).findByText('41 days')).toBeTruthy();
    const projections = await screen.findByRole('region', { name: 'Financial Projections' });
    const days = within(projections).getByText('Days your balance lasts').nextElementSibling;
    await waitFor(() => expect(days?.textContent).toBe('41'));
  });

  it('says the monthly items could not be loaded instead of showing nothing bought', async () => {
    routes['GET /api/subscriptions?lang=en'] = () =>
      json({ error: { code: 'INTERNAL', message: 'x', requestId: 'r' } }, 500);
    renderPage('20.00');
    const active = await screen.findByRole('region', { name: 'Your active services and numbers' });
    expect(await within(active).findByRole('alert')).toBeTruthy();
    expect(within(active).getByText('Your monthly items could not be loaded.')).toBeTruthy();
    expect(within(active).queryByText('You have no active services or numbers yet.')).toBeNull();
  });

  it('says when the balance lasts over a year and when nothing is spent', async () => {
    routes['GET /api/subscriptions?lang=en'] = mine([], {
      runwayDays: 365,
      shortfall: '0.0000',
      dueIn30Days: '0.00',
    });
    renderPage('900.00');
    const card = await screen.findByRole('region', { name: 'Renewals and runway' });
    expect(await within(card).findByText('Over a year')).toBeTruthy();
    expect(within(card).getByText('Nothing renews in the next 30 days.')).toBeTruthy();
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('stops a renewal after asking, and reactivates an unpaid item for its amount', async () => {
    const user = userEvent.setup();
    routes['GET /api/subscriptions?lang=en'] = mine([
      sub(),
      sub({
        id: 's2',
        name: 'Cloud PBX',
        amount: '10.00',
        status: 'grace',
        graceUntil: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      }),
    ]);
    routes['PUT /api/subscriptions/s1'] = () => json(sub({ autoRenew: false }));
    routes['POST /api/subscriptions/s2/reactivate'] = () => json(sub({ id: 's2' }));
    renderPage('50.00');
    const active = await screen.findByRole('region', {
      name: 'Your active services and numbers',
    });
    expect(await within(active).findByText('Payment due')).toBeTruthy();
    await user.click(within(active).getByRole('button', { name: 'Stop renewal' }));
    const ask = await screen.findByRole('alertdialog');
    expect(ask.textContent).toContain('Nothing more is charged for it.');
    await user.click(within(ask).getByRole('button', { name: 'Stop renewal' }));
    await waitFor(() =>
      expect(calls.some((c) => c.init?.method === 'PUT' && c.url === '/api/subscriptions/s1')).toBe(
        true,
      ),
    );
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({ autoRenew: false });
    await user.click(within(active).getByRole('button', { name: 'Pay £10.00 and reactivate' }));
    const pay = await screen.findByRole('alertdialog');
    expect(pay.textContent).toContain('£10.00 is charged from your balance now');
    await user.click(within(pay).getByRole('button', { name: 'Pay £10.00 and reactivate' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/subscriptions/s2/reactivate')).toBe(true),
    );
    await waitFor(() => expect(showToast).toHaveBeenCalledTimes(2));
  });
});
