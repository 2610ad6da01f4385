import type { MailDomain } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { ADD_DOMAIN, aDomain, DOMAINS, REMOVE_DOMAIN, VERIFY } from '../test-fixtures';
import { SendingDomains } from './sending-domains';

const showToast = spyOnToasts();

/** The domain after a check that found the SPF record only. */
const checked = (): MailDomain => {
  const domain = aDomain({ checkedAt: '2026-03-02T10:00:00.000Z' });
  const [spf, dkim, back] = domain.records;
  if (!spf || !dkim || !back) throw new Error('three records');
  return {
    ...domain,
    records: [
      { ...spf, status: 'ok' },
      { ...dkim, status: 'missing' },
      { ...back, status: 'wrong' },
    ],
  };
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [DOMAINS]: () => json([]),
    [ADD_DOMAIN]: () => json(aDomain(), 201),
    [VERIFY]: () => json(checked()),
    [REMOVE_DOMAIN]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderDomains = () =>
  renderWithApp(<SendingDomains />, { user: aUser(), path: '/services/smtp' });

describe('SendingDomains', () => {
  it('refuses a domain that is not one, in words, without asking the server', async () => {
    const user = userEvent.setup();
    renderDomains();
    const field = await screen.findByLabelText('Domain');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(screen.getByText('Domain is required')).toBeTruthy();
    await user.type(field, 'not a domain');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(screen.getByText('Enter a domain name such as example.com')).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(api.count(ADD_DOMAIN)).toBe(0);
  });

  it("tells the server's refusal of the field in words", async () => {
    api.routes[ADD_DOMAIN] = () =>
      // Told by its code: the server's English is never shown.
      apiError(400, 'VALIDATION_FAILED', 'Invalid', [
        { path: 'body.domain', code: 'MAIL_DOMAIN_TAKEN', message: 'taken (server words)' },
      ]);
    const user = userEvent.setup();
    renderDomains();
    await user.type(await screen.findByLabelText('Domain'), 'Example.COM');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    expect(await screen.findByText('Another account sends from this domain')).toBeTruthy();
    expect(api.calls.find((c) => c.key === ADD_DOMAIN)?.body).toEqual({ domain: 'Example.COM' });
  });

  it('adds a domain and shows its three records to publish, each copyable', async () => {
    const user = userEvent.setup();
    renderDomains();
    await user.type(await screen.findByLabelText('Domain'), 'example.com');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    const item = await screen.findByTestId('mail-domain-example.com');
    expect(within(item).getByText('Not verified')).toBeTruthy();
    expect(within(item).getByRole('heading', { name: 'example.com' })).toBe(document.activeElement);
    const records = within(item).getByRole('list', { name: 'Records for example.com' });
    const spf = within(records).getByRole('listitem', { name: /^SPF/ });
    expect(within(spf).getByTestId('mail-record-type').textContent).toBe('TXT');
    expect(within(spf).getByTestId('mail-record-value').textContent).toBe(
      'v=spf1 include:_spf.smtp.parley.test ~all',
    );
    const dkim = within(records).getByRole('listitem', { name: /^DKIM/ });
    expect(within(dkim).getByTestId('mail-record-host').textContent).toBe(
      'parley._domainkey.example.com',
    );
    // The long key wraps rather than widening the page.
    expect(within(dkim).getByTestId('mail-record-value').className).toContain('break-all');
    const back = within(records).getByRole('listitem', { name: /^Return path/ });
    expect(within(back).getByTestId('mail-record-type').textContent).toBe('CNAME');
    for (const record of [spf, dkim, back]) {
      expect(within(record).getByText('Not checked')).toBeTruthy();
      expect(within(record).getByRole('button', { name: 'Copy value' })).toBeTruthy();
      expect(within(record).getByRole('button', { name: 'Copy host' })).toBeTruthy();
    }
    expect(screen.getByLabelText('Domain')).toHaveProperty('value', '');
  });

  it('verifies on demand and shows what DNS held for each record', async () => {
    api.routes[DOMAINS] = () => json([aDomain()]);
    const user = userEvent.setup();
    renderDomains();
    await user.click(await screen.findByRole('button', { name: 'Verify example.com' }));
    await waitFor(() => expect(api.count(VERIFY)).toBe(1));
    const item = screen.getByTestId('mail-domain-example.com');
    const status = (name: RegExp) =>
      within(within(item).getByRole('listitem', { name })).getByTestId('mail-record-status')
        .textContent;
    await waitFor(() => expect(status(/^SPF/)).toBe('Found'));
    expect(status(/^DKIM/)).toBe('Missing');
    expect(status(/^Return path/)).toBe('Wrong value');
    expect(within(item).getByTestId('mail-domain-result').textContent).toMatch(
      /^Checked .*: 1 of 3 records found\./,
    );
    expect(within(item).getByText('Not verified')).toBeTruthy();

    api.routes[VERIFY] = () =>
      json({
        ...checked(),
        verifiedAt: '2026-03-02T11:00:00.000Z',
        records: checked().records.map((r) => ({ ...r, status: 'ok' })),
      });
    await user.click(screen.getByRole('button', { name: 'Verify example.com' }));
    await waitFor(() => expect(within(item).getByText('Verified')).toBeTruthy());
    expect(within(item).getByTestId('mail-domain-result').textContent).toMatch(
      /every record was found\. The domain is verified\./,
    );
  });

  it('removes a domain only after the confirmation', async () => {
    api.routes[DOMAINS] = () => json([aDomain()]);
    const user = userEvent.setup();
    renderDomains();
    await user.click(await screen.findByRole('button', { name: 'Remove example.com' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove this sending domain?' });
    expect(confirm.textContent).toContain('will be refused from now on');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.count(REMOVE_DOMAIN)).toBe(1));
  });
});
