import type { Call, MonitoringAlerts, MonitoringOverview, MonitoringQuality } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { AlertsTab } from './alerts-tab';
import { CallsTab } from './calls-tab';
import { OverviewTab } from './overview-tab';
import { QualityTab } from './quality-tab';

afterEach(() => vi.unstubAllGlobals());

const OVERVIEW: MonitoringOverview = {
  currency: 'GBP',
  activeCalls: 2,
  today: { calls: 7, billedSeconds: 390, billedMinutes: '6.50' },
  range: {
    from: '2026-06-15',
    to: '2026-06-15',
    attempts: 7,
    answered: 4,
    asr: '57.1',
    averageDuration: 83,
  },
  spend: { today: '0.3625', month: '12.40' },
  included: {
    minutesPerPeriod: 2000,
    periodStart: '2026-05-20T10:00:00.000Z',
    usedSeconds: 180,
    leftSeconds: 119_820,
  },
  generatedAt: '2026-06-15T12:00:00.000Z',
};

const aCall = (over: Partial<Call> = {}): Call => ({
  id: 'c1',
  direction: 'outbound',
  callerId: '+447400100100',
  destination: '+442071110001',
  country: 'GB',
  status: 'ended',
  duration: 125,
  billableSeconds: 180,
  includedSeconds: 0,
  cost: '0.36',
  ratePerMinute: '0.12',
  price: '0.1200',
  priceCurrency: 'GBP',
  increments: '60/60',
  maxSeconds: 3600,
  hangupCause: 'normal',
  hangupBy: 'caller',
  createdAt: '2026-06-15T09:00:00.000Z',
  answeredAt: '2026-06-15T09:00:05.000Z',
  endedAt: '2026-06-15T09:02:10.000Z',
  lateReportAt: null,
  ...over,
});
const page = (items: Call[], total = items.length, p = 1) =>
  json({ items, total, page: p, pageSize: 20 });

const stat = (key: string) => screen.getByTestId(`stat-${key}`);

