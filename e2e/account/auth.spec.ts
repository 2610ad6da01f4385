import {
  ADMIN,
  newCustomer,
  signedUpCustomer,
  signUpThroughForm,
  withFreshAdminCode,
} from '../support/accounts';
import { expect, test } from '../support/fixtures';

test('a visitor signs up, lands on the dashboard, signs out, and signs in again', async ({
  page,
}) => {
  const who = newCustomer();
  await signUpThroughForm(page, who);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome back, Ada!' })).toBeVisible();
  await expect(page.getByTestId('balance')).toHaveText('£0.00');
  await page.getByRole('button', { name: /Account menu for Ada Lovelace/ }).click();
  await expect(page.getByRole('menu')).toContainText('Balance: £0.00');
  await expect(page.getByRole('menuitem', { name: 'Admin Panel' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();

  await page.goto('/');
  const form = page.getByRole('tabpanel', { name: 'Sign In' });
  await form.getByLabel('Email').fill(who.email);
  await form.getByLabel('Password').fill('a wrong password');
  await form.getByRole('checkbox', { name: 'Verify security check' }).click();
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(form.getByRole('alert')).toHaveText('Invalid email or password');
  // The used answer is replaced at once: the box stays ticked for the next attempt.
  await expect(form.getByRole('checkbox', { name: 'Verify security check' })).toBeChecked();

  await form.getByLabel('Password').fill(who.password);
  // Sign in from the foot of the page: the dashboard must still open at its top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight),
  ).toBe(true);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('signing up twice with one email says it is taken', async ({ page }) => {
  const who = await signedUpCustomer(page);
  await page.context().clearCookies();
  await signUpThroughForm(page, who);
  await expect(page.getByRole('tabpanel', { name: 'Sign Up' }).getByRole('alert')).toHaveText(
    'An account with this email already exists',
  );
});

test('a customer opening /admin is told Access Denied and sent to the dashboard', async ({
  page,
}) => {
  await signedUpCustomer(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText("You don't have permission to access the admin panel")).toBeVisible();
  await page.goto('/admin-chat');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
});

test('an admin signs in at /admin/login and reaches the admin panel', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByLabel('Admin email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText('Login Failed: Invalid email or password');
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  // The right password without the second factor is not enough.
  await page.getByLabel('Authentication code').fill('000000');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Login Failed: Enter the current code from your authenticator app, or a recovery code.',
  );
  await expect(page.getByLabel('Authentication code')).toBeFocused();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await withFreshAdminCode(async (code) => {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  await expect(page.getByRole('table', { name: 'Users' })).toContainText(ADMIN.email);
  await expect(page.getByRole('link', { name: 'Live Chat' })).toBeVisible();
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('sign-up, sign-out, sign-in and admin sign-in work right-to-left', async ({ page }) => {
    const who = newCustomer();
    await page.goto('/?auth=signup');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const form = page.getByRole('tabpanel');
    await form.locator('#signup-first').fill(who.first);
    await form.locator('#signup-last').fill(who.last);
    await form.locator('#signup-email').fill(who.email);
    await form.locator('#signup-password').fill(who.password);
    await form.locator('#signup-confirm').fill(who.password);
    await form.locator('#signup-contact-method').selectOption('phone');
    await form.locator('#signup-contact-value').fill('+447700900123');
    await form.locator('#signup-terms').check();
    await form.getByRole('checkbox').last().click();
    await expect(form.getByRole('checkbox').last()).toBeChecked();
    await form.locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.locator('main h1')).toContainText('Ada');

    await page.locator('header button.rounded-full').click();
    await page.getByRole('menuitem').last().click();
    await expect(page.locator('#signin-email')).toBeVisible();
    await page.locator('#signin-email').fill(who.email);
    await page.locator('#signin-password').fill(who.password);
    await page.getByRole('tabpanel').getByRole('checkbox').click();
    await expect(page.getByRole('tabpanel').getByRole('checkbox')).toBeChecked();
    await page.getByRole('tabpanel').locator('button[type=submit]').click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.context().clearCookies();
    await page.goto('/admin/login');
    await page.locator('#admin-email').fill(ADMIN.email);
    await page.locator('#admin-password').fill(ADMIN.password);
    await withFreshAdminCode(async (code) => {
      await page.locator('#admin-code').fill(code);
      await page.locator('form button[type=submit]').click();
      await expect(page).toHaveURL(/\/admin$/);
    });
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.goto('/admin?tab=services');
    await expect(page.getByRole('table')).toContainText('sip-trunk');
  });
});
