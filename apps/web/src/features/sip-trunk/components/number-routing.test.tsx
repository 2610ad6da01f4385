import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import SipTrunkPage from '../pages/sip-trunk-page';
import { aTrunk, LIST, NUMBER_ID, ROUTE, TRUNK_ID, trunksAnswer } from '../test-fixtures';

const showToast = spyOnToasts();

const SECOND = '55555555-5555-4555-8555-555555555555';
let routedTo: string | null = null;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  routedTo = null;
  showToast.mockClear();
  api = fakeApi({
    [LIST]: () => {
      const answer = trunksAnswer([
        aTrunk(),
        aTrunk({ id: SECOND, name: 'Trunk Starter (SIP Trunking)', username: 't987654321' }),
      ]);
      answer.numbers = answer.numbers.map((n) =>
        n.id === NUMBER_ID ? { ...n, trunkId: routedTo } : n,
      );
      return json(answer);
    },
    [ROUTE]: (init) => {
      routedTo = JSON.parse(String(init?.body)).trunkId;
      return new Response(null, { status: 204 });
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithApp(<SipTrunkPage tiers={null} addons={() => null} />, {
    user: aUser(),
    path: '/services/sip-trunk',
  });

describe('number routing', () => {
  it('points a number at a trunk, then back to the softphones', async () => {
    const user = userEvent.setup();
    renderPage();
    const select = (await screen.findByLabelText(/\+442071234567/)) as HTMLSelectElement;
    expect(select.value).toBe('');
    await user.selectOptions(select, SECOND);
    await waitFor(() => expect(api.count(ROUTE)).toBe(1));
    expect(api.calls.find((c) => c.key === ROUTE)?.body).toEqual({ trunkId: SECOND });
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        expect.stringContaining('Trunk Starter (SIP Trunking) (t987654321)'),
      ),
    );
    expect(select.value).toBe(SECOND);

    await user.selectOptions(select, '');
    await waitFor(() => expect(api.count(ROUTE)).toBe(2));
    expect(api.calls.filter((c) => c.key === ROUTE)[1]?.body).toEqual({ trunkId: null });
    await waitFor(() => expect(select.value).toBe(''));
  });

  it('puts the stored choice back when the change is refused', async () => {
    routedTo = TRUNK_ID;
    api.routes[ROUTE] = () => apiError(404, 'NOT_FOUND', 'Not found');
    const user = userEvent.setup();
    renderPage();
    const select = (await screen.findByLabelText(/\+442071234567/)) as HTMLSelectElement;
    await waitFor(() => expect(select.value).toBe(TRUNK_ID));
    await user.selectOptions(select, '');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', 'Error', expect.any(String)),
    );
    await waitFor(() => expect(select.value).toBe(TRUNK_ID));
  });

  it('shows which trunk the page shows when there are several', async () => {
    const user = userEvent.setup();
    renderPage();
    const picker = await screen.findByLabelText('Trunk shown');
    await user.selectOptions(picker, SECOND);
    expect(screen.getByTestId('trunk-username').textContent).toBe('t987654321');
  });
});
