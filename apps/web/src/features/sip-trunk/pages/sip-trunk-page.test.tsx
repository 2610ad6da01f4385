import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { aTrunk, LIST, PASSWORD, TRUNK_ID, trunksAnswer } from '../test-fixtures';
import SipTrunkPage from './sip-trunk-page';

const showToast = spyOnToasts();

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () => json(trunksAnswer([aTrunk()])),
    [PASSWORD]: () => json({ password: 'N3wPassw0rd' }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = (path = '/services/sip-trunk') =>
  renderWithApp(
    <SipTrunkPage
      tiers={<p>Trunk packages on sale</p>}
      addons={(trunkId) => <p>Add-ons on sale for {trunkId ?? 'no trunk'}</p>}
    />,
    { user: aUser(), path },
  );

describe('SipTrunkPage', () => {
  it('without a trunk offers the trunk packages, not settings', async () => {
    api.routes[LIST] = () => json(trunksAnswer([], { numbers: [] }));
    renderPage();
    const offer = await screen.findByRole('region', { name: 'You have no SIP trunk yet' });
    expect(within(offer).getByText('Trunk packages on sale')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Configure Service' })).toBeNull();
    expect(screen.queryByText('Credentials for your PBX')).toBeNull();
  });

  it('shows the trunk with its state, settings and credentials, the password hidden until asked', async () => {
    const user = userEvent.setup();
    renderPage();
    const trunk = await screen.findByRole('region', { name: /Trunk Professional/ });
    expect(within(trunk).getByText('Active')).toBeTruthy();
    expect(within(trunk).getByText('50 (package: 50)')).toBeTruthy();
    expect(within(trunk).getByText('Username and password')).toBeTruthy();
    expect(within(trunk).getByText('Numbers ringing here').nextSibling?.textContent).toBe('None');
    expect(screen.getByTestId('trunk-username').textContent).toBe('t123456789');
    expect(screen.getByTestId('trunk-domain').textContent).toBe('sip.parley.test');
    expect(screen.getByTestId('trunk-ports').textContent).toBe('UDP 5060, TCP 5060, TLS 5061');
    expect(screen.getByTestId('trunk-password').textContent).not.toContain('Qm4vT8xLp2');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByTestId('trunk-password').textContent).toBe('Qm4vT8xLp2');
    expect(screen.getByRole('button', { name: 'Hide password' })).toBeTruthy();
  });

  it('makes a new password only after the confirmation, and shows it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'New password' }));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.count(PASSWORD)).toBe(0);

    await user.click(screen.getByRole('button', { name: 'New password' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'New password' }));
    await waitFor(() =>
      expect(screen.getByTestId('trunk-password').textContent).toBe('N3wPassw0rd'),
    );
    expect(api.count(PASSWORD)).toBe(1);
  });

  it('says a suspended trunk refuses calls and links to paying its renewal', async () => {
    api.routes[LIST] = () => json(trunksAnswer([aTrunk({ status: 'suspended' })]));
    renderPage();
    expect(await screen.findByText('Suspended')).toBeTruthy();
    expect(screen.getByText(/its calls are refused/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Pay the renewal' }).getAttribute('href')).toBe(
      '/dashboard#dashboard-active',
    );
  });

  it("shows today's figures on the monitoring tab", async () => {
    renderPage('/services/sip-trunk?tab=monitoring');
    expect((await screen.findByTestId('trunk-stat-channels')).textContent).toBe('3 of 50');
    expect(screen.getByTestId('trunk-stat-calls').textContent).toBe('1,234');
    expect(screen.getByTestId('trunk-stat-minutes').textContent).toBe('4,321');
    expect(screen.getByTestId('trunk-stat-asr').textContent).toBe('80.0%');
    expect(screen.getByTestId('trunk-stat-acd').textContent).toBe('2:15');
    expect(screen.getByText(/come with the Analytics add-on/)).toBeTruthy();
  });

  it('with the Analytics add-on shows media quality and offers the call records', async () => {
    const stats = { ...aTrunk().stats, quality: { mos: 4.31, jitterMs: 2.5, lossPercent: 0.12 } };
    api.routes[LIST] = () => json(trunksAnswer([aTrunk({ analytics: true, stats })]));
    renderPage('/services/sip-trunk?tab=monitoring');
    expect((await screen.findByTestId('trunk-quality-mos')).textContent).toBe('4.31');
    expect(screen.getByTestId('trunk-quality-jitter').textContent).toBe('2.5 ms');
    expect(screen.getByTestId('trunk-quality-loss').textContent).toBe('0.12%');
    expect(screen.getByRole('button', { name: /Download call records/ })).toBeTruthy();
  });

  it("fills the technical tab's PBX settings with the trunk's values", async () => {
    renderPage('/services/sip-trunk?tab=technical');
    const asterisk = await screen.findByRole('region', { name: 'Asterisk (pjsip.conf)' });
    expect(asterisk.textContent).toContain('username=t123456789');
    // Shown masked; the copy button carries the real password.
    expect(asterisk.textContent).not.toContain('Qm4vT8xLp2');
    expect(screen.getByRole('region', { name: 'FreeSWITCH (gateway)' })).toBeTruthy();
    expect(screen.getByRole('region', { name: '3CX (generic SIP trunk)' })).toBeTruthy();
  });

  it('lists the add-ons attached to the trunk', async () => {
    api.routes[LIST] = () => json(trunksAnswer([aTrunk({ failover: true, analytics: true })]));
    renderPage('/services/sip-trunk?tab=addons');
    expect((await screen.findByTestId('trunk-addons')).textContent).toContain(
      'Failover, Analytics',
    );
    // Bought from here, an add-on is for the trunk shown.
    expect(screen.getByText(`Add-ons on sale for ${TRUNK_ID}`)).toBeTruthy();
  });
});
