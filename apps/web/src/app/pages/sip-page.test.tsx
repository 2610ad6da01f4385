import type { Call, VoiceStatus } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useCustomerEvents } from '@/app/customer-events';
import SipPage from '@/features/voice/pages/sip-page';
import { aCall, apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';

const showToast = spyOnToasts();

const HISTORY = 'GET /api/sip/history?pageSize=5';
const STATUS = 'GET /api/sip/status';
const CALLER_IDS = 'GET /api/sip/caller-ids';
const DESTINATION = '+447400123456';
const QUOTE_KEY = `GET /api/sip/quote?destination=${encodeURIComponent(DESTINATION)}`;
const QUOTE = {
  destination: DESTINATION,
  country: 'GB',
  price: '0.0200',
  priceCurrency: 'USD',
  ratePerMinute: '0.0158',
  increments: '60/60',
  maxSeconds: 5400,
  includedSecondsLeft: 0,
  available: '12.50',
};
const MY_NUMBER = '+447700900123';
const history = (items: Call[]) => ({ items, total: items.length, page: 1, pageSize: 5 });

/** Enough of EventSource to push events to the customer's stream. */
class FakeEventSource extends EventTarget {
  static last: FakeEventSource | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.last = this;
  }
  close() {}
  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
}

function WithEvents() {
  useCustomerEvents(true);
  return <SipPage />;
}

let api: ReturnType<typeof fakeApi>;
let status: VoiceStatus;
beforeEach(() => {
  status = { mode: 'sandbox', connected: true, activeCalls: 0 };
  api = fakeApi({
    [HISTORY]: () => json(history([])),
    [STATUS]: () => json(status),
    [CALLER_IDS]: () => json({ items: [{ number: MY_NUMBER, source: 'did' }], pending: [] }),
    [QUOTE_KEY]: () => json(QUOTE),
    'GET /api/auth/user': () => json(aUser()),
  });
  FakeEventSource.last = null;
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  vi.unstubAllGlobals();
  showToast.mockClear();
});

const renderPage = (balance = '12.50') =>
  renderWithApp(<WithEvents />, { user: aUser({ cryptoBalance: balance }), path: '/services/sip' });

const callerId = () => screen.getByLabelText('Caller ID') as HTMLInputElement;
const destination = () => screen.getByLabelText('Destination') as HTMLInputElement;
const quoteBox = () => screen.getByRole('region', { name: 'Before you call' });
const quoted = (label: string) =>
  within(quoteBox()).getByText(label).nextElementSibling?.textContent;

