import type { User } from '@parley/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { seedKnownVisitor, seedSignedInUser, userQueryOptions } from './current-user';
import { createQueryClient } from './query-client';

const ADA: User = {
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: null,
  profileImageUrl: null,
  cryptoBalance: '12.50',
  isAdmin: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function page(head: string) {
  document.head.innerHTML = head;
}

function seeded() {
  const client = createQueryClient();
  seedKnownVisitor(client);
  seedSignedInUser(client);
  return client.getQueryState(userQueryOptions.queryKey);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('who is signed in, from the page', () => {
  it('takes the user the server embedded, so nothing is asked', () => {
    page(`<script type="application/json" id="parley-user">${JSON.stringify(ADA)}</script>`);
    const state = seeded();
    expect(state?.status).toBe('success');
    expect(state?.data).toEqual(ADA);
  });

  it('knows a visitor from the mark', () => {
    page('<meta name="parley-session" content="none" />');
    expect(seeded()?.data).toBeNull();
  });

  it.each([
    ['unreadable JSON', '{"id":'],
    ['a wrong shape', JSON.stringify({ ...ADA, isAdmin: 'yes' })],
    ['a missing field', JSON.stringify({ ...ADA, email: undefined })],
    ['not an object', '"ada"'],
  ])('asks the server when the block holds %s', (_case, text) => {
    page(`<script type="application/json" id="parley-user">${text}</script>`);
    expect(seeded()).toBeUndefined();
  });

  it('asks the server when the page says nothing', () => {
    expect(seeded()).toBeUndefined();
  });
});
