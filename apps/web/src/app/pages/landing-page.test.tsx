import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { LandingPage } from './landing-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('The landing page', () => {
  it('never skips a heading level, so its outline reads in order (the sign-in card is a section of the hero)', async () => {
    fakeApi({});
    renderWithApp(<LandingPage />);
    await screen.findByRole('heading', { name: 'Welcome to Parley' });
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
      Number(h.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    const skips = levels.flatMap((level, i) =>
      i > 0 && level > levels[i - 1] + 1 ? [`h${levels[i - 1]} then h${level}`] : [],
    );
    expect(skips).toEqual([]);
  });
});
