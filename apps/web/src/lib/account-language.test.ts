import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { useAccountLanguage } from './account-language';
import { setLanguage } from './i18n';

const PUT = 'PUT /api/account/language';
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  sessionStorage.clear();
  api = fakeApi({ [PUT]: () => new Response(null, { status: 204 }) });
});
afterEach(async () => {
  await setLanguage('en');
  vi.unstubAllGlobals();
});

describe('useAccountLanguage', () => {
  it('sends the language once after sign-in, and again at each change', async () => {
    const first = renderHook(() => useAccountLanguage('u1'));
    await waitFor(() => expect(api.calls).toEqual([{ key: PUT, body: { language: 'en' } }]));
    first.unmount();
    // Another page of the same session: already known.
    renderHook(() => useAccountLanguage('u1'));
    await setLanguage('de');
    await waitFor(() =>
      expect(api.calls.map((c) => c.body)).toEqual([{ language: 'en' }, { language: 'de' }]),
    );
  });

  it('sends nothing for a visitor', async () => {
    renderHook(() => useAccountLanguage(null));
    await setLanguage('fr');
    expect(api.count(PUT)).toBe(0);
  });
});
