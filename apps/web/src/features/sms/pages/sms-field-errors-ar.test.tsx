import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setLanguage } from '@/lib/i18n';
import { apiError, fakeApi, history, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import SmsPage from './sms-page';

spyOnToasts();

const ARABIC_INVALID_NUMBER = 'صيغة رقم الهاتف غير صالحة';

let api: ReturnType<typeof fakeApi>;
beforeEach(async () => {
  api = fakeApi({
    'GET /api/sms/history?page=1&pageSize=10': () => json(history([])),
    'GET /api/auth/user': () => json(aUser({ cryptoBalance: '0.9368' })),
  });
  await setLanguage('ar');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
  localStorage.clear();
});

/** The send form refused by the server with this English beside the field's code. */
async function refusedWith(english: string) {
  const refusal = () =>
    apiError(400, 'INVALID_NUMBER', english, [
      { path: 'body.recipient', code: 'RECIPIENT_INVALID', params: {}, message: english },
    ]);
  api.routes['POST /api/sms/send'] = refusal;
  api.routes['POST /api/sms/quote'] = refusal;
  const user = userEvent.setup();
  const view = renderWithApp(<SmsPage />, {
    user: aUser({ cryptoBalance: '0.9684' }),
    path: '/services/sms',
  });
  await user.type(document.getElementById('sms-recipient') as HTMLElement, '+99912345');
  await user.type(document.getElementById('sms-message') as HTMLElement, 'Hello');
  await user.click(document.querySelector('button[type="submit"]') as HTMLElement);
  const error = await vi.waitFor(() => {
    const el = document.getElementById('sms-recipient-error');
    if (!el) throw new Error('no field error yet');
    return el;
  });
  const text = error.textContent;
  view.unmount();
  return text;
}

describe('a server field error in Arabic', () => {
  it('is translated from its code, whatever English the server sends beside it', async () => {
    const first = await refusedWith('Invalid phone number format');
    expect(first).toBe(ARABIC_INVALID_NUMBER);
    const reworded = await refusedWith('That does not look like a phone number');
    expect(reworded).toBe(first);
    expect(screen.queryByText('That does not look like a phone number')).toBeNull();
  });
});