describe('SipPage: the call form', () => {
  it("shows the spec's messages under the fields, by code, and calls nobody", async () => {
    const user = userEvent.setup();
    api.routes[CALLER_IDS] = () => json({ items: [], pending: [] });
    renderPage();
    await screen.findByText(/verify it to use it as your caller ID/);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(screen.getByText('Caller ID is required')).toBeTruthy();
    expect(screen.getByText('Destination is required')).toBeTruthy();
    expect(document.activeElement).toBe(callerId());
    await user.type(callerId(), '12ab');
    await user.type(destination(), '0');
    expect(screen.getByText('Invalid caller ID format')).toBeTruthy();
    expect(screen.getByText('Invalid destination format')).toBeTruthy();
    expect(destination().getAttribute('aria-invalid')).toBe('true');
    expect(api.count('POST /api/sip/call')).toBe(0);
  });

  it('offers the first of the customer’s caller IDs', async () => {
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await new Promise((r) => setTimeout(r, 500));
    expect(screen.queryByRole('region', { name: 'Verify this number' })).toBeNull();
  });

  it('refuses below £0.10 with the spec’s message and calls nobody', async () => {
    const user = userEvent.setup();
    renderPage('0.0999');
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.type(destination(), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(showToast).toHaveBeenCalledWith(
      'error',
      'Insufficient Balance',
      'You need at least £0.10 to make a SIP call',
    );
    expect(api.count('POST /api/sip/call')).toBe(0);
    expect(screen.getByText('Your balance is below £0.10: add funds to make calls.')).toBeTruthy();
  });

  it('shows the price per minute, the billing and the longest call once the destination is valid', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(
      within(quoteBox()).getByText('Enter a valid destination to see its price per minute.'),
    ).toBeTruthy();
    await user.type(destination(), DESTINATION);
    await waitFor(() => expect(quoted('Price per minute')).toBe('£0.0158'));
    expect(quoted('Country')).toBe('United Kingdom');
    expect(quoted('Billing')).toBe('Every 60 s');
    expect(quoted('Maximum talk time')).toBe('1:30:00');
    expect(
      within(quoteBox()).getByText(
        "Priced at $0.0200 per minute, converted to pounds at today's rate.",
      ),
    ).toBeTruthy();
    // Asked once, for the settled number only.
    expect(api.calls.filter((c) => c.key.startsWith('GET /api/sip/quote'))).toHaveLength(1);
  });

  it('says when the balance covers no call to the destination', async () => {
    api.routes[QUOTE_KEY] = () => json({ ...QUOTE, maxSeconds: 0 });
    const user = userEvent.setup();
    renderPage();
    await user.type(destination(), DESTINATION);
    expect(
      await within(quoteBox()).findByText(
        'Your balance does not cover a call to this destination. Add funds to call.',
      ),
    ).toBeTruthy();
  });

  it('names the country a destination is not supported in', async () => {
    api.routes[QUOTE_KEY] = () =>
      apiError(422, 'DESTINATION_NOT_SUPPORTED', 'no', undefined, { country: 'FR' });
    const user = userEvent.setup();
    renderPage();
    await user.type(destination(), DESTINATION);
    expect(
      await within(quoteBox()).findByText('Calls to France are not supported yet.', {
        selector: 'p:not([role="status"])',
      }),
    ).toBeTruthy();
  });

  it('points out a sandbox test number', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByText('Sandbox test numbers');
    await user.type(destination(), '+447400120001');
    expect(screen.getByTestId('sandbox-outcome').textContent).toBe(
      'Sandbox test number: nobody will answer this call.',
    );
  });

  it('places the call: Initiating..., Success, the destination cleared, the live panel on', async () => {
    let answer: (r: Response) => void = () => {};
    api.routes['POST /api/sip/call'] = () => new Promise<Response>((r) => (answer = r));
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.type(destination(), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    expect(await screen.findByRole('button', { name: 'Initiating...' })).toBeTruthy();
    expect(api.calls.find((c) => c.key === 'POST /api/sip/call')?.body).toEqual({
      callerId: MY_NUMBER,
      destination: DESTINATION,
    });
    answer(json(aCall({ status: 'dialing', duration: null, cost: null, answeredAt: null }), 201));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        'SIP call initiated successfully',
      ),
    );
    expect(destination().value).toBe('');
    expect(callerId().value).toBe(MY_NUMBER);
    const live = screen.getByRole('region', { name: 'Current Call' });
    expect(within(live).getByTestId('live-call-status').textContent).toBe('Dialing...');
    // The history and the balance reload.
    await waitFor(() => expect(api.count(HISTORY)).toBeGreaterThan(1));
  });

  it('translates a refusal by its code, or says the spec’s fallback', async () => {
    api.routes['POST /api/sip/call'] = () => apiError(429, 'CONCURRENT_CALL_LIMIT', 'server words');
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.type(destination(), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'error',
        'Error',
        'You have as many calls in progress as your plan allows. End one and try again.',
      ),
    );
    api.routes['POST /api/sip/call'] = () => {
      throw new TypeError('network');
    };
    await user.click(screen.getByRole('button', { name: 'Call' }));
    await waitFor(() =>
      expect(showToast).toHaveBeenLastCalledWith('error', 'Error', 'Failed to initiate call'),
    );
  });

  it('says under the caller ID when the server refuses it as not verified', async () => {
    api.routes['POST /api/sip/call'] = () =>
      apiError(403, 'CALLER_ID_NOT_VERIFIED', 'x', [
        { path: 'body.callerId', code: 'CALLER_ID_INVALID', message: 'x' },
      ]);
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.type(destination(), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    const message = 'Use one of your numbers or a verified number as caller ID.';
    await waitFor(() =>
      expect(document.getElementById('sip-callerId-error')?.textContent).toBe(message),
    );
    expect(screen.queryByText('Invalid caller ID format')).toBeNull();
  });
});

