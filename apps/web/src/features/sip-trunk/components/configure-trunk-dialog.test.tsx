import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import SipTrunkPage from '../pages/sip-trunk-page';
import { aTrunk, LIST, trunksAnswer, UPDATE } from '../test-fixtures';

const showToast = spyOnToasts();

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () => json(trunksAnswer([aTrunk({ maxChannels: 50, channels: 50 })])),
    [UPDATE]: (init) => json({ ...aTrunk(), ...JSON.parse(String(init?.body)) }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const openDialog = async () => {
  const user = userEvent.setup();
  renderWithApp(<SipTrunkPage tiers={null} addons={() => <p>Add-ons on sale</p>} />, {
    user: aUser(),
    path: '/services/sip-trunk',
  });
  await user.click(await screen.findByRole('button', { name: 'Configure Service' }));
  return { user, dialog: await screen.findByRole('dialog') };
};

describe('Configure Service dialog', () => {
  it('saves IP authentication with an added range, caller ID and inbound host', async () => {
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    await user.selectOptions(d.getByLabelText('Authentication method'), 'ip');
    const box = d.getByLabelText('Address or range to add');
    // A malformed range is refused as it is added, with the reason under the box.
    await user.type(box, '81.2.69.1/24');
    await user.click(d.getByRole('button', { name: 'Add' }));
    expect(d.getByText('Enter an IP address or a range such as 81.2.69.0/24')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await user.clear(box);
    await user.type(box, '81.2.69.0/24{Enter}');
    expect(d.getByRole('button', { name: 'Remove (81.2.69.0/24)' })).toBeTruthy();
    await user.type(box, '2a00:1450::1');
    await user.clear(d.getByLabelText('Concurrent calls'));
    await user.type(d.getByLabelText('Concurrent calls'), '20');
    await user.selectOptions(d.getByLabelText('Codec preference'), 'opus');
    // Verified caller IDs are offered beside the rented numbers.
    await user.selectOptions(d.getByLabelText('Default caller ID'), '+447400123456');
    await user.type(d.getByLabelText('Inbound destination'), 'pbx.example.com:5080');
    await user.click(d.getByRole('button', { name: 'Save settings' }));

    await waitFor(() => expect(api.count(UPDATE)).toBe(1));
    expect(api.calls.find((c) => c.key === UPDATE)?.body).toEqual({
      authMethod: 'ip',
      channels: 20,
      codec: 'opus',
      allowedIps: ['81.2.69.0/24', '2a00:1450::1'],
      callerId: '+447400123456',
      inboundHost: 'pbx.example.com:5080',
      failoverHost: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(showToast).toHaveBeenCalledWith('success', 'Success', 'Your trunk settings are saved.');
  });

  it('stops at the package limit before asking the server', async () => {
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    await user.clear(d.getByLabelText('Concurrent calls'));
    await user.type(d.getByLabelText('Concurrent calls'), '51');
    await user.click(d.getByRole('button', { name: 'Save settings' }));
    expect(await d.findByText('Your package allows at most 50')).toBeTruthy();
    expect(api.count(UPDATE)).toBe(0);
  });

  it("shows the server's field refusals on the right fields", async () => {
    api.routes[LIST] = () =>
      json(
        trunksAnswer([aTrunk({ authMethod: 'ip', allowedIps: ['81.2.69.0/24', '81.2.70.0/24'] })]),
      );
    api.routes[UPDATE] = () =>
      apiError(422, 'VALIDATION_FAILED', 'Invalid request', [
        { path: 'body.allowedIps.1', code: 'IP_TAKEN', message: 'English', params: {} },
        {
          path: 'body.channels',
          code: 'TRUNK_CHANNELS_OVER_PACKAGE',
          message: 'E',
          params: { max: 10 },
        },
        { path: 'body.callerId', code: 'TRUNK_CALLER_ID_NOT_OWNED', message: 'E', params: {} },
        { path: 'body.inboundHost', code: 'PBX_HOST_INVALID', message: 'E', params: {} },
      ]);
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    // The saved choices are what the dialog starts from.
    expect((d.getByLabelText('Authentication method') as HTMLSelectElement).value).toBe('ip');
    await user.click(d.getByRole('button', { name: 'Save settings' }));

    const taken = await d.findByText('This address is already part of another trunk');
    expect(taken.id).toBe('trunk-ip-1-error');
    expect(
      d.getByRole('button', { name: 'Remove (81.2.70.0/24)' }).getAttribute('aria-describedby'),
    ).toBe('trunk-ip-1-error');
    expect(d.getByLabelText('Concurrent calls').getAttribute('aria-describedby')).toContain(
      'trunk-channels-error',
    );
    expect(dialog.querySelector('#trunk-channels-error')?.textContent).toBe(
      'Your package allows at most 10',
    );
    expect(dialog.querySelector('#trunk-caller-id-error')?.textContent).toBe(
      'Choose one of your numbers',
    );
    expect(dialog.querySelector('#trunk-inbound-error')?.textContent).toBe(
      'Enter a host name or IP address, with an optional :port',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('without the failover add-on explains and leads to buying it', async () => {
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    expect(d.queryByLabelText('Failover destination')).toBeNull();
    expect(d.getByText(/needs the Failover add-on/)).toBeTruthy();
    await user.click(d.getByRole('button', { name: 'Buy the Failover add-on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Add-ons on sale')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Add-ons'));
  });

  it('with the add-on edits the failover destination', async () => {
    api.routes[LIST] = () =>
      json(trunksAnswer([aTrunk({ failover: true, codec: 'g729', callerId: '+442079876543' })]));
    const { user, dialog } = await openDialog();
    const d = within(dialog);
    expect((d.getByLabelText('Codec preference') as HTMLSelectElement).value).toBe('g729');
    expect((d.getByLabelText('Default caller ID') as HTMLSelectElement).value).toBe(
      '+442079876543',
    );
    await user.type(d.getByLabelText('Failover destination'), 'backup.example.com');
    await user.click(d.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.count(UPDATE)).toBe(1));
    expect(api.calls.find((c) => c.key === UPDATE)?.body).toMatchObject({
      failoverHost: 'backup.example.com',
    });
  });
});
