import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';
import { aSuppression, pageOf } from '../test-fixtures';
import { Suppressions } from './suppressions';

const showToast = spyOnToasts();

const FIRST = 'GET /api/mail/suppressions?page=1';
const SECOND = 'GET /api/mail/suppressions?page=2';
const SEARCH = 'GET /api/mail/suppressions?q=gone&page=1';
const REMOVE = 'DELETE /api/mail/suppressions/66666666-6666-4666-8666-666666666666';

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  showToast.mockClear();
  api = fakeApi({
    [FIRST]: () =>
      json(
        pageOf(
          [
            aSuppression(),
            aSuppression({
              id: 's2',
              address: 'angry@example.net',
              reason: 'complaint',
              detail: null,
            }),
          ],
          51,
          1,
          50,
        ),
      ),
    [SECOND]: () =>
      json(pageOf([aSuppression({ id: 's3', address: 'last@example.org' })], 51, 2, 50)),
    [SEARCH]: () => json(pageOf([aSuppression()], 1, 1, 50)),
    [REMOVE]: () => new Response(null, { status: 204 }),
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderList = () => renderWithApp(<Suppressions />, { user: aUser(), path: '/services/smtp' });

describe('Suppressions', () => {
  it('lists each address with its reason and the remote words, a page at a time', async () => {
    const user = userEvent.setup();
    renderList();
    const table = await screen.findByRole('table', { name: 'Suppressed addresses' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent).toContain('gone@example.org');
    expect(rows[1]?.textContent).toContain('Bounced');
    expect(rows[1]?.textContent).toContain('550 5.1.1 User unknown');
    expect(rows[2]?.textContent).toContain('Complaint');
    const pages = screen.getByRole('navigation', { name: 'Pages of suppressed addresses' });
    expect(within(pages).getByText('Page 1 of 2')).toBeTruthy();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('last@example.org', { selector: 'bdi' })).toBeTruthy();
    expect(within(pages).getByText('Page 2 of 2')).toBeTruthy();
  });

  it('searches by address once typing pauses', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByText('angry@example.net', { selector: 'bdi' });
    await user.type(screen.getByLabelText('Search by address'), ' gone ');
    await waitFor(() => expect(api.count(SEARCH)).toBe(1));
    await waitFor(() =>
      expect(screen.queryByText('angry@example.net', { selector: 'bdi' })).toBeNull(),
    );
    expect(screen.queryByRole('navigation', { name: 'Pages of suppressed addresses' })).toBeNull();
  });

  it('says when nothing matches a search', async () => {
    api.routes[SEARCH] = () => json(pageOf([], 0, 1, 50));
    const user = userEvent.setup();
    renderList();
    await screen.findByText('angry@example.net', { selector: 'bdi' });
    await user.type(screen.getByLabelText('Search by address'), 'gone');
    expect(await screen.findByText('No suppressed address matches this search.')).toBeTruthy();
  });

  it('sends to an address again after the confirmation', async () => {
    const user = userEvent.setup();
    renderList();
    await user.click(
      await screen.findByRole('button', { name: 'Send to this address again gone@example.org' }),
    );
    const confirm = screen.getByRole('alertdialog', { name: 'Send to this address again?' });
    await user.click(within(confirm).getByRole('button', { name: 'Send to this address again' }));
    await waitFor(() => expect(api.count(REMOVE)).toBe(1));
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith(
        'success',
        'Success',
        'Mail to this address is accepted again.',
      ),
    );
    // The list reloads.
    await waitFor(() => expect(api.count(FIRST)).toBe(2));
  });
});
