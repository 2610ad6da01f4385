import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { fundedByOwnAdmin } from '../support/funding';
import { sidewaysOverflow } from '../support/overflow';

test('a plan says it renews before it is bought, the plan page marks it after, and the dashboard gives one runway', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // £118.50 on the balance.
  await fundedByOwnAdmin(page, browser);
  const plans = await (await page.request.get('/api/packages?service=voip')).json();
  const starter = plans.find((p: { name: string }) => p.name === 'Starter');

  await page.goto('/services/voip');
  const card = () =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Starter' }) });
  await expect(card()).toContainText('Renews monthly; stop any time');
  await expect(card()).not.toContainText('Your plan');

  // The purchase says what it commits to, before and in the confirmation.
  await page.goto(`/payment?service=voip&type=Starter&price=99.00&item=${starter.id}`);
  const balance = page.getByRole('region', { name: 'Pay from balance' });
  await expect(balance).toContainText('£99.00 now, then £99.00 monthly; stop any time');
  await balance.getByRole('button', { name: 'Pay £99.00 from balance' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await expect(ask).toContainText('£99.00 now, then £99.00 monthly; stop any time');
  await ask.getByRole('button', { name: 'Pay £99.00' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Renewals and Financial Projections give the same days left.
  const runway = page.getByRole('region', { name: 'Renewals and runway' }).getByTestId('runway');
  await expect(runway).toHaveText(/^(29|30) days$/);
  const days = (await runway.textContent())?.split(' ')[0];
  const projections = page.getByRole('region', { name: 'Financial Projections' });
  await expect(
    projections
      .locator('dt', { hasText: 'Days your balance lasts' })
      .locator('xpath=following-sibling::dd'),
  ).toHaveText(days ?? '');

  await page.goto('/services/voip');
  await expect(card()).toContainText('Your plan');
  await expect(card()).toContainText(/Renews on /);
  expect(await seriousViolations(page)).toEqual([]);

  // Arabic on a phone: the marked plan and its terms fit and read right to left.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.getByText('خطتك')).toBeVisible();
  await expect(page.getByText('يتجدد شهريًا؛ يمكنك الإيقاف في أي وقت').first()).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.goto(`/payment?service=voip&type=Starter&price=99.00&item=${starter.id}`);
  await expect(page.getByText(/الآن، ثم .+ شهريًا؛ يمكنك الإيقاف في أي وقت/)).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
});
