import type { User } from '@parley/shared';
import { useQueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userQueryOptions, useUser } from '@/lib/current-user';
import { fakeApi } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { AppShell } from './app-shell';

// A page whose code never arrives: what the shell shows meanwhile is what this checks.
const NeverLoads = lazy(() => new Promise<never>(() => {}));

// The shell's navigation asks for notifications and the like: answered, never sent.
beforeEach(() => {
  fakeApi({});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function shellAt(path: string, user: User | null = aUser()) {
  renderWithApp(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<NeverLoads />} />
      </Route>
    </Routes>,
    { user, path },
  );
}

describe('the shell while a page’s code loads', () => {
  it('shows the dashboard’s heading on /dashboard, with the page busy below it', async () => {
    shellAt('/dashboard');
    const main = screen.getByRole('main');
    expect(
      (await screen.findByRole('heading', { level: 1, name: 'Welcome, Ada' })).closest('main'),
    ).toBe(main);
    expect(
      screen.getByText('Your balance, spending and recent activity in one place.'),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows only the spinner on other pages', () => {
    shellAt('/account');
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('shows nobody’s heading to a visitor at /dashboard', () => {
    shellAt('/dashboard', null);
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });

  it('shows only the spinner when the dashboard is reached from another page', async () => {
    // Signing up: the user becomes known (the page at "/" changes) and the app moves on.
    function SignUp() {
      const client = useQueryClient();
      const navigate = useNavigate();
      const { data: user } = useUser();
      if (user) return <NeverLoads />;
      const signUp = () => {
        client.setQueryData(userQueryOptions.queryKey, aUser());
        void navigate('/dashboard');
      };
      return (
        <button type="button" onClick={signUp}>
          Sign up
        </button>
      );
    }
    renderWithApp(
      <Routes>
        <Route element={<AppShell />}>
          <Route index element={<SignUp />} />
          <Route path="*" element={<NeverLoads />} />
        </Route>
      </Routes>,
      { user: null, path: '/' },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });
});
