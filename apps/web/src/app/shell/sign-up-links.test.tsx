import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ContactSection } from '@/features/landing/components/contact-section';
import { renderWithApp } from '@/test/render';
import { Navbar } from './navbar';

// Login and Sign Up both go to the login route (a browser navigation); Sign Up names its tab.
const target = (a: HTMLElement) => {
  const url = new URL(a.getAttribute('href') ?? '', 'https://parley.example');
  return `${url.pathname}${url.search}`;
};

describe('Sign Up opens the Sign Up tab', () => {
  it("from the header's Sign Up, while Login stays on Sign In", () => {
    renderWithApp(<Navbar user={null} />);
    expect(target(screen.getByRole('link', { name: 'Sign Up' }))).toBe('/api/login?tab=signup');
    expect(target(screen.getByRole('link', { name: 'Login' }))).toBe('/api/login');
  });

  it("from the drawer's Sign Up", async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar user={null} />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    // The drawer is a lazy chunk: its first load on a cold machine outlasts findBy's 1 s.
    const drawer = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(target(within(drawer).getByRole('link', { name: 'Sign Up' }))).toBe(
      '/api/login?tab=signup',
    );
    expect(target(within(drawer).getByRole('link', { name: 'Login' }))).toBe('/api/login');
  });

  it('from Start Your Journey', () => {
    renderWithApp(<ContactSection />);
    expect(target(screen.getByRole('link', { name: 'Start Your Journey' }))).toBe(
      '/api/login?tab=signup',
    );
  });
});
