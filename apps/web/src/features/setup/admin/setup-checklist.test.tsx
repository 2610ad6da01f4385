import type { SetupChecklist } from '@parley/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { SetupNotices } from './setup-checklist';

const coin = (currency: string, wallet: boolean) => ({
  currency,
  wallet,
  rateFresh: true,
  payable: wallet,
});
const fresh: SetupChecklist = {
  complete: false,
  wallets: { done: false, coins: [coin('BTC', false), coin('ETH', false)] } as never,
  rates: {
    done: true,
    stale: [],
    feed: {
      enabled: true,
      sources: ['coingecko', 'coinbase', 'kraken'],
      lastRunAt: '2026-11-28T10:00:00.000Z',
      lastAnsweredAt: null,
      answered: [],
      failed: [
        { source: 'coingecko', reason: 'unreachable' },
        { source: 'coinbase', reason: 'unreachable' },
        { source: 'kraken', reason: 'unreachable' },
      ],
    },
  },
  sms: { done: false, mode: 'sandbox' },
  voice: { done: false, mode: 'sandbox' },
  mail: { done: false },
  secondFactor: { done: true, adminsWithout: 0 },
};

const show = (list: SetupChecklist) => {
  fakeApi({ 'GET /api/admin/setup': () => json(list) });
  return renderWithApp(<SetupNotices />, { user: aUser({ isAdmin: true }), path: '/admin' });
};
afterEach(() => vi.unstubAllGlobals());

describe('the set-up notices', () => {
  it('list what a fresh install lacks, each with its way to fix it, and the feed’s outage', async () => {
    show(fresh);
    const list = await screen.findByRole('region', { name: 'Set-up checklist' });
    expect(within(list).getByText('2 of 6 done')).toBeTruthy();
    const wallets = within(list).getByTestId('setup-wallets');
    expect(wallets.textContent).toContain('No coin can be paid in yet');
    expect(within(wallets).getByRole('link', { name: 'Add a wallet' }).getAttribute('href')).toBe(
      '/admin?tab=wallets',
    );
    expect(within(list).getByTestId('setup-sms').textContent).toContain('SMS_GATEWAY=smpp');
    expect(within(list).getByTestId('setup-mail').textContent).toContain('SMTP_URL');
    // A done item offers no fix.
    expect(within(within(list).getByTestId('setup-rates')).queryByRole('link')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('No exchange-rate source answered');
    expect(alert.textContent).toContain('coingecko, coinbase, kraken');
    expect(alert.textContent).toContain('No source has answered since this server started.');
  });

  it('names the payable coins and stale rates, linking to the rates', async () => {
    show({
      ...fresh,
      wallets: { done: true, coins: [coin('BTC', true), coin('ETH', false)] } as never,
      rates: { ...fresh.rates, done: false, stale: ['USD/GBP'] },
    });
    const rates = await screen.findByTestId('setup-rates');
    expect(rates.textContent).toContain('Out of date: USD/GBP.');
    expect(within(rates).getByRole('link', { name: 'Update the rates' }).getAttribute('href')).toBe(
      '/admin?tab=rates',
    );
    expect(screen.getByTestId('setup-wallets').textContent).toContain('Customers can pay in: BTC.');
  });

  it('says wallets take no payment while their rates are out of date', async () => {
    const waiting = { ...coin('BTC', true), rateFresh: false, payable: false };
    show({
      ...fresh,
      wallets: { done: true, coins: [waiting, coin('ETH', false)] } as never,
      rates: { ...fresh.rates, done: false, stale: ['BTC/USD'] },
    });
    const wallets = await screen.findByTestId('setup-wallets');
    expect(wallets.textContent).toContain(
      'Wallets are set for BTC, but none can be paid in until its exchange rate is up to date.',
    );
    expect(wallets.textContent).not.toContain('No coin can be paid in yet');
  });

  it('is gone once every item is done; an answering feed raises no alert', async () => {
    show({
      ...fresh,
      complete: true,
      rates: {
        ...fresh.rates,
        feed: { ...fresh.rates.feed, answered: ['kraken'], lastAnsweredAt: '2026-11-28T10:00:00Z' },
      },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Set-up checklist' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