describe('OverviewTab', () => {
  it('shows the figures the server computed, with durations as m:ss', async () => {
    fakeApi({ 'GET /api/sip/monitoring/overview': () => json(OVERVIEW) });
    renderWithApp(<OverviewTab />, { user: aUser() });
    expect(await screen.findByText('Active calls now')).toBeTruthy();
    expect(within(stat('active')).getByText('2')).toBeTruthy();
    expect(within(stat('today')).getByText('6.5 billed minutes')).toBeTruthy();
    expect(within(stat('asr')).getByText('57.1 %')).toBeTruthy();
    expect(within(stat('acd')).getByText('1:23')).toBeTruthy();
    expect(within(stat('spendToday')).getByText('£0.3625')).toBeTruthy();
    expect(within(stat('spendMonth')).getByText('£12.40')).toBeTruthy();
    expect(within(stat('included')).getByText('1,997 of 2,000 min')).toBeTruthy();
  });

  it('asks for the chosen days', async () => {
    const api = fakeApi({
      'GET /api/sip/monitoring/overview': () => json(OVERVIEW),
      'GET /api/sip/monitoring/overview?from=2026-06-01': () => json(OVERVIEW),
      'GET /api/sip/monitoring/overview?from=2026-06-01&to=2026-06-10': () =>
        json({
          ...OVERVIEW,
          range: { ...OVERVIEW.range, from: '2026-06-01', to: '2026-06-10', asr: null },
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<OverviewTab />, { user: aUser() });
    await screen.findByText('57.1 %');
    await user.type(screen.getByLabelText('From'), '2026-06-01');
    await user.type(screen.getByLabelText('To'), '2026-06-10');
    await waitFor(() =>
      expect(api.count('GET /api/sip/monitoring/overview?from=2026-06-01&to=2026-06-10')).toBe(1),
    );
    expect(await within(stat('asr')).findByText('—')).toBeTruthy();
  });
});

describe('CallsTab', () => {
  it('lists calls with badges and m:ss, filters, pages and exports with the filters', async () => {
    const api = fakeApi({
      'GET /api/sip/monitoring/calls?page=1&pageSize=20': () =>
        page(
          [
            aCall(),
            aCall({
              id: 'c2',
              status: 'failed',
              duration: 0,
              cost: '0',
              destination: '+12125550002',
            }),
            aCall({ id: 'c3', status: 'ringing', duration: null, cost: null }),
            aCall({
              id: 'c4',
              direction: 'inbound',
              destination: '+12125550099',
              status: 'no_answer',
              duration: 0,
            }),
          ],
          45,
        ),
      'GET /api/sip/monitoring/calls?page=2&pageSize=20': () => page([aCall({ id: 'c9' })], 45, 2),
      'GET /api/sip/monitoring/calls?status=failed&destination=1212&page=1&pageSize=20': () =>
        page([aCall({ id: 'c2', status: 'failed', destination: '+12125550002' })]),
    });
    const user = userEvent.setup();
    renderWithApp(<CallsTab />, { user: aUser() });
    const table = await screen.findByRole('table');
    expect(within(table).getByText('2:05')).toBeTruthy();
    expect(within(table).getByText('Completed').getAttribute('data-tone')).toBe('good');
    expect(within(table).getByText('Failed').getAttribute('data-tone')).toBe('bad');
    expect(within(table).getByText('Ringing').getAttribute('data-tone')).toBe('waiting');
    // Only the call that rang one of the customer's numbers is marked.
    const incoming = within(table).getAllByText('Incoming');
    expect(incoming).toHaveLength(1);
    expect(incoming[0]?.closest('tr')?.textContent).toContain('+12125550099');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Call status'), 'failed');
    await user.type(screen.getByLabelText('Destination'), '1212');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(
        api.count(
          'GET /api/sip/monitoring/calls?status=failed&destination=1212&page=1&pageSize=20',
        ),
      ).toBe(1),
    );
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/sip/monitoring/calls/export?status=failed&destination=1212',
    );
  });

  it('refuses a destination with letters before asking the server', async () => {
    const api = fakeApi({
      'GET /api/sip/monitoring/calls?page=1&pageSize=20': () => page([]),
    });
    const user = userEvent.setup();
    renderWithApp(<CallsTab />, { user: aUser() });
    expect(await screen.findByText('No calls match these filters.')).toBeTruthy();
    const field = screen.getByLabelText('Destination');
    await user.type(field, 'abc');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field);
    expect(screen.getByText('Use digits only, optionally starting with +.')).toBeTruthy();
    expect(api.calls).toHaveLength(1);
  });
});

describe('QualityTab', () => {
  it('shows figures by country and "not reported" where the relay said nothing', async () => {
    const figures = {
      calls: 2,
      answered: 1,
      answerRate: '50.0',
      pddMs: 1200,
      jitterMs: null,
      lossPercent: null,
      mos: null,
      causes: [
        { cause: 'cutoff', count: 1 },
        { cause: 'failed', count: 1 },
      ],
    };
    const quality: MonitoringQuality = {
      from: '2026-05-17',
      to: '2026-06-15',
      total: { ...figures, jitterMs: '5.00', mos: '4.20', lossPercent: '0.500' },
      countries: [{ country: 'US', ...figures }],
    };
    fakeApi({ 'GET /api/sip/monitoring/quality': () => json(quality) });
    renderWithApp(<QualityTab />, { user: aUser() });
    const row = (await screen.findByRole('rowheader', { name: 'United States' })).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('50 %')).toBeTruthy();
    expect(within(row).getByText('1,200 ms')).toBeTruthy();
    expect(within(row).getAllByText('not reported')).toHaveLength(3);
    expect(within(row).getByText('Credit cut-off: 1')).toBeTruthy();
    const all = screen.getByRole('rowheader', { name: 'All destinations' }).closest('tr');
    if (!all) throw new Error('no row');
    expect(within(all).getByText('4.2')).toBeTruthy();
    expect(within(all).getByText('5 ms')).toBeTruthy();
  });
});

