import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { aTrunk, LIST, trunksAnswer } from '../test-fixtures';
import { YourTrunks } from './your-trunks';

afterEach(() => vi.unstubAllGlobals());

describe('YourTrunks (the advanced trunk page)', () => {
  it("lists the customer's trunks with their state and leads to where they are set up", async () => {
    fakeApi({
      [LIST]: () =>
        json(
          trunksAnswer([
            aTrunk({ name: 'Advanced SIP Trunk (Advanced SIP Trunking)', status: 'grace' }),
          ]),
        ),
    });
    renderWithApp(<YourTrunks />, { user: aUser() });
    const section = await screen.findByRole('region', { name: 'Your SIP trunks' });
    expect(section.textContent).toContain('Advanced SIP Trunk (Advanced SIP Trunking)');
    expect(section.textContent).toContain('t123456789');
    expect(section.textContent).toContain('Renewal due');
    expect(screen.getByRole('link', { name: 'Set up your trunks' }).getAttribute('href')).toBe(
      '/services/sip-trunk',
    );
  });

  it('shows nothing without a trunk', async () => {
    const api = fakeApi({ [LIST]: () => json(trunksAnswer([])) });
    const { container } = renderWithApp(<YourTrunks />, { user: aUser() });
    await waitFor(() => expect(api.count(LIST)).toBe(1));
    expect(container.textContent).toBe('');
  });
});
