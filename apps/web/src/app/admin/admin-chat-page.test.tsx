import type { AdminChatMessage, AdminChatSession } from '@parley/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, type Handler, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import AdminChatPage from './admin-chat-page';

afterEach(() => vi.unstubAllGlobals());

const SESSION = '5b0c3e0e-1111-4c4c-8888-000000000001';
const admin = aUser({ id: 'a1', isAdmin: true, email: 'ops@parley.example', firstName: 'Olga' });

const session: AdminChatSession = {
  id: SESSION,
  user: { id: 'u1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
  subject: 'Where is my deposit?',
  status: 'open',
  lastMessageAt: '2026-03-01T10:00:00.000Z',
  preview: 'Where is my deposit?',
  unread: 2,
  assignee: null,
  customerReadUpTo: null,
  adminReadUpTo: null,
  createdAt: '2026-03-01T09:59:00.000Z',
};

const message = (id: string, kind: AdminChatMessage['kind'], text: string): AdminChatMessage => ({
  id,
  sessionId: SESSION,
  message: text,
  isAdminMessage: kind === 'admin',
  createdAt: '2026-03-01T10:00:00.000Z',
  kind,
  author: kind === 'customer' ? null : { id: 'a1', name: 'Olga' },
});

const page = (items: unknown[]) => () =>
  json({ items, total: items.length, page: 1, pageSize: 30 });

/** The console's answers for one open conversation with a note. */
const routes = (): Record<string, Handler> => ({
  'GET /api/admin/chat/sessions?filter=all&page=1': page([session]),
  'GET /api/admin/chat/sessions?filter=open&page=1': page([]),
  'GET /api/admin/chat/summary': () =>
    json({ open: 1, pending: 0, resolved: 0, mine: 0, unread: 1 }),
  [`GET /api/admin/chat/sessions/${SESSION}`]: () => json(session),
  [`GET /api/admin/chat/sessions/${SESSION}/messages`]: () =>
    json({
      items: [
        message('1', 'customer', 'Where is my deposit?'),
        message('2', 'note', 'Checking the hash'),
      ],
      hasMore: false,
    }),
  [`POST /api/admin/chat/sessions/${SESSION}/read`]: () => new Response(null, { status: 204 }),
  'POST /api/admin/chat/reply': (init) => {
    const body = JSON.parse(String(init?.body));
    return json({ ...message('3', 'admin', body.message) }, 201);
  },
  'GET /api/admin/chat/agents': () =>
    json([{ id: 'a2', name: 'Ben', email: 'ben@parley.example' }]),
  'GET /api/admin/chat/canned': () => json([{ id: 'c1', title: 'Hours', body: 'We answer 24/7.' }]),
  'GET /api/admin/users/u1': () =>
    json({
      ...aUser({ id: 'u1', cryptoBalance: '42.5000' }),
      disabled: false,
      held: '0.0000',
      contactMethod: null,
      contactValue: null,
    }),
  'GET /api/admin/users/u1/payments?status=pending': page([
    {
      id: 'p1',
      kind: 'topup',
      serviceName: 'Add Funds',
      servicePrice: '150.00',
      amount: '150.00',
      amountCurrency: 'USD',
      currency: 'BTC',
      network: 'bitcoin',
      walletAddress: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      cryptoAmount: '0.0015',
      txHash: 'ab'.repeat(32),
      creditAmount: '118.50',
      status: 'pending',
      adminNotes: null,
      noteCodes: [],
      approvedAt: null,
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ]),
  'GET /api/admin/users/u1/sms?pageSize=5': page([]),
  'GET /api/admin/users/u1/calls?pageSize=5': page([]),
  'GET /api/admin/users/u1/orders?pageSize=100': page([]),
});
const api = () => fakeApi(routes());

describe('AdminChatPage', () => {
  it('shows Access Denied to anyone but an admin', () => {
    fakeApi({});
    renderWithApp(<AdminChatPage />, { user: aUser(), path: '/admin-chat' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });

  it('lists conversations, filters them on the server, and says when none is selected', async () => {
    const fake = api();
    renderWithApp(<AdminChatPage />, { user: admin, path: '/admin-chat' });
    const list = await screen.findByTestId('chat-sessions');
    await within(list).findByText('Ada Lovelace');
    expect(within(list).getByText('Open')).toBeTruthy();
    expect(screen.getByText('No session selected')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: /^Open/, pressed: false }));
    await waitFor(() =>
      expect(fake.count('GET /api/admin/chat/sessions?filter=open&page=1')).toBe(1),
    );
  });

  it('opens a conversation with its note and the customer beside it, marks it read and replies', async () => {
    const fake = api();
    const user = userEvent.setup();
    renderWithApp(<AdminChatPage />, { user: admin, path: `/admin-chat?session=${SESSION}` });
    const conversation = await screen.findByTestId('chat-conversation');
    await within(conversation).findByText('Where is my deposit?', { selector: 'p' });
    const note = within(conversation).getByText('Checking the hash').closest('[data-side]');
    expect(note?.getAttribute('data-side')).toBe('note');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.key.endsWith('/read'))?.body).toEqual({ upTo: '1' }),
    );

    const side = screen.getByTestId('chat-customer');
    await within(side).findByText('£42.5000');
    expect(within(side).getByTestId('chat-pending-payment').textContent).toContain('150.00 USD');
    expect(within(side).getByRole('button', { name: 'Approve' })).toBeTruthy();

    const box = within(conversation).getByLabelText('Reply to the customer');
    await user.type(box, '  It arrived.  {Enter}');
    await waitFor(() =>
      expect(fake.calls.find((c) => c.key === 'POST /api/admin/chat/reply')?.body).toMatchObject({
        sessionId: SESSION,
        message: 'It arrived.',
      }),
    );
    await within(conversation).findByText('It arrived.');
  });

  it('says "1000+" past what the counts reach, and pages on past the 34 pages they fill', async () => {
    const fake = fakeApi({
      ...routes(),
      'GET /api/admin/chat/summary': () =>
        json({ open: 1001, pending: 0, resolved: 0, mine: 0, unread: 1 }),
      'GET /api/admin/chat/sessions?filter=all&page=1': () =>
        json({ items: [session], total: 1001, page: 1, pageSize: 30 }),
      'GET /api/admin/chat/sessions?filter=all&page=2': () =>
        json({ items: [session], total: 1001, page: 2, pageSize: 30 }),
    });
    renderWithApp(<AdminChatPage />, { user: admin, path: '/admin-chat' });
    expect(await screen.findByRole('button', { name: 'Open (1000+)' })).toBeTruthy();
    expect(await screen.findByText('Page 1 of 34+')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(fake.count('GET /api/admin/chat/sessions?filter=all&page=2')).toBe(1),
    );
  });
});