describe('AlertsTab', () => {
  const ALERTS: MonitoringAlerts = {
    settings: {
      minBalance: null,
      runwayHours: 24,
      failurePercent: 50,
      failureWindow: 20,
      notifyCutoffs: true,
      notifyConcurrency: true,
    },
    runway: { balance: '0.50', spendPerHour: '0.0081', hours: '61.7' },
    alerts: [
      { kind: 'cutoffs', count: 1, lastAt: '2026-06-15T09:01:50.000Z' },
      { kind: 'concurrency', count: 3, limit: 2, lastAt: '2026-06-15T09:01:00.000Z' },
    ],
    evaluatedAt: '2026-06-15T12:00:00.000Z',
  };

  it('tells the runway in days once it is two days or more, in hours below that', async () => {
    fakeApi({
      'GET /api/sip/monitoring/alerts': () =>
        json({
          ...ALERTS,
          settings: { ...ALERTS.settings, runwayHours: 720 },
          runway: { balance: '2905.24', spendPerHour: '0.0081', hours: '358671.8' },
          alerts: [
            {
              kind: 'low_runway',
              balance: '0.50',
              spendPerHour: '0.0300',
              hours: '16.6',
              thresholdHours: 720,
            },
          ],
        }),
    });
    renderWithApp(<AlertsTab />, { user: aUser() });
    const list = await screen.findByRole('list', { name: 'Current alerts' });
    expect(
      within(list).getByText(/your balance lasts about 16\.6 hours, less than 30 days\./),
    ).toBeTruthy();
    const summary = screen.getByText(/^Available balance/);
    expect(summary.textContent).toContain('it lasts about 14,944 days.');
    expect(summary.textContent).not.toContain('358');
  });

  it('lists what triggers and saves thresholds, an empty one switched off', async () => {
    const api = fakeApi({
      'GET /api/sip/monitoring/alerts': () => json(ALERTS),
      'PUT /api/sip/monitoring/alerts/settings': () =>
        json({
          ...ALERTS,
          settings: { ...ALERTS.settings, minBalance: '5.00', runwayHours: null },
          alerts: [{ kind: 'low_balance', balance: '0.50', minBalance: '5.00' }],
        }),
    });
    const user = userEvent.setup();
    renderWithApp(<AlertsTab />, { user: aUser() });
    const list = await screen.findByRole('list', { name: 'Current alerts' });
    expect(within(list).getByText('Calls cut off')).toBeTruthy();
    expect(within(list).getByText('Concurrent call limit reached')).toBeTruthy();
    expect(
      within(list).getByText(/3 times in the last 7 days your calls reached your limit of 2/),
    ).toBeTruthy();

    await user.type(screen.getByLabelText('Minimum balance (£)'), '5');
    await user.clear(screen.getByLabelText('Balance runway (hours)'));
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    await waitFor(() => expect(api.count('PUT /api/sip/monitoring/alerts/settings')).toBe(1));
    expect(api.calls.at(-1)?.body).toEqual({
      minBalance: '5',
      runwayHours: null,
      failurePercent: 50,
      failureWindow: 20,
      notifyCutoffs: true,
      notifyConcurrency: true,
    });
    expect(await screen.findByText('Low balance')).toBeTruthy();
  });

  it('tells a threshold out of range before sending', async () => {
    const api = fakeApi({
      'GET /api/sip/monitoring/alerts': () => json({ ...ALERTS, alerts: [] }),
    });
    const user = userEvent.setup();
    renderWithApp(<AlertsTab />, { user: aUser() });
    expect(await screen.findByText('No alerts: everything looks normal.')).toBeTruthy();
    const percent = screen.getByLabelText('Failure rate (%)');
    await user.clear(percent);
    await user.type(percent, '150');
    await user.click(screen.getByRole('button', { name: 'Save thresholds' }));
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(percent);
    expect(api.count('PUT /api/sip/monitoring/alerts/settings')).toBe(0);
  });
});