describe('SipPage: verifying a caller ID', () => {
  const NEW = '+447700900999';

  it('sends a code, checks its shape here, confirms it, and the number becomes usable', async () => {
    api.routes['POST /api/sip/caller-ids/verify'] = () =>
      json({ number: NEW, expiresAt: new Date(Date.now() + 600_000).toISOString() }, 201);
    api.routes['POST /api/sip/caller-ids/confirm'] = () =>
      json({
        items: [
          { number: MY_NUMBER, source: 'did' },
          { number: NEW, source: 'verified' },
        ],
        pending: [],
      });
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.clear(callerId());
    await user.type(callerId(), '+44 7700 900999');
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    expect(box.textContent).toContain(NEW);
    await user.click(within(box).getByRole('button', { name: 'Verify a number' }));
    expect(await within(box).findByText(/Code sent to \+447700900999/)).toBeTruthy();
    expect(api.calls.find((c) => c.key === 'POST /api/sip/caller-ids/verify')?.body).toEqual({
      number: NEW,
    });

    const code = within(box).getByLabelText('Verification code');
    await user.type(code, '12');
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    expect(within(box).getByText('Enter the 6-digit code')).toBeTruthy();
    expect(api.count('POST /api/sip/caller-ids/confirm')).toBe(0);

    await user.clear(code);
    // Enter confirms the code; it does not place the call.
    await user.type(code, '123456{Enter}');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Verify this number' })).toBeNull(),
    );
    expect(api.calls.find((c) => c.key === 'POST /api/sip/caller-ids/confirm')?.body).toEqual({
      number: NEW,
      code: '123456',
    });
    expect(api.count('POST /api/sip/call')).toBe(0);
    expect(showToast).toHaveBeenCalledWith(
      'success',
      'Success',
      '+447700900999 is verified: you can use it as your caller ID.',
    );
  });

  it('shows the code on screen in sandbox mode, marked as sandbox', async () => {
    api.routes['POST /api/sip/caller-ids/verify'] = () =>
      json(
        {
          number: NEW,
          expiresAt: new Date(Date.now() + 600_000).toISOString(),
          sandboxCode: '493027',
        },
        201,
      );
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.clear(callerId());
    await user.type(callerId(), NEW);
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    await user.click(within(box).getByRole('button', { name: 'Verify a number' }));
    const note = await within(box).findByRole('note', { name: 'Sandbox: no SMS is sent' });
    expect(note.textContent).toContain('493027');
  });

  it('resumes a code still waiting after a reload: the number is offered and the code asked for', async () => {
    const expiresAt = new Date(Date.now() + 300_000).toISOString();
    api.routes[CALLER_IDS] = () =>
      json({
        items: [{ number: MY_NUMBER, source: 'did' }],
        pending: [{ number: NEW, expiresAt, sandboxCode: null }],
      });
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(NEW));
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    expect(within(box).getByText(/Code sent to \+447700900999/)).toBeTruthy();
    expect(within(box).getByLabelText('Verification code')).toBeTruthy();
    expect(within(box).queryByRole('note')).toBeNull();
    expect(api.count('POST /api/sip/caller-ids/verify')).toBe(0);
  });

  it('says why a code was refused', async () => {
    api.routes['POST /api/sip/caller-ids/verify'] = () =>
      json({ number: NEW, expiresAt: new Date(Date.now() + 600_000).toISOString() }, 201);
    api.routes['POST /api/sip/caller-ids/confirm'] = () =>
      apiError(410, 'VERIFICATION_EXPIRED', 'expired');
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.clear(callerId());
    await user.type(callerId(), NEW);
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    await user.click(within(box).getByRole('button', { name: 'Verify a number' }));
    await user.type(await within(box).findByLabelText('Verification code'), '654321');
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    expect((await within(box).findByRole('alert')).textContent).toBe(
      'This code has expired. Ask for a new one.',
    );
  });

  it('says when a code was asked for too soon', async () => {
    api.routes['POST /api/sip/caller-ids/verify'] = () =>
      apiError(429, 'VERIFICATION_RATE_LIMITED', 'wait');
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.clear(callerId());
    await user.type(callerId(), NEW);
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    await user.click(within(box).getByRole('button', { name: 'Verify a number' }));
    expect((await within(box).findByRole('alert')).textContent).toBe(
      'A code was sent to this number a moment ago. Please wait before asking again.',
    );
  });

  it.each([
    [
      apiError(402, 'INSUFFICIENT_BALANCE', 'server words'),
      'Add funds first: we send a code only when your balance covers an SMS to this number.',
    ],
    [
      apiError(422, 'DESTINATION_NOT_SUPPORTED', 'no', undefined, { country: 'RU' }),
      'We do not send SMS to Russia yet, so numbers there cannot be verified.',
    ],
    [
      apiError(429, 'VERIFICATION_NUMBER_LIMITED', 'server words'),
      'This number has been sent as many codes as allowed for now. Please try again in an hour.',
    ],
    [
      apiError(429, 'VERIFICATION_BUSY', 'server words'),
      'Too many verification codes are being sent right now. Please try again later.',
    ],
  ])('says in its own words why no code was sent (%#)', async (refusal, text) => {
    api.routes['POST /api/sip/caller-ids/verify'] = () => refusal;
    const user = userEvent.setup();
    renderPage();
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.clear(callerId());
    await user.type(callerId(), NEW);
    const box = await screen.findByRole('region', { name: 'Verify this number' });
    await user.click(within(box).getByRole('button', { name: 'Verify a number' }));
    expect((await within(box).findByRole('alert')).textContent).toBe(text);
  });
});

