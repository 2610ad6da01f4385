import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { anAdminTrunk } from '../test-fixtures';
import { SipTrunksTab } from './sip-trunks-tab';

const LIST = 'GET /api/admin/sip-trunks';

beforeEach(() => {
  fakeApi({
    [LIST]: () =>
      json({
        items: [
          anAdminTrunk(),
          anAdminTrunk({
            id: 't2',
            email: 'ada@example.com',
            status: 'suspended',
            authMethod: 'ip',
            addresses: 2,
            channels: 10,
            stats: {
              channelsInUse: 0,
              callsToday: 0,
              answeredToday: 0,
              minutesToday: 0,
              asr: null,
              acdSeconds: null,
              quality: null,
            },
          }),
        ],
      }),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('admin SipTrunksTab', () => {
  it("lists every customer's trunks with state, channels of the limit and today's figures", async () => {
    renderWithApp(<SipTrunksTab />, { user: aUser({ isAdmin: true }) });
    const table = await screen.findByRole('table', { name: 'SIP trunks' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = rows[1] as HTMLElement;
    expect(within(first).getByText('grace@example.com')).toBeTruthy();
    expect(within(first).getByText('t123456789')).toBeTruthy();
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('3 of 50')).toBeTruthy();
    expect(within(first).getByText('1,234')).toBeTruthy();
    expect(within(first).getByText('80.0%')).toBeTruthy();
    expect(within(first).getByText('2:15')).toBeTruthy();
    const second = rows[2] as HTMLElement;
    expect(within(second).getByText('Suspended')).toBeTruthy();
    expect(within(second).getByText('Allowed addresses: 2')).toBeTruthy();
    expect(within(second).getByText('0 of 10')).toBeTruthy();
    expect(within(second).getAllByText('—')).toHaveLength(2);
  });

  it('says when no customer has a trunk', async () => {
    fakeApi({ [LIST]: () => json({ items: [] }) });
    renderWithApp(<SipTrunksTab />, { user: aUser({ isAdmin: true }) });
    expect(await screen.findByText('No customer has a SIP trunk yet.')).toBeTruthy();
  });
});
