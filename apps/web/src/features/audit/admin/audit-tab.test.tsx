import { KNOWN_AUDIT_ACTIONS } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { fakeApi, json } from '@/test/fake-api';
import { AuditTab } from './audit-tab';

afterEach(() => vi.unstubAllGlobals());

const entry = (
  id: string,
  action: string,
  targetType: string,
  before: unknown,
  after: unknown,
) => ({
  id,
  action,
  actor: { id: 'a1', email: 'admin@example.com' },
  targetType,
  targetId: `${targetType}-1`,
  before,
  after,
  ip: '192.0.2.1',
  createdAt: '2026-03-01T10:00:00.000Z',
});

/** The tab over these entries (one page) and facets; its body rows once shown. */
async function auditRows(
  items: ReturnType<typeof entry>[],
  targetTypes: string[],
  total = items.length,
) {
  fakeApi({
    'GET /api/admin/audit?page=1&pageSize=20': () => json({ items, total, page: 1, pageSize: 20 }),
    'GET /api/admin/audit/facets': () => json({ actions: items.map((i) => i.action), targetTypes }),
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuditTab />
    </QueryClientProvider>,
  );
  const table = await screen.findByRole('table', { name: 'Audit log' });
  return within(table).getAllByRole('row').slice(1);
}

describe('AuditTab', () => {
  it('says "1000+" for a log longer than its total counts, and lets the admin page on', async () => {
    // The server counts up to COUNT_CAP and one more (db/count.ts): 1001 means "more".
    await auditRows([entry('1', 'payment.approve', 'transaction', null, null)], [], 1001);
    expect(screen.getByText('Entries: 1000+')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Audit log pages' });
    expect(within(pages).getByText('Page 1 of 50+')).toBeTruthy();
    expect(
      (within(pages).getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('names price, SIP domain and number changes, with the old and new price', async () => {
    const items = [
      entry(
        '1',
        'country_pricing.update',
        'country_pricing',
        { voipPrice: '0.1200', currency: 'GBP' },
        {
          voipPrice: '0.0000',
          currency: 'GBP',
        },
      ),
      entry('2', 'country_pricing.import', 'country_pricing', null, { smsPrice: '0.0300' }),
      entry('3', 'sip_domain.delete', 'sip_domain', { price: '120.00' }, null),
      entry('4', 'number.import', 'number', null, { monthlyPrice: '4.00' }),
    ];
    const rows = await auditRows(items, ['country_pricing', 'sip_domain', 'number']);
    expect(rows[0]?.textContent).toContain('Country price changed');
    expect(rows[0]?.textContent).toContain('VoIP price: was £0.1200 → now £0.0000');
    expect(rows[1]?.textContent).toContain('Country price imported from CSV');
    expect(rows[2]?.textContent).toContain('SIP domain deleted');
    expect(rows[2]?.textContent).toContain('SIP domain');
    expect(rows[3]?.textContent).toContain('DID number imported from CSV');
    const action = await screen.findByRole('option', { name: 'Country price changed' });
    expect(action).toBeTruthy();
    expect(screen.getByRole('option', { name: 'DID number' })).toBeTruthy();
  });

  it('names fields and formats amounts, dates and yes/no in the admin’s language', async () => {
    const items = [
      entry(
        '1',
        'payment.approve',
        'payment',
        {
          status: 'pending',
          amount: '1500.00',
          amountCurrency: 'USD',
          currency: 'BTC',
          cryptoAmount: '0.02345678',
          creditAmount: null,
        },
        {
          status: 'approved',
          amount: '1500.00',
          amountCurrency: 'USD',
          currency: 'BTC',
          cryptoAmount: '0.02345678',
          creditAmount: '1182.35',
        },
      ),
      entry('5', 'payment.create', 'payment', null, {
        amount: '20',
        amountCurrency: 'USD',
        currency: 'ETH',
        cryptoAmount: '0.0061',
      }),
      entry('2', 'balance.adjust', 'user', null, {
        amount: '-12.5',
        balanceAfter: '2087.50',
      }),
      entry('3', 'subscription.extend_grace', 'order', null, {
        graceUntil: '2026-03-08T10:00:00.000Z',
      }),
      entry('4', 'user.suspend', 'user', { suspended: false }, { suspended: true }),
    ];
    const rows = await auditRows(items, ['payment', 'user']);
    const payment = rows[0]?.textContent ?? '';
    expect(payment).toContain('Status: was pending → now approved');
    expect(payment).not.toContain('Crypto amount'); // unchanged
    expect(payment).toContain('Credited to balance: was — → now £1,182.35');
    expect(payment).not.toContain('creditAmount');
    expect(payment).not.toContain('Amount:'); // unchanged fields stay out
    const created = rows[1]?.textContent ?? '';
    expect(created).toContain('Amount: now $20.00');
    expect(created).toContain('Crypto amount: now 0.0061 ETH');
    const adjust = rows[2]?.textContent ?? '';
    expect(adjust).toContain('Amount: now -£12.50');
    expect(adjust).toContain('Balance after: now £2,087.50');
    expect(rows[3]?.textContent).toMatch(/Grace until: now Mar 8, 2026, \d{1,2}:\d{2}/);
    expect(rows[4]?.textContent).toContain('Suspended: was No → now Yes');
  });

  it('names API key and webhook actions, their targets and fields', async () => {
    const items = [
      entry('1', 'api_key.create', 'api_key', null, {
        name: 'CI',
        prefix: 'prl_live_AbCd',
        scopes: ['sms:send'],
      }),
      entry('2', 'api_key.admin_revoke', 'api_key', { name: 'CI', owner: 'u1' }, null),
      entry(
        '3',
        'webhook.disable',
        'webhook_endpoint',
        { enabled: true },
        { enabled: false, reason: 'gone' },
      ),
      entry('4', 'webhook.rotate_secret', 'webhook_endpoint', null, null),
    ];
    const rows = await auditRows(items, ['api_key', 'webhook_endpoint']);
    expect(rows[0]?.textContent).toContain('API key created');
    expect(rows[0]?.textContent).toContain('Key prefix: now prl_live_AbCd');
    expect(rows[1]?.textContent).toContain('API key revoked by an admin');
    expect(rows[2]?.textContent).toContain('Webhook endpoint turned off after failures');
    expect(rows[2]?.textContent).toContain('Enabled: was Yes → now No');
    expect(rows[3]?.textContent).toContain('Webhook signing secret rotated');
    expect(await screen.findByRole('option', { name: 'Webhook endpoint' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'API key' })).toBeTruthy();
  });

  it('has a name for every action it knows in all ten languages', () => {
    const files = import.meta.glob<{ admin: { audit: { actions: Record<string, string> } } }>(
      '../../../locales/*.json',
      { eager: true, import: 'default' },
    );
    expect(Object.keys(files)).toHaveLength(10);
    for (const [file, tree] of Object.entries(files))
      for (const action of KNOWN_AUDIT_ACTIONS)
        expect(
          tree.admin.audit.actions[action.replaceAll('.', '_')],
          `${file} ${action}`,
        ).toBeTruthy();
  });
});