describe('SipPage: the live call', () => {
  const placed = aCall({
    id: 'live1',
    status: 'dialing',
    duration: null,
    cost: null,
    answeredAt: null,
  });

  async function placeCall(user: ReturnType<typeof userEvent.setup>) {
    api.routes['POST /api/sip/call'] = () => json(placed, 201);
    await waitFor(() => expect(callerId().value).toBe(MY_NUMBER));
    await user.type(destination(), DESTINATION);
    await user.click(screen.getByRole('button', { name: 'Call' }));
    return screen.findByRole('region', { name: 'Current Call' });
  }

  it('follows call.updated: ringing, answered with a ticking timer, then ended with its exact cost', async () => {
    const user = userEvent.setup();
    renderPage();
    const live = await placeCall(user);
    const stream = FakeEventSource.last as FakeEventSource;
    stream.emit('call.updated', { userId: 'u1', call: { ...placed, status: 'ringing' } });
    await waitFor(() =>
      expect(within(live).getByTestId('live-call-status').textContent).toBe('Ringing...'),
    );

    const answeredAt = new Date(Date.now() - 5000).toISOString();
    stream.emit('call.updated', {
      userId: 'u1',
      call: { ...placed, status: 'answered', answeredAt },
    });
    await waitFor(() =>
      expect(within(live).getByTestId('live-call-status').textContent).toBe('Answered'),
    );
    const timer = within(live).getByTestId('live-call-timer');
    expect(timer.textContent).toMatch(/^0:0[56]$/);
    await waitFor(() => expect(timer.textContent).toMatch(/^0:0[78]$/), { timeout: 3000 });
    expect(within(live).getByTestId('live-call-estimate').textContent).toBe('£0.0158');
    // An older report arriving late changes nothing.
    stream.emit('call.updated', { userId: 'u1', call: { ...placed, status: 'ringing' } });
    await new Promise((r) => setTimeout(r, 20));
    expect(within(live).getByTestId('live-call-status').textContent).toBe('Answered');

    stream.emit('call.updated', {
      userId: 'u1',
      call: { ...placed, status: 'ended', answeredAt, duration: 75, cost: '0.0316' },
    });
    const last = await screen.findByRole('region', { name: 'Last Call' });
    expect(within(last).getByTestId('live-call-status').textContent).toBe('Completed');
    expect(within(last).getByTestId('live-call-duration').textContent).toBe('1:15');
    expect(within(last).getByTestId('live-call-cost').textContent).toBe('£0.0316');
    expect(within(last).queryByRole('button', { name: 'Hang up' })).toBeNull();
    // The balance reloads once the call has ended.
    await waitFor(() => expect(api.count('GET /api/auth/user')).toBeGreaterThan(0));
  });

  it('hangs up with DELETE and shows how it ended', async () => {
    api.routes['DELETE /api/sip/calls/live1'] = () =>
      json({ ...placed, status: 'cancelled', duration: 0, cost: '0.0000' });
    const user = userEvent.setup();
    renderPage();
    const live = await placeCall(user);
    await user.click(within(live).getByRole('button', { name: 'Hang up' }));
    const last = await screen.findByRole('region', { name: 'Last Call' });
    expect(
      within(last).getByText('You hung up before the call was answered. Nothing was charged.'),
    ).toBeTruthy();
    expect(within(last).getByTestId('live-call-duration').textContent).toBe('0:00');
    expect(api.count('DELETE /api/sip/calls/live1')).toBe(1);
  });

  it('picks up a call still going from the history after a reload', async () => {
    api.routes[HISTORY] = () =>
      json(history([aCall({ id: 'old', status: 'ringing', cost: null })]));
    renderPage();
    const live = await screen.findByRole('region', { name: 'Current Call' });
    expect(within(live).getByTestId('live-call-status').textContent).toBe('Ringing...');
  });
});

