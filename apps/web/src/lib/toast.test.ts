import { act, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterAll, describe, expect, it, vi } from 'vitest';

const sonner = vi.hoisted(() => ({ calls: [] as unknown[][] }));
vi.mock('sonner', () => {
  const record =
    (kind: string) =>
    (...args: unknown[]) =>
      sonner.calls.push([kind, ...args]);
  return {
    Toaster: ({ dir }: { dir: string }) => createElement('div', { 'data-testid': 'toaster', dir }),
    toast: {
      success: record('success'),
      error: record('error'),
      info: record('info'),
      dismiss: record('dismiss'),
    },
  };
});

import { setLanguage } from './i18n';
import { showToast } from './toast';

const toaster = () => document.querySelector('[data-testid="toaster"]');

afterAll(() => setLanguage('en'));

describe('showToast', () => {
  it('shows the toast, and the viewport follows the language direction', async () => {
    showToast('error', 'Error', 'Something failed', 10_000);
    await waitFor(() => expect(sonner.calls).toHaveLength(2));
    // One toast at a time (SPEC): whatever shows is dismissed first.
    expect(sonner.calls).toEqual([
      ['dismiss'],
      ['error', 'Error', { description: 'Something failed', duration: 10_000 }],
    ]);
    await waitFor(() => expect(toaster()?.getAttribute('dir')).toBe('ltr'));

    await act(() => setLanguage('ar'));
    await waitFor(() => expect(toaster()?.getAttribute('dir')).toBe('rtl'));
    await act(() => setLanguage('de'));
    await waitFor(() => expect(toaster()?.getAttribute('dir')).toBe('ltr'));

    showToast('success', 'Saved');
    await waitFor(() => expect(sonner.calls).toHaveLength(4));
    expect(sonner.calls.slice(2)).toEqual([['dismiss'], ['success', 'Saved', {}]]);
    expect(document.querySelectorAll('[data-testid="toaster"]')).toHaveLength(1);
  });
});
