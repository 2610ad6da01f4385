import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { GuardrailsCard } from './guardrails-card';

const showToast = spyOnToasts();

const NONE = {
  dailySpendCap: null,
  smsCountries: null,
  voiceCountries: null,
  maxSmsPrice: null,
  maxMinutePrice: null,
  lowBalanceAlert: null,
  spentToday: '1.20',
  updatedAt: null,
};
const KEY = 'PUT /api/account/guardrails';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    'GET /api/account/guardrails': () => json(NONE),
    [KEY]: (init) => json({ ...NONE, ...JSON.parse(String(init?.body)), updatedAt: 'now' }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = () => renderWithApp(<GuardrailsCard />, { user: aUser(), path: '/account' });

describe('GuardrailsCard', () => {
  it('saves a daily cap and an SMS country list chosen by search, with a toast', async () => {
    const user = userEvent.setup();
    renderCard();
    expect(await screen.findByText(/Spent today \(UTC\): .£1\.20/)).toBeTruthy();
    await user.type(screen.getByLabelText('Daily spending cap (GBP)'), '5');
    const sms = screen.getByRole('group', { name: 'Countries for SMS' });
    await user.click(within(sms).getByLabelText('Only the countries I choose'));
    await user.type(within(sms).getByRole('searchbox'), 'united king');
    await user.click(within(sms).getByRole('checkbox', { name: /United Kingdom/ }));
    expect(within(sms).getByText('Chosen: 1')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(api.calls.find((c) => c.key === KEY)?.body).toEqual({
      dailySpendCap: '5',
      smsCountries: ['GB'],
      voiceCountries: null,
      maxSmsPrice: null,
      maxMinutePrice: null,
      lowBalanceAlert: null,
    });
    expect(showToast).toHaveBeenCalledWith('success', 'Success', 'Your spending limits are saved.');
  });

  it('checks the fields here first: a bad amount and an empty list, nothing sent', async () => {
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByLabelText('Maximum price per SMS (GBP)'), '0.123456');
    const calls = screen.getByRole('group', { name: 'Countries for calls' });
    await user.click(within(calls).getByLabelText('Only the countries I choose'));
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(
      await screen.findByText('Enter an amount of 0 or more with at most four decimals'),
    ).toBeTruthy();
    expect(
      within(calls).getByText('Choose at least one country, or allow all countries'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Maximum price per SMS (GBP)').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(api.count(KEY)).toBe(0);
  });

  it("shows the server's refusal under its field and an error toast", async () => {
    api.routes[KEY] = () =>
      apiError(400, 'VALIDATION_FAILED', 'bad', [
        {
          path: 'body.lowBalanceAlert',
          code: 'AMOUNT_TOO_LARGE',
          params: { max: '1000000' },
          message: 'x',
        },
      ]);
    const user = userEvent.setup();
    renderCard();
    await user.type(await screen.findByLabelText('Low-balance alert (GBP)'), '7');
    await user.click(screen.getByRole('button', { name: 'Save limits' }));
    expect(await screen.findByText(/1000000/)).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('error', 'Error', expect.any(String));
  });
});