describe('SipPage: around the form', () => {
  it('lists the 5 latest calls with the spec’s status mapping, m:ss and cost', async () => {
    api.routes[HISTORY] = () =>
      json(
        history([
          aCall({ id: 'a', status: 'ended', duration: 75, cost: '0.0316' }),
          aCall({ id: 'b', status: 'busy', duration: 0, cost: '0.0000' }),
          aCall({ id: 'c', status: 'no_answer', duration: null, cost: '0.0000' }),
          aCall({ id: 'd', status: 'failed', duration: 0, cost: '0.0000' }),
          aCall({ id: 'e', status: 'cancelled', duration: null, cost: null }),
        ]),
      );
    renderPage();
    const rows = await screen.findAllByTestId('recent-call');
    expect(rows).toHaveLength(5);
    const tones = rows.map((r) => r.querySelector('[data-tone]')?.getAttribute('data-tone'));
    expect(tones).toEqual(['good', 'bad', 'bad', 'bad', 'waiting']);
    expect(rows.map((r) => within(r).getByTestId('recent-call-duration').textContent)).toEqual([
      '1:15',
      '0:00',
      '0:00',
      '0:00',
      '0:00',
    ]);
    expect(within(rows[0] as HTMLElement).getByTestId('recent-call-cost').textContent).toBe(
      '£0.0316',
    );
    expect(within(rows[4] as HTMLElement).getByTestId('recent-call-cost').textContent).toBe('—');
    expect(within(rows[1] as HTMLElement).getByText('Busy')).toBeTruthy();
  });

  it('says when there are no calls yet', async () => {
    renderPage();
    expect(await screen.findByText('No calls made yet')).toBeTruthy();
  });

  it('shows the gateway’s state: sandbox audio, the test numbers, the static configuration', async () => {
    renderPage();
    const connection = screen.getByRole('region', { name: 'Connection Status' });
    expect(await within(connection).findByText('Connected')).toBeTruthy();
    expect(within(connection).getByText('Sandbox (simulated audio)')).toBeTruthy();
    const note = screen.getByRole('complementary', { name: 'Sandbox test numbers' });
    expect(
      within(note)
        .getAllByTestId('sandbox-ending')
        .map((li) => li.textContent),
    ).toEqual([
      '…0000 — the line is busy',
      '…0001 — nobody answers',
      '…0002 — the call fails',
      '…0003 — answered, then the other side hangs up after a few seconds',
    ]);
    const config = screen.getByRole('region', { name: 'SIP Configuration' });
    expect(within(config).getByText('5060')).toBeTruthy();
    expect(within(config).getByText('UDP/TCP')).toBeTruthy();
    expect(within(config).getByText('G.711, G.729')).toBeTruthy();
  });

  it('with a real gateway: Disconnected, and audio follows the microphone permission', async () => {
    status = { mode: 'sip', connected: false, activeCalls: 0 };
    const permission = Object.assign(new EventTarget(), { state: 'prompt' });
    vi.stubGlobal('navigator', {
      ...navigator,
      permissions: { query: vi.fn(async () => permission) },
      mediaDevices: {
        getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop: vi.fn() }] })),
      },
    });
    const user = userEvent.setup();
    renderPage();
    const connection = screen.getByRole('region', { name: 'Connection Status' });
    expect(await within(connection).findByText('Disconnected')).toBeTruthy();
    expect(await within(connection).findByText('Not Ready')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'Sandbox test numbers' })).toBeNull();
    await user.click(within(connection).getByRole('button', { name: 'Allow microphone' }));
    expect(await within(connection).findByText('Ready')).toBeTruthy();
    expect(within(connection).queryByRole('button', { name: 'Allow microphone' })).toBeNull();
  });

  it('links the add-ons to payment in dollars, and the tiles to credentials and monitoring', async () => {
    renderPage();
    const addons = screen.getByRole('region', { name: 'Add-ons' });
    expect(within(addons).getByText('$100.00/month')).toBeTruthy();
    expect(within(addons).getByText('$150.00/month')).toBeTruthy();
    expect(within(addons).getByRole('link', { name: 'Add IVR' }).getAttribute('href')).toBe(
      '/payment?service=sip&addon=ivr&price=100.00',
    );
    expect(within(addons).getByRole('link', { name: 'Add PBX' }).getAttribute('href')).toBe(
      '/payment?service=sip&addon=pbx&price=150.00',
    );
    const tiles = screen.getByRole('navigation', { name: 'More SIP tools' });
    expect(
      within(tiles)
        .getByRole('link', { name: /SIP Credentials/ })
        .getAttribute('href'),
    ).toBe('/sip-credentials');
    expect(
      within(tiles)
        .getByRole('link', { name: /SIP Monitoring/ })
        .getAttribute('href'),
    ).toBe('/sip-monitoring');
    expect(screen.getByTestId('sip-balance').textContent).toBe('£12.50');
  });

  it('shows the balance to the penny, rounded down', () => {
    renderPage('7.0999');
    expect(screen.getByTestId('sip-balance').textContent).toBe('£7.09');
  });
});
