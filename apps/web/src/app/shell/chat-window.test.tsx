import { PUBLIC_CONFIG_ELEMENT_ID } from '@parley/shared/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatWindow } from '@/app/shell/chat-window';
import { HelpWidget } from '@/app/shell/help-widget';
import { noteMissedReply, setChatDock } from '@/features/chat/dock-state';
import { apiError, fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { spyOnToasts } from '@/test/toasts';

const showToast = spyOnToasts();

const SESSION = '5b0c3e0e-1111-4c4c-8888-000000000001';
const session = {
  id: SESSION,
  subject: '',
  status: 'open',
  lastMessageAt: null,
  customerReadUpTo: null,
  adminReadUpTo: '1',
  unread: 0,
  createdAt: '2026-03-01T09:59:00.000Z',
};
const msg = (id: string, text: string, isAdminMessage: boolean) => ({
  id,
  sessionId: SESSION,
  message: text,
  isAdminMessage,
  createdAt: '2026-03-01T10:00:00.000Z',
});

beforeAll(() => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PUBLIC_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify({ whatsappUrl: null, telegramUrl: null });
  document.head.append(block);
});
afterEach(() => {
  setChatDock('closed');
  vi.unstubAllGlobals();
  showToast.mockClear();
});

async function openChat() {
  const user = userEvent.setup();
  renderWithApp(
    <>
      <HelpWidget signedIn />
      <ChatWindow />
    </>,
    { user: aUser() },
  );
  await user.click(screen.getByRole('button', { name: 'Open help' }));
  await user.click(await screen.findByRole('button', { name: 'Live chat' }));
  const chat = await screen.findByTestId('chat-window');
  return { user, chat };
}

describe('the customer chat window', () => {
  it('shows the conversation, marks replies read, and sends a trimmed message; an empty one is not sent', async () => {
    const fake = fakeApi({
      'GET /api/chat/session': () => json(session),
      [`GET /api/chat/messages?sessionId=${SESSION}`]: () =>
        json({
          items: [msg('1', 'Hi', false), msg('2', 'Hello, how can we help?', true)],
          hasMore: false,
        }),
      'POST /api/chat/read': () => new Response(null, { status: 204 }),
      'POST /api/chat/typing': () => new Response(null, { status: 204 }),
      'POST /api/chat/send': (init) =>
        json(msg('3', JSON.parse(String(init?.body)).message, false), 201),
    });
    const { user, chat } = await openChat();
    await within(chat).findByText('Hello, how can we help?');
    // My first message was seen by support.
    expect(within(chat).getByText('Seen')).toBeTruthy();
    await waitFor(() =>
      expect(fake.calls.find((c) => c.key === 'POST /api/chat/read')?.body).toEqual({
        sessionId: SESSION,
        upTo: '2',
      }),
    );
    const box = within(chat).getByLabelText('Your message');
    await user.type(box, '   {Enter}');
    expect(fake.count('POST /api/chat/send')).toBe(0);
    await user.type(box, '  My number does not ring  {Enter}');
    await within(chat).findByText('My number does not ring');
    const sent = fake.calls.find((c) => c.key === 'POST /api/chat/send')?.body as {
      message: string;
      requestId: string;
    };
    expect(sent.message).toBe('My number does not ring');
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect((box as HTMLTextAreaElement).value).toBe('');
    // The box keeps the focus: the next message can be typed straight away.
    expect(document.activeElement).toBe(box);
    // Escape folds the window to its bar, which takes the focus.
    await user.keyboard('{Escape}');
    expect(chat.getAttribute('data-state')).toBe('minimised');
    expect(document.activeElement).toBe(within(chat).getByRole('button', { name: /Live chat/ }));
  });

  it("says 'Failed to send message', keeps the text, and a retry sends it under the same request id", async () => {
    const fake = fakeApi({
      'GET /api/chat/session': () => json(session),
      [`GET /api/chat/messages?sessionId=${SESSION}`]: () => json({ items: [], hasMore: false }),
      'POST /api/chat/typing': () => new Response(null, { status: 204 }),
      'POST /api/chat/send': () => apiError(500, 'INTERNAL_X', ''),
    });
    const { user, chat } = await openChat();
    const box = within(chat).getByLabelText('Your message');
    await user.type(box, 'Hello{Enter}');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', 'Error', 'Failed to send message'),
    );
    expect((box as HTMLTextAreaElement).value).toBe('Hello');
    await user.type(box, '{Enter}');
    await waitFor(() => expect(fake.count('POST /api/chat/send')).toBe(2));
    const ids = fake.calls
      .filter((c) => c.key === 'POST /api/chat/send')
      .map((c) => (c.body as { requestId: string }).requestId);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("says 'No active chat session' when the conversation is not the customer's", async () => {
    fakeApi({
      'GET /api/chat/session': () => json(session),
      [`GET /api/chat/messages?sessionId=${SESSION}`]: () => json({ items: [], hasMore: false }),
      'POST /api/chat/typing': () => new Response(null, { status: 204 }),
      'POST /api/chat/send': () => apiError(404, 'NO_CHAT_SESSION', 'No active chat session'),
    });
    const { user, chat } = await openChat();
    await user.type(within(chat).getByLabelText('Your message'), 'Hello{Enter}');
    await waitFor(() =>
      expect(showToast).toHaveBeenCalledWith('error', 'Error', 'No active chat session'),
    );
  });

  it('minimised, counts unread replies on its bar and on the help button without marking them read', async () => {
    const fake = fakeApi({
      'GET /api/chat/session': () => json({ ...session, customerReadUpTo: '1' }),
      [`GET /api/chat/messages?sessionId=${SESSION}`]: () =>
        json({
          items: [msg('1', 'Hi', true), msg('2', 'Are you there?', true), msg('3', 'Yes', false)],
          hasMore: false,
        }),
      'POST /api/chat/read': () => new Response(null, { status: 204 }),
    });
    setChatDock('minimised');
    const user = userEvent.setup();
    renderWithApp(
      <>
        <HelpWidget signedIn />
        <ChatWindow />
      </>,
      { user: aUser() },
    );
    const chat = await screen.findByTestId('chat-window');
    expect(within(chat).queryByLabelText('Your message')).toBeNull();
    await within(chat).findByText('1 new');
    expect(screen.getByTestId('help-unread').textContent).toBe('1');
    expect(within(chat).getByRole('button', { name: 'Live chat 1 new' })).toBeTruthy();
    expect(fake.count('POST /api/chat/read')).toBe(0);
    // Opened, the reply is read and the counts go.
    await user.click(within(chat).getByRole('button', { name: /Live chat/ }));
    await within(chat).findByText('Are you there?');
    await waitFor(() => expect(fake.count('POST /api/chat/read')).toBe(1));
    expect(screen.queryByTestId('help-unread')).toBeNull();
    await user.click(within(chat).getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByTestId('chat-window')).toBeNull();
  });

  it('counts replies that came while it was closed on the help button, until it opens', async () => {
    fakeApi({
      'GET /api/chat/session': () => json(session),
      [`GET /api/chat/messages?sessionId=${SESSION}`]: () => json({ items: [], hasMore: false }),
    });
    renderWithApp(<ChatWindow />, { user: aUser() });
    expect(screen.queryByTestId('help-unread')).toBeNull();
    act(() => {
      noteMissedReply();
      noteMissedReply();
    });
    expect(screen.getByTestId('help-unread').textContent).toBe('2');
    act(() => setChatDock('open'));
    expect(await screen.findByTestId('chat-window')).toBeTruthy();
    act(() => setChatDock('closed'));
    expect(screen.queryByTestId('help-unread')).toBeNull();
  });
});
