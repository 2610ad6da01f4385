import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';

/**
 * One currency rule: a USD price charged to the balance shows its GBP amount beside it,
 * the balance shows pounds and pence. On a phone (390 px), in English and in Arabic.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function readIn(page: Page, lang: string) {
  await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** A USD SMTP package as the server sells it in this language, and its GBP amount as shown. */
async function usdPackage(page: Page, lang: string) {
  const list = (await (
    await page.request.get(`/api/packages?service=smtp&lang=${lang}`)
  ).json()) as { name: string; currency: string; balancePrice: string | null }[];
  const usd = list.find((p) => p.currency === 'USD');
  expect(usd?.balancePrice).toMatch(/^\d+\.\d{2}$/);
  const gbp = new Intl.NumberFormat(lang, {
    style: 'currency',
    currency: 'GBP',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
  })
    .formatToParts(Number(usd?.balancePrice))
    .map((p) => (p.type === 'currency' ? '£' : p.value))
    .join('');
  return { name: usd?.name ?? '', gbp };
}

for (const lang of ['en', 'ar'] as const) {
  test(`a USD price shows its GBP amount beside it, at 390 px in ${lang}`, async ({ page }) => {
    test.setTimeout(60_000);
    await signedUpCustomer(page);
    if (lang !== 'en') await readIn(page, lang);
    await expect(page.getByTestId('balance')).toHaveText(/£/);

    await page.goto('/services/smtp');
    const { name, gbp } = await usdPackage(page, lang);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    const amount = card.getByTestId('gbp-amount');
    await expect(amount).toBeVisible();
    await expect(amount).toContainText(gbp);
    await expect(amount).toContainText(lang === 'ar' ? 'بسعر اليوم' : "at today's rate");
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/services/did');
    const first = page.getByTestId('gbp-amount').first();
    await expect(first).toBeVisible();
    await expect(first).toContainText('£');
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
