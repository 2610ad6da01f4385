import { waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPage from '@/app/admin/admin-page';
import ChooseNumberPage from '@/features/catalogue/pages/choose-number-page';
import SipMonitoringPage from '@/features/voice-monitoring/pages/sip-monitoring-page';
import { apiError } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { openedAtReads } from './opened-at-reads';

afterEach(() => vi.unstubAllGlobals());

const CUSTOMER = { isAdmin: false };
const ADMIN = { isAdmin: true };

/** Renders `ui` at `path` and resolves with every address it asked for. */
async function readsOf(ui: ReactElement, path: string, expected: string[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      return apiError(404, 'NOT_FOUND', 'Not found');
    }),
  );
  renderWithApp(ui, { user: aUser({ isAdmin: true }), path });
  await waitFor(() => expect(asked).toEqual(expect.arrayContaining(expected)));
}

// Early reads the page would not ask for are wasted requests: each page still asks for
// exactly these when it renders.
describe('the reads started early for the page the app was opened at', () => {
  it('are the number shop’s first page', async () => {
    const reads = openedAtReads('/did-numbers', '', CUSTOMER);
    expect(reads).toEqual(['/api/numbers?page=1&pageSize=50']);
    await readsOf(<ChooseNumberPage />, '/did-numbers', reads);
  });

  it('are SIP monitoring’s overview', async () => {
    const reads = openedAtReads('/sip-monitoring', '', CUSTOMER);
    expect(reads).toHaveLength(1);
    await readsOf(<SipMonitoringPage />, '/sip-monitoring', reads);
  });

  it('are the admin panel’s notices, and the payments when that tab is open', async () => {
    const reads = openedAtReads('/admin', '', ADMIN);
    expect(reads).toHaveLength(4);
    expect(openedAtReads('/admin', '?tab=payments', ADMIN)).toEqual(reads);
    expect(openedAtReads('/admin', '?tab=users', ADMIN)).toEqual(reads.slice(0, 3));
    await readsOf(<AdminPage />, '/admin', reads);
  });

  it('are none for a page not listed, for a visitor, nor the admin’s for a customer', () => {
    expect(openedAtReads('/account', '', CUSTOMER)).toEqual([]);
    expect(openedAtReads('/did-numbers', '', null)).toEqual([]);
    expect(openedAtReads('/admin', '', CUSTOMER)).toEqual([]);
  });
});
