import type { Page } from '@playwright/test';
import { signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';

const PHONE = { width: 390, height: 844 };

async function readIn(page: Page, lang: 'en' | 'ar') {
  await page.goto('/');
  await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
}

test('the footer lists only the coins that can be paid in', async ({ browser }) => {
  const before = await browser.newContext();
  const visitor = await before.newPage();
  await visitor.goto('/');
  const coins = (await (await visitor.request.get('/api/payments/coins')).json()) as {
    currency: string;
  }[];
  const footer = visitor.getByRole('contentinfo');
  if (coins.length === 0) {
    // A fresh install: no wallet, so no coin is advertised.
    await expect(footer.getByText('Coming soon')).toBeVisible();
    await expect(footer.getByRole('list', { name: 'We accept' })).toHaveCount(0);
  }
  await before.close();

  const staff = await adminWithWallet(browser);
  const after = await browser.newContext();
  const page = await after.newPage();
  await page.goto('/');
  const list = page.getByRole('contentinfo').getByRole('list', { name: 'We accept' });
  await expect(list.getByRole('listitem')).toContainText(['BTC']);
  // Nothing without a wallet is offered.
  await expect(list).not.toContainText('LTC');
  await after.close();
  await staff.close();
});

for (const lang of ['en', 'ar'] as const)
  test(`the admin's landing shows the set-up checklist at 390 px in ${lang}`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAdmin(page.request);
    await readIn(page, lang);
    await page.goto('/admin');
    const ar = lang === 'ar';
    const checklist = page.getByRole('region', { name: ar ? 'قائمة الإعداد' : 'Set-up checklist' });
    await expect(checklist).toBeVisible();
    // The browser suite sends mail to a local sink (SMTP_URL set): that item is done; its
    // gateways are the sandboxes, still to do.
    const mail = checklist.getByTestId('setup-mail');
    await expect(mail).toContainText(ar ? 'مكتمل' : 'done');
    await expect(mail).not.toContainText('SMTP_URL');
    const sms = checklist.getByTestId('setup-sms');
    await sms
      .getByRole('link', { name: ar ? 'اطّلع على الحالة أدناه' : 'See the status below' })
      .click();
    await expect(page).toHaveURL(/#sms-status$/);
    await expect(page.getByTestId('sms-status')).toBeInViewport();
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  });
