import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { anOverview, DOMAINS, OVERVIEW, pageOf, USERS } from '../test-fixtures';
import { MailRelay } from './mail-relay';

spyOnToasts();

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    [OVERVIEW]: () => json(anOverview()),
    [USERS]: () => json([]),
    [DOMAINS]: () => json([]),
    'GET /api/mail/suppressions?page=1': () => json(pageOf([], 0, 1, 50)),
    'GET /api/mail/messages?page=1': () => json(pageOf([])),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderRelay = () => renderWithApp(<MailRelay />, { user: aUser(), path: '/services/smtp' });

describe('MailRelay', () => {
  it('without an SMTP package says to buy one above and shows nothing of the relay', async () => {
    api.routes[OVERVIEW] = () => json(anOverview({ package: null }));
    renderRelay();
    const relay = screen.getByRole('region', { name: 'Your SMTP relay' });
    expect(
      await within(relay).findByText(/^Buy one of the SMTP packages above to get your SMTP relay/),
    ).toBeTruthy();
    expect(within(relay).queryByRole('region')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create SMTP user' })).toBeNull();
    // Only the overview was asked for: the rest would be refused without a package.
    expect(api.calls.map((c) => c.key)).toEqual([OVERVIEW]);
  });

  it('shows where to connect, with a copy button for each setting', async () => {
    renderRelay();
    const settings = await screen.findByRole('region', { name: 'Connection settings' });
    expect(within(settings).getByTestId('mail-host').textContent).toBe('smtp.parley.test');
    expect(within(settings).getByTestId('mail-submission-port').textContent).toBe('587');
    expect(within(settings).getByText('with STARTTLS')).toBeTruthy();
    expect(within(settings).getByTestId('mail-smtps-port').textContent).toBe('465');
    expect(within(settings).getByText('with TLS from the start')).toBeTruthy();
    expect(within(settings).getByText(/^AUTH PLAIN or LOGIN with an SMTP user below/)).toBeTruthy();
    for (const name of ['Copy server', 'Copy 587', 'Copy 465'])
      expect(within(settings).getByRole('button', { name })).toBeTruthy();
  });

  it("tells this period's use, its end, the overage price and today's recipients", async () => {
    renderRelay();
    const usage = await screen.findByRole('region', { name: 'Usage this period' });
    expect(within(usage).getByText('Package: \u2068SMTP Basic\u2069')).toBeTruthy();
    expect(within(usage).getByText('1,234 of 10,000 emails used')).toBeTruthy();
    expect(within(usage).getByText('The period ends on Mar 31, 2026.')).toBeTruthy();
    expect(
      within(usage).getByText(
        'Beyond the allowance: £0.80 per 1,000 emails, taken from your balance.',
      ),
    ).toBeTruthy();
    expect(within(usage).getByText('Today: 56 of 5,000 recipients (daily cap)')).toBeTruthy();
    const log = screen.getByRole('region', { name: 'Delivery log' });
    expect(within(log).getByText(/^Messages stay in this log for 7 days/)).toBeTruthy();
  });

  it('says when the package is unlimited and when sending stops instead of overage', async () => {
    const base = anOverview().package;
    if (!base) throw new Error('fixture has a package');
    api.routes[OVERVIEW] = () =>
      json(
        anOverview({
          package: {
            ...base,
            monthlyEmails: null,
            used: 250_000,
            overagePer1000: null,
            logDays: 90,
          },
        }),
      );
    renderRelay();
    const usage = await screen.findByRole('region', { name: 'Usage this period' });
    expect(within(usage).getByText('250,000 emails sent (unlimited)')).toBeTruthy();
    expect(
      within(usage).getByText('No overage: sending stops when the allowance is used up.'),
    ).toBeTruthy();
    expect(screen.getByText(/^Messages stay in this log for 90 days/)).toBeTruthy();
  });

  it('offers a retry when the relay cannot be loaded', async () => {
    api.routes[OVERVIEW] = () => json({ error: { code: 'INTERNAL', message: 'x' } }, 500);
    renderRelay();
    expect(await screen.findByText('Your SMTP relay could not be loaded.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
