import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, fakeApi, history, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import SmsPage from './sms-page';

// The "Before you send" box: what it shows and what a screen reader hears of it.
const QUOTE = {
  encoding: 'GSM-7',
  segments: 1,
  country: 'GB',
  unitPrice: '0.0400',
  priceCurrency: 'USD',
  price: '0.0316',
};

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    'GET /api/sms/history?page=1&pageSize=10': () => json(history([])),
    'POST /api/sms/quote': () => json(QUOTE),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderPage = () =>
  renderWithApp(<SmsPage />, { user: aUser({ cryptoBalance: '0.9684' }), path: '/services/sms' });

async function fill(user: ReturnType<typeof userEvent.setup>, recipient: string, message: string) {
  await user.type(screen.getByLabelText('Recipient'), recipient);
  await user.type(screen.getByLabelText('Message Content'), message);
}

const quoteBox = () => screen.getByRole('region', { name: 'Before you send' });
/** The note under the figures, not the screen reader's copy of it. */
const findNote = (text: string) =>
  within(quoteBox()).findByText(text, { selector: 'p:not([role="status"])' });
const spoken = () => within(quoteBox()).getByRole('status').textContent;

describe('SmsPage: the quote', () => {
  it("names an unsupported destination from the refusal's country when the number does not", async () => {
    api.routes['POST /api/sms/quote'] = () =>
      apiError(
        422,
        'DESTINATION_NOT_SUPPORTED',
        'Destination not supported: we do not send SMS to RU yet.',
        undefined,
        { country: 'RU' },
      );
    const user = userEvent.setup();
    renderPage();
    // Valid by the form's pattern, but no country's numbering plan has it.
    await fill(user, '+99912345', 'Hi');
    expect(await findNote('SMS to Russia are not supported yet.')).toBeTruthy();
  });

  it("names an unsupported destination from the number, not the server's wording", async () => {
    api.routes['POST /api/sms/quote'] = () =>
      apiError(422, 'DESTINATION_NOT_SUPPORTED', 'Nous ne servons pas cette destination.');
    const user = userEvent.setup();
    renderPage();
    // +7 701… is Kazakhstan, though it shares +7 with Russia.
    await fill(user, '+77012345678', 'Hi');
    expect(await findNote('SMS to Kazakhstan are not supported yet.')).toBeTruthy();
    await vi.waitFor(() => expect(spoken()).toBe('SMS to Kazakhstan are not supported yet.'));
  });

  it('says so without a country when neither the number nor the message names one', async () => {
    api.routes['POST /api/sms/quote'] = () =>
      apiError(422, 'DESTINATION_NOT_SUPPORTED', 'Destination not supported.');
    const user = userEvent.setup();
    renderPage();
    await fill(user, '+99912345', 'Hi');
    expect(await findNote('SMS to this destination are not supported yet.')).toBeTruthy();
    await vi.waitFor(() => expect(spoken()).toBe('SMS to this destination are not supported yet.'));
  });

  it('announces only the settled price, never "Getting the price..." nor the hint', async () => {
    let release = () => {};
    api.routes['POST /api/sms/quote'] = () =>
      new Promise((resolve) => {
        release = () => resolve(json(QUOTE));
      });
    const user = userEvent.setup();
    renderPage();
    // The visible note is not a live region; the status is the only one in the box.
    expect(quoteBox().querySelectorAll('[aria-live]')).toHaveLength(0);
    expect(within(quoteBox()).getAllByRole('status')).toHaveLength(1);
    expect(within(quoteBox()).getByText(/Enter a valid recipient/)).toBeTruthy();
    expect(spoken()).toBe('');

    await fill(user, '+447400123456', 'Hi');
    expect(await within(quoteBox()).findByText('Getting the price...')).toBeTruthy();
    expect(spoken()).toBe('');
    await vi.waitFor(() => expect(api.count('POST /api/sms/quote')).toBe(1));
    act(() => release());
    await vi.waitFor(() => expect(spoken()).toBe('Price to United Kingdom: £0.0316'));

    // A pause in typing asks again; the last price stays said until the new one is in.
    await user.type(screen.getByLabelText('Message Content'), '!');
    expect(within(quoteBox()).getByText('Getting the price...')).toBeTruthy();
    expect(spoken()).toBe('Price to United Kingdom: £0.0316');
    await vi.waitFor(() => expect(api.count('POST /api/sms/quote')).toBe(2));
    act(() => release());
    await within(quoteBox()).findByText('$0.0400 per segment');
    expect(spoken()).toBe('Price to United Kingdom: £0.0316');
  });
});
