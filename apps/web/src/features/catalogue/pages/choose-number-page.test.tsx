import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import ChooseNumberPage from './choose-number-page';

afterEach(() => vi.unstubAllGlobals());

describe('ChooseNumberPage', () => {
  it('formats how many numbers were found and the page count', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).startsWith('/api/numbers')
          ? json({ items: [], total: 12345, page: 1, pageSize: 50 })
          : json(null, 401),
      ),
    );
    renderWithApp(<ChooseNumberPage />, { user: aUser(), path: '/did-numbers' });
    expect(await screen.findByText('Numbers found: 12,345')).toBeTruthy();
    expect(screen.getByText('Page 1 of 247')).toBeTruthy();
  });
});
