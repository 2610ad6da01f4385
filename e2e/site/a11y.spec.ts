import { ADMIN_TABS } from '../../apps/web/src/app/admin/tabs';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';
import { openInApp } from '../support/navigation';

const pages = [
  { name: 'landing', path: '/' },
  { name: '404', path: '/some/page' },
  { name: 'admin login', path: '/admin/login' },
];

const locale = (lang: string) => messagesIn(lang) as Record<string, unknown>;

for (const lang of ['en', 'ar'] as const) {
  test(`signed-in pages in ${lang} have no serious or critical axe violations`, async ({
    page,
  }) => {
    test.setTimeout(200_000); // twelve pages, each scanned by axe
    await signedUpCustomer(page);
    await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
    // Loaded once in the language, then opened inside the app.
    await page.goto('/');
    for (const path of [
      '/',
      '/dashboard',
      '/services/sms',
      '/admin-chat',
      '/prices-coverage',
      '/services/voip',
      '/services/did',
      '/did-numbers',
      '/services/sip-trunk',
      '/services/sip-trunk-advanced',
      '/sip-services',
      '/payment?service=balance&amount=150',
    ]) {
      await openInApp(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test(`the admin panel in ${lang} has no serious or critical axe violations`, async ({ page }) => {
    test.setTimeout(180_000); // eleven tabs and a dialog, each scanned by axe
    await page.addInitScript((code) => localStorage.setItem('parley.lang', code), lang);
    await signInAdmin(page.request);
    await page.goto('/admin');
    // Sender IDs and calls are scanned by their own specs.
    for (const tab of ADMIN_TABS.filter((t) => t !== 'sender-ids' && t !== 'calls')) {
      await openInApp(page, `/admin?tab=${tab}`);
      await expect(page.getByRole('tabpanel').locator('h2').first()).toBeVisible();
      await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
      expect(await seriousViolations(page), tab).toEqual([]);
    }
    // The edit dialog, with its field errors showing.
    await openInApp(page, '/admin?tab=country-pricing');
    const add = (locale(lang).admin as { countryPricing: { add: string } }).countryPricing.add;
    await page.getByRole('button', { name: add }).click();
    await page.getByRole('dialog').locator('button[type=submit]').click();
    await expect(page.getByRole('dialog').locator('[aria-invalid=true]').first()).toBeFocused();
    expect(await seriousViolations(page), 'add dialog').toEqual([]);
  });

  for (const { name, path } of pages) {
    test(`${name} page in ${lang} has no serious or critical axe violations`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('parley.lang', code), lang);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
