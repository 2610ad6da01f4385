import type { User } from '@parley/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { userQueryOptions } from '@/lib/current-user';
import { createQueryClient } from '@/lib/query-client';

export const aUser = (overrides: Partial<User> = {}): User => ({
  id: 'u1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  cryptoBalance: '12.50',
  isAdmin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

/** Renders inside the app's providers with the signed-in state already known. */
export function renderWithApp(ui: ReactElement, { user = null as User | null, path = '/' } = {}) {
  const client = createQueryClient();
  client.setQueryData(userQueryOptions.queryKey, user);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}
