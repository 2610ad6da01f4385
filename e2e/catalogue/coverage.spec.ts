import { newCustomer, signUpThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';

/** The pages' country claims are the catalogue's counts, in the reader's digits. */
const ar = messagesIn('ar');

test('the landing page and the number shop count the catalogue’s countries (390 px, Arabic)', async ({
  page,
  browser,
}) => {
  // Two pages, a sign-up and two accessibility scans: more than the default 30 s on a
  // busy two-core machine.
  test.setTimeout(60_000);
  const coverage = (await (await page.request.get('/api/coverage')).json()) as {
    countries: number;
    numberCountries: number;
  };
  expect(coverage.countries).toBeGreaterThan(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const digits = (n: number) => page.evaluate((v) => new Intl.NumberFormat('ar').format(v), n);
  const stat = (label: string) =>
    page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('+ dd');
  await expect(stat(ar.landing.hero.stats.countries.label)).toHaveText(
    await digits(coverage.countries),
  );
  await expect(stat(ar.landing.hero.stats.didCountries.label)).toHaveText(
    await digits(coverage.numberCountries),
  );
  await expect(page.getByText('150+')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // A customer's number shop, in Arabic too.
  const customer = await (await browser.newContext()).newPage();
  await signUpThroughApi(customer, newCustomer());
  await customer.setViewportSize({ width: 390, height: 844 });
  await customer.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await customer.goto('/services/did');
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(
    customer.getByText(
      ar.catalogueCoverage.numberCountries.replace('{{n}}', await digits(coverage.numberCountries)),
    ),
  ).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  expect(await seriousViolations(customer)).toEqual([]);
  await customer.context().close();
});
