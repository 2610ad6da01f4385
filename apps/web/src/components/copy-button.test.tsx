import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/clipboard', () => ({ copyText: vi.fn() }));

import { copyText } from '@/lib/clipboard';
import { renderWithApp } from '@/test/render';
import { CopyButton } from './copy-button';

afterEach(() => {
  vi.useRealTimers();
  vi.mocked(copyText).mockReset();
});

describe('CopyButton', () => {
  it('says Copied! for 2 s once the text is copied', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.mocked(copyText).mockResolvedValue(true);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithApp(<CopyButton text="addr" label="Copy Address" />);
    await user.click(screen.getByRole('button', { name: 'Copy Address' }));
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeTruthy();
    expect(vi.mocked(copyText).mock.calls[0]?.[0]).toBe('addr');
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.getByRole('button', { name: 'Copy Address' })).toBeTruthy();
  });

  it('tells the customer to copy by hand when nothing could copy', async () => {
    vi.mocked(copyText).mockResolvedValue(false);
    const user = userEvent.setup();
    renderWithApp(<CopyButton text="addr" label="Copy Address" />);
    await user.click(screen.getByRole('button', { name: 'Copy Address' }));
    expect(
      await screen.findByRole('button', { name: 'Could not copy. Please copy it manually.' }),
    ).toBeTruthy();
  });
});
