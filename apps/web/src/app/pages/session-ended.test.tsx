import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import OtherRoutes from '../other-routes';
import { AppShell } from '../shell/app-shell';

// The signed-in menus are a lazy chunk: loaded once here, so a cold transform of it
// (a first run, a busy machine) is not mistaken for a menu that never came. The pages
// these tests open and leave at once are loaded here too: a load still under way when
// this file ends finished after its environment was torn down (an error in CI).
beforeAll(async () => {
  await Promise.all([
    import('../shell/member-nav'),
    import('@/features/account/pages/account-page'),
    import('@/features/dashboard/pages/dashboard-page'),
  ]);
}, 30_000);
beforeEach(() => {
  fakeApi({});
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function at(path: string, user = null as ReturnType<typeof aUser> | null) {
  return renderWithApp(
    <Routes>
      <Route element={<AppShell />}>
        <Route path="*" element={<OtherRoutes />} />
      </Route>
    </Routes>,
    { user, path },
  );
}

describe('a signed-in page opened after the session ended', () => {
  it('is still Page Not Found, and says the session ended with a Sign in button', async () => {
    // This browser was signed in: the shell remembers it.
    at('/no-such-page', aUser()).unmount();

    at('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText('Your session has ended')).toBeTruthy();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/api/login');
  });

  it('says nothing of a session to a browser that was never signed in', async () => {
    at('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByText('Your session has ended')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('says nothing of a session on an address that does not exist at all', async () => {
    at('/account', aUser()).unmount();
    at('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByText('Your session has ended')).toBeNull();
  });

  it('forgets the session once the user logs out', async () => {
    const user = userEvent.setup();
    at('/no-such-page', aUser()).unmount();
    renderWithApp(<AppShell />, { user: aUser() });
    await user.click(await screen.findByRole('button', { name: /Ada/ }));
    const logout = await screen.findByRole('menuitem', { name: 'Log out' });
    logout.addEventListener('click', (e) => e.preventDefault());
    await user.click(logout);
    const { unmount } = at('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(screen.queryByText('Your session has ended')).toBeNull();
    unmount();
  });
});
