import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { VoiceStatusNotice } from './voice-status-notice';

afterEach(() => vi.unstubAllGlobals());

const codes = (items: unknown[]) => () => json({ items });

describe('VoiceStatusNotice', () => {
  it('says calls are simulated in the sandbox and lists the caller ID codes waiting', async () => {
    fakeApi({
      'GET /api/admin/voice/status': () =>
        json({ mode: 'sandbox', connected: true, activeCalls: 3 }),
      'GET /api/admin/voice/verifications': codes([
        {
          number: '+447400100200',
          userEmail: 'ada@example.com',
          code: '123456',
          expiresAt: '2026-06-15T12:10:00.000Z',
        },
      ]),
    });
    const user = userEvent.setup();
    renderWithApp(<VoiceStatusNotice />, { user: aUser({ isAdmin: true }) });
    const notice = await screen.findByTestId('voice-status');
    expect(notice.textContent).toContain('calls are simulated');
    expect(notice.textContent).toContain('Calls in progress: 3.');
    await user.click(await within(notice).findByText('Caller ID codes waiting: 1'));
    const list = screen.getByRole('list', { name: 'Caller ID verification codes' });
    expect(within(list).getByText('123456')).toBeTruthy();
    expect(within(list).getByText('ada@example.com')).toBeTruthy();
  });

  it('says when the SIP edge has not been heard from, with no codes to list', async () => {
    fakeApi({
      'GET /api/admin/voice/status': () => json({ mode: 'sip', connected: false, activeCalls: 0 }),
      'GET /api/admin/voice/verifications': codes([]),
    });
    renderWithApp(<VoiceStatusNotice />, { user: aUser({ isAdmin: true }) });
    const notice = await screen.findByTestId('voice-status');
    expect(notice.textContent).toContain('not heard from lately');
    expect(notice.className).toContain('border-red-300');
    expect(screen.queryByText(/Caller ID codes waiting/)).toBeNull();
  });
});
