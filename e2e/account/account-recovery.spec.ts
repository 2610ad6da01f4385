import type { Page } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughForm } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { message } from '../support/locales';
import { lastMailTo } from '../support/mail';
import { sidewaysOverflow } from '../support/overflow';

/**
 * Getting into an account: Sign Up opens Sign Up, a forgotten password (by email, or a
 * link from an admin), a session that ended, a wrong password that keeps the security
 * check. At a phone's width and in Arabic, with no serious axe findings.
 */
const PHONE = { width: 390, height: 844 };
const t = (key: string) => message('ar', key);

async function inArabic(page: Page, url = '/') {
  await page.setViewportSize(PHONE);
  await page.goto(url);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
}

async function clean(page: Page) {
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
}

/** Ticks the security check of `scope` and waits until it is solved. */
async function tick(scope: ReturnType<Page['getByRole']>) {
  const box = scope.getByRole('checkbox', { name: t('auth.securityCheck') });
  await box.click();
  await expect(box).toBeChecked();
  await expect(box).not.toHaveAttribute('aria-busy', 'true');
}

test('Sign Up in the header, the drawer and Start Your Journey opens the Sign Up tab', async ({
  page,
}) => {
  await inArabic(page);
  const signUpTab = page.getByRole('tab', { name: t('auth.signUp') });

  await page
    .getByRole('banner')
    .getByRole('link', { name: t('nav.signUp') })
    .click();
  await expect(page).toHaveURL(/\/\?auth=signup#auth$/);
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
  await clean(page);

  await page.goto('/?auth=signin');
  await page.getByRole('button', { name: t('nav.openMenu') }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: t('nav.signUp') })
    .click();
  await expect(page).toHaveURL(/\/\?auth=signup#auth$/);
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');

  await page.goto('/?auth=signin');
  await page.getByRole('link', { name: t('landing.contact.cta') }).click();
  await expect(page).toHaveURL(/\/\?auth=signup#auth$/);
  await expect(signUpTab).toHaveAttribute('aria-selected', 'true');
});

test.describe('with an account', () => {
  let who: ReturnType<typeof newCustomer>;
  test.beforeEach(async ({ page }) => {
    who = newCustomer();
    await signUpThroughForm(page, who);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a wrong password keeps the security check ticked, and the right one then signs in', async ({
    browser,
  }) => {
    const visitor = await (await browser.newContext()).newPage();
    await inArabic(visitor, '/?auth=signin');
    const form = visitor.getByRole('tabpanel', { name: t('auth.signIn') });
    await form.getByLabel(t('auth.email')).fill(who.email);
    await form.getByLabel(t('auth.password'), { exact: true }).fill('not the password');
    await tick(form);
    await form.getByRole('button', { name: t('auth.signIn') }).click();
    await expect(form.getByRole('alert')).toBeVisible();
    const box = form.getByRole('checkbox', { name: t('auth.securityCheck') });
    await expect(box).toBeChecked();
    await clean(visitor);
    await form.getByLabel(t('auth.password'), { exact: true }).fill(who.password);
    await form.getByRole('button', { name: t('auth.signIn') }).click();
    await expect(visitor).toHaveURL(/\/dashboard$/);
    await visitor.context().close();
  });

  test('Forgot password? emails a link that sets a new password once and ends every session', async ({
    page,
    browser,
  }) => {
    test.setTimeout(60_000);
    const visitor = await (await browser.newContext()).newPage();
    await inArabic(visitor, '/?auth=signin');
    const form = visitor.getByRole('tabpanel', { name: t('auth.signIn') });
    await form.getByRole('link', { name: t('auth.forgot.link') }).click();
    await expect(form.getByLabel(t('auth.email'))).toBeFocused();
    await form.getByLabel(t('auth.email')).fill(who.email);
    await tick(form);
    await clean(visitor);
    await form.getByRole('button', { name: t('auth.forgot.submit') }).click();
    await expect(form.getByRole('status')).toContainText(who.email);
    await clean(visitor);

    const mail = await lastMailTo(who.email);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password#[A-Za-z0-9_-]{43})/.exec(mail)?.[1];
    expect(link, mail).toBeTruthy();
    await visitor.goto(link ?? '');
    await expect(
      visitor.getByRole('heading', { level: 1, name: t('auth.reset.title') }),
    ).toBeVisible();
    await visitor.getByLabel(t('auth.reset.newPassword')).fill('a brand new passphrase');
    await visitor.getByLabel(t('auth.confirmPassword')).fill('a brand new passphras');
    await expect(visitor.getByText(t('auth.passwordsDiffer'))).toBeVisible();
    await clean(visitor);
    await visitor.getByLabel(t('auth.confirmPassword')).fill('a brand new passphrase');
    await visitor.getByRole('button', { name: t('auth.reset.submit') }).click();
    await expect(visitor.getByRole('status')).toHaveText(t('auth.reset.done'));
    await clean(visitor);

    // The session the account had ended; the old password is gone, the new one works.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    // The link again, on a fresh load: used once, it is not valid any more.
    await visitor.goto('about:blank');
    await visitor.goto(link ?? '');
    await visitor.getByLabel(t('auth.reset.newPassword')).fill('yet another passphrase');
    await visitor.getByLabel(t('auth.confirmPassword')).fill('yet another passphrase');
    await visitor.getByRole('button', { name: t('auth.reset.submit') }).click();
    await expect(visitor.getByRole('alert')).toHaveText(t('auth.reset.invalid'));
    await clean(visitor);
    await visitor.context().close();
  });

  test('a signed-in page opened after the session ended says so, with a Sign in button', async ({
    page,
  }) => {
    await inArabic(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(t('notFound.title'));
    await page.context().clearCookies();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: t('notFound.title') })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: t('notFound.sessionEnded.title') }),
    ).toBeVisible();
    await clean(page);
    await page
      .getByRole('main')
      .getByRole('link', { name: t('notFound.sessionEnded.signIn') })
      .click();
    await expect(page).toHaveURL(/\/\?auth=signin#auth$/);
    await expect(page.getByRole('tab', { name: t('auth.signIn') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('an admin gives the customer a one-time reset link from the Users tab', async ({
    page,
    browser,
  }) => {
    const me = await (await page.request.get('/api/auth/user')).json();
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInAdmin(admin.request);
    await inArabic(admin, `/admin?tab=users&user=${me.id}`);
    const detail = admin.getByRole('dialog');
    await detail.getByRole('button', { name: t('adminUsers.resetLink.button') }).click();
    const ask = admin.getByRole('alertdialog');
    await clean(admin);
    await ask.getByRole('button', { name: t('adminUsers.resetLink.create') }).click();
    const shown = admin.getByRole('dialog', { name: t('adminUsers.resetLink.readyTitle') });
    const field = shown.getByLabel(t('adminUsers.resetLink.label'), { exact: true });
    await expect(field).toHaveValue(/\/reset-password#[A-Za-z0-9_-]{43}$/);
    await clean(admin);
    const link = await field.inputValue();
    await adminContext.close();

    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(link);
    await visitor.getByLabel('New password').fill('chosen by the customer');
    await visitor.getByLabel('Confirm password').fill('chosen by the customer');
    await visitor.getByRole('button', { name: 'Set new password' }).click();
    await expect(visitor.getByRole('status')).toContainText('Sign in with your new password');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await visitor.context().close();
  });
});
