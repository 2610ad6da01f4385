import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { aMessage, pageOf } from '../test-fixtures';
import { DeliveryLog } from './delivery-log';

const FIRST = 'GET /api/mail/messages?page=1';
const BOUNCED = 'GET /api/mail/messages?state=bounced&page=1';
const SEARCH = 'GET /api/mail/messages?q=newsletter&state=bounced&page=1';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi({
    [FIRST]: () =>
      json(
        pageOf(
          [
            aMessage(),
            aMessage({
              id: 'm2',
              subject: '',
              size: 900,
              cost: '0.80',
              recipients: [
                {
                  address: 'slow@example.net',
                  state: 'deferred',
                  reason: '451 4.7.1 Try again later',
                  updatedAt: '2026-03-02T11:00:00.000Z',
                },
              ],
            }),
          ],
          30,
        ),
      ),
    [BOUNCED]: () => json(pageOf([aMessage()], 1)),
    [SEARCH]: () => json(pageOf([], 0)),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderLog = () =>
  renderWithApp(<DeliveryLog logDays={30} />, { user: aUser(), path: '/services/smtp' });

describe('DeliveryLog', () => {
  it('shows each message with its recipients, their states and the reasons given', async () => {
    renderLog();
    expect(screen.getByText(/^Messages stay in this log for 30 days/)).toBeTruthy();
    const [first, second] = await screen.findAllByTestId('mail-message');
    if (!first || !second) throw new Error('two messages');
    expect(within(first).getByText('March newsletter')).toBeTruthy();
    expect(within(first).getByText('news@example.com')).toBeTruthy();
    expect(within(first).getByText('20 kB')).toBeTruthy();
    expect(within(first).getByText('£0.00')).toBeTruthy();
    const recipients = within(first).getByRole('list', { name: 'Recipients' });
    expect(within(recipients).getAllByRole('listitem')).toHaveLength(2);
    expect(within(recipients).getByText('Delivered')).toBeTruthy();
    expect(within(recipients).getByText('Bounced')).toBeTruthy();
    expect(within(recipients).getByText('550 5.1.1 User unknown')).toBeTruthy();
    expect(within(second).getByText('(no subject)')).toBeTruthy();
    expect(within(second).getByText('900 byte')).toBeTruthy();
    expect(within(second).getByText('£0.80')).toBeTruthy();
    expect(within(second).getByText('Deferred')).toBeTruthy();
    expect(within(second).getByText('451 4.7.1 Try again later')).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Pages of the delivery log' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
  });

  it('filters by state and searches sender, recipient and subject together', async () => {
    const user = userEvent.setup();
    renderLog();
    await screen.findAllByTestId('mail-message');
    await user.selectOptions(screen.getByLabelText('State'), 'bounced');
    await waitFor(() => expect(screen.getAllByTestId('mail-message')).toHaveLength(1));
    expect(api.count(BOUNCED)).toBe(1);
    await user.type(screen.getByLabelText('Search'), 'newsletter');
    expect(await screen.findByText('No message matches this search.')).toBeTruthy();
    expect(api.count(SEARCH)).toBe(1);
  });

  it('says when nothing was sent yet', async () => {
    api.routes[FIRST] = () => json(pageOf([], 0));
    renderLog();
    expect(await screen.findByText('No messages sent yet.')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
