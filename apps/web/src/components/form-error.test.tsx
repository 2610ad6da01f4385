import { renderHook } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { setLanguage } from '@/lib/i18n';
import { useFormErrorMessage } from './form-error';

const refused = (issues: { code: string; params?: Record<string, number> }[]) =>
  new ApiError(
    400,
    'VALIDATION_FAILED',
    'Invalid request. body.url: At most 2000 characters',
    null,
    {},
    {},
    issues.map((i) => ({ params: {}, message: 'English', path: 'url', ...i })),
  );

afterAll(() => setLanguage('en'));

describe('useFormErrorMessage', () => {
  it('says a refused form’s problems in the page’s language, never the server’s English', async () => {
    const { result } = renderHook(() => useFormErrorMessage());
    const err = refused([{ code: 'TOO_LONG', params: { maximum: 2000 } }]);
    expect(result.current(err, 'fallback', 'offline')).toBe('At most 2000 characters');
    await setLanguage('ar');
    const { result: ar } = renderHook(() => useFormErrorMessage());
    const text = ar.current(refused([{ code: 'CONTROL_CHARACTERS' }]), 'fallback', 'offline');
    expect(text).not.toContain('Control characters');
    expect(text).not.toContain('body.');
    expect(text.length).toBeGreaterThan(0);
    await setLanguage('en');
  });

  it('names each problem once', () => {
    const { result } = renderHook(() => useFormErrorMessage());
    const err = refused([{ code: 'CONTROL_CHARACTERS' }, { code: 'CONTROL_CHARACTERS' }]);
    expect(result.current(err, 'fallback', 'offline')).toBe('Control characters are not allowed');
  });

  it('keeps the code’s own translation, the server’s message and the fallbacks otherwise', () => {
    const { result } = renderHook(() => useFormErrorMessage());
    const limited = new ApiError(429, 'RATE_LIMITED', 'Too many requests');
    expect(result.current(limited, 'fallback', 'offline')).not.toBe('Too many requests');
    expect(result.current(new ApiError(400, null, 'Plain'), 'fallback', 'offline')).toBe('Plain');
    expect(result.current(new Error('x'), 'fallback', 'offline')).toBe('offline');
  });
});
