import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import VoipPage from './voip-page';

afterEach(() => vi.unstubAllGlobals());

describe('VoipPage', () => {
  it('links Technical Documentation to the softphone setup guide, not to its own page', async () => {
    fakeApi({ 'GET /api/packages?service=voip&lang=en': () => json([]) });
    renderWithApp(<VoipPage />, { user: aUser(), path: '/services/voip' });
    const docs = screen.getByRole('link', { name: 'Technical Documentation' });
    expect(docs.getAttribute('href')).toBe('/sip-credentials?tab=guide');
  });
});
