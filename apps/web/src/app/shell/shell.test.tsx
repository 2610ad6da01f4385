import { PUBLIC_CONFIG_ELEMENT_ID } from '@parley/shared/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { fakeApi, json } from '@/test/fake-api';
import { aUser, renderWithApp } from '@/test/render';
import { Footer } from './footer';
import { HelpWidget } from './help-widget';
import { Navbar } from './navbar';

// Runs isolated: the page's embedded configuration is read once per module graph.

beforeAll(() => {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = PUBLIC_CONFIG_ELEMENT_ID;
  block.textContent = JSON.stringify({
    salesEmail: 'sales@example.com',
    supportEmail: 'help@example.com',
    whatsappUrl: 'https://wa.me/15550100',
    telegramUrl: null,
  });
  document.head.append(block);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
  localStorage.clear();
});

describe('Navbar', () => {
  it('offers a visitor Login and Sign Up (both to the login route) and the landing anchors', () => {
    renderWithApp(<Navbar user={null} />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveProperty('pathname', '/api/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveProperty('pathname', '/api/login');
    expect(screen.getByRole('link', { name: 'About' }).getAttribute('href')).toBe('/#about');
    expect(screen.getByRole('button', { name: /Language: English/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Services' })).toBeNull();
  });

  it('gives a signed-in customer the Services, Call Center and Dashboard menus but no admin links', async () => {
    renderWithApp(<Navbar user={aUser()} />);
    // The file's first render loads the menus' lazy modules: more than findBy's 1 s default
    // on a cold, busy machine.
    expect(
      await screen.findByRole('button', { name: 'Services' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Call Center' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Login' })).toBeNull();
  });

  it('adds Admin and Live Chat for an admin', async () => {
    renderWithApp(<Navbar user={aUser({ isAdmin: true })} />);
    expect((await screen.findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe(
      '/admin',
    );
    expect(screen.getByRole('link', { name: 'Live Chat' }).getAttribute('href')).toBe(
      '/admin-chat',
    );
  });

  it('opens the Services menu with its five entries', async () => {
    renderWithApp(<Navbar user={aUser()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Services' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.getAttribute('href'))).toEqual([
      '/services/sms',
      '/services/voip',
      '/services/sip',
      '/services/sip-trunk',
      '/services/did',
    ]);
  });

  it('shows name, email and balance in the avatar menu, with Log out to /api/logout', async () => {
    renderWithApp(<Navbar user={aUser({ cryptoBalance: '24.9960' })} />);
    await userEvent.click(
      await screen.findByRole('button', { name: /Account menu for Ada Lovelace/ }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeTruthy();
    expect(within(menu).getByText('Balance: £24.99')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' }).getAttribute('href')).toBe(
      '/api/logout',
    );
    expect(
      within(menu).getByRole('menuitem', { name: 'Account and security' }).getAttribute('href'),
    ).toBe('/account');
  });

  it('mirrors the avatar menu in the phone drawer: name, email and balance', async () => {
    renderWithApp(<Navbar user={aUser({ cryptoBalance: '24.9960' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer is a lazy chunk: its first load on a cold machine outlasts findBy's 1 s.
    const account = await screen.findByTestId('drawer-account', {}, { timeout: 10_000 });
    expect(within(account).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(account).getByText('ada@example.com')).toBeTruthy();
    expect(within(account).getByText('Balance: £24.99')).toBeTruthy();
  });

  it('shows the email once when the user has no name (an admin made from ADMIN_EMAIL)', async () => {
    renderWithApp(
      <Navbar
        user={aUser({ firstName: null, lastName: null, email: 'ops@example.com', isAdmin: true })}
      />,
    );
    await userEvent.click(
      await screen.findByRole('button', { name: /Account menu for ops@example.com/ }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByText('ops@example.com')).toHaveLength(1);
  });

  it('lets the keyboard pick a language from the flag menu', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar user={null} />);
    await user.click(screen.getByRole('button', { name: /Language: English/ }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getAllByRole('menuitemradio')).toHaveLength(10);
    expect(document.activeElement?.textContent).toContain('English');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Español');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('gives a signed-in customer the flag menu next to the avatar, and Arabic turns the page right-to-left', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar user={aUser()} />);
    const picker = await screen.findByRole('button', { name: /Language: English/ });
    expect(picker.parentElement?.nextElementSibling).toBe(
      screen.getByRole('button', { name: /Account menu for Ada Lovelace/ }),
    );
    await user.click(picker);
    await user.click(
      within(screen.getByRole('menu')).getByRole('menuitemradio', { name: /العربية/ }),
    );
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /العربية/ }));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('puts the flag menu in a signed-in customer’s drawer; Escape closes the menu, not the drawer', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar user={aUser()} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    const picker = within(drawer).getByRole('button', { name: /Language: English/ });
    expect(within(drawer).getByRole('link', { name: 'Log out' })).toBeTruthy();
    await user.click(picker);
    expect(within(drawer).getAllByRole('menuitemradio')).toHaveLength(10);
    await user.keyboard('{Escape}');
    expect(within(drawer).queryByRole('menu')).toBeNull();
    expect(screen.getByRole('dialog')).toBe(drawer);
    expect(document.activeElement).toBe(picker);
  });
});

describe('Footer', () => {
  it('lists only the coins the server says can be paid in, in order, and the contact channels', async () => {
    fakeApi({
      'GET /api/payments/coins': () =>
        json([
          { currency: 'TRX', network: 'tron' },
          { currency: 'ETH', network: 'ethereum' },
          { currency: 'USDT', network: 'tron' },
          { currency: 'USDT', network: 'ethereum' },
          { currency: 'BTC', network: 'bitcoin' },
        ]),
    });
    renderWithApp(<Footer signedIn={false} />);
    const crypto = screen.getByRole('list', { name: 'We accept' });
    await waitFor(() =>
      expect(
        within(crypto)
          .getAllByRole('listitem')
          .map((li) => li.textContent),
      ).toEqual(['BTC', 'USDT', 'ETH', 'TRX']),
    );
    expect(screen.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
    expect(screen.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toBe(
      'https://wa.me/15550100',
    );
    expect(screen.queryByRole('link', { name: 'Telegram' })).toBeNull();
  });

  it('says payments open soon when no coin can be paid in yet', async () => {
    fakeApi({ 'GET /api/payments/coins': () => json([]) });
    renderWithApp(<Footer signedIn={false} />);
    expect(await screen.findByText('Coming soon')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'We accept' })).toBeNull();
    expect(screen.queryByText('BTC')).toBeNull();
  });

  it('links a signed-in user to the service pages and a visitor to sign-in', () => {
    const { unmount } = renderWithApp(<Footer signedIn />);
    const links = within(screen.getByRole('navigation', { name: 'Services' })).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/services/sms',
      '/services/voip',
      '/services/sip',
      '/services/did',
      '/prices-coverage',
      '/payment',
      '/dashboard',
    ]);
    unmount();
    renderWithApp(<Footer signedIn={false} />);
    const visitorLinks = within(screen.getByRole('navigation', { name: 'Services' })).getAllByRole(
      'link',
    );
    expect(new Set(visitorLinks.map((a) => a.getAttribute('href')))).toEqual(
      new Set(['/api/login']),
    );
  });
});

describe('HelpWidget', () => {
  it('asks a visitor to sign in before live chat', async () => {
    renderWithApp(<HelpWidget signedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open help' }));
    // The panel is a chunk of its own, loaded on first open.
    expect(await screen.findByRole('link', { name: 'WhatsApp' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Live chat' }));
    expect(screen.getByRole('alert').textContent).toContain('Please sign in first');
    await userEvent.click(screen.getByRole('button', { name: 'Close help' }));
    expect(screen.queryByRole('region', { name: 'Need help?' })).toBeNull();
  });

  it('offers the support email beside the chat channels', async () => {
    renderWithApp(<HelpWidget signedIn={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Open help' }));
    const panel = await screen.findByRole('region', { name: 'Need help?' });
    const email = within(panel).getByRole('link', { name: /help@example\.com/ });
    expect(email.getAttribute('href')).toBe('mailto:help@example.com');
    expect(email.textContent).toContain('Email');
  });

  it('moves focus into the panel when it opens and back to its button on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(<HelpWidget signedIn={false} />);
    await user.click(screen.getByRole('button', { name: 'Open help' }));
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp' });
    await waitFor(() => expect(document.activeElement).toBe(whatsapp));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('region', { name: 'Need help?' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open help' }));
  });
});
