import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { LandingPage } from './landing-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const sms = {
  id: 's1',
  name: 'SMS',
  slug: 'sms',
  description: 'Send SMS worldwide.',
  icon: 'message-square',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('The landing page', () => {
  it('never skips a heading level, so its outline reads in order (the sign-in card is a section of the hero)', async () => {
    fakeApi({ 'GET /api/services?lang=en': () => json([sms]) });
    renderWithApp(<LandingPage />);
    // The services grid's headings come with its answer: the last to render.
    await screen.findByRole('heading', { name: 'SMS' });
    screen.getByRole('heading', { name: 'Welcome to Parley' });
    const levels = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) =>
      Number(h.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    const skips = levels.slice(1).flatMap((level, i) => {
      const before = levels[i] ?? 0;
      return level > before + 1 ? [`h${before} then h${level}`] : [];
    });
    expect(skips).toEqual([]);
  });
});
