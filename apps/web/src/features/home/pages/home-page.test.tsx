import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import HomePage from './home-page';

afterEach(() => vi.unstubAllGlobals());

describe('HomePage', () => {
  it('shows the balance to the penny, rounded down, in the page language', () => {
    fakeApi({ 'GET /api/services?lang=en': () => json([]) });
    renderWithApp(<HomePage />, { user: aUser({ cryptoBalance: '24.9960' }) });
    expect(screen.getByTestId('balance').textContent).toBe('£24.99');
  });
});
