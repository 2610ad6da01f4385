import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, json } from '@/test/fake-api';
import { renderWithApp } from '@/test/render';
import { ChatUnreadCount } from './nav-badge';

const withUnread = (unread: number) =>
  fakeApi({
    'GET /api/admin/chat/summary': () =>
      json({ open: 1, pending: 0, resolved: 0, mine: 0, unread }),
  });

describe('ChatUnreadCount', () => {
  it('says how many conversations wait, in words for a screen reader', async () => {
    withUnread(3);
    renderWithApp(<ChatUnreadCount />);
    const badge = await screen.findByTestId('nav-chat-unread');
    expect(badge.textContent).toBe('3Conversations with unread messages: 3');
  });

  it('past 99 reads "99+" both on screen and to a screen reader', async () => {
    withUnread(150);
    renderWithApp(<ChatUnreadCount />);
    const badge = await screen.findByTestId('nav-chat-unread');
    expect(badge.textContent).toBe('99+Conversations with unread messages: 99+');
  });
});
