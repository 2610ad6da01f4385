import { screen } from '@testing-library/react';
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { aUser, renderWithApp } from '@/test/render';
import { AppShell } from './app-shell';

// A page whose code never arrives: what the shell shows meanwhile is what this checks.
const NeverLoads = lazy(() => new Promise<never>(() => {}));

function shellAt(path: string, user = aUser()) {
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
    renderWithApp(
      <Routes>
        <Route element={<AppShell />}>
          <Route path="*" element={<NeverLoads />} />
        </Route>
      </Routes>,
      { user: null, path: '/dashboard' },
    );
    expect(screen.queryByText(/Welcome/)).toBeNull();
  });
});
