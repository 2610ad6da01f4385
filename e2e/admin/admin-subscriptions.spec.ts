import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

type Texts = {
  title: string;
  filters: Record<'due' | 'grace' | 'suspended', string>;
  empty: Record<'due' | 'grace' | 'suspended', string>;
  extend: { action: string; title: string; days: string };
  waive: { action: string; title: string };
};
const texts = (lang: 'en' | 'ar') =>
  (messagesIn(lang) as { admin: { subscriptions: Texts } }).admin.subscriptions;

const FILTERS = ['due', 'grace', 'suspended'] as const;

/** Shows a filter: its button is pressed, then its table or its empty text appears. */
async function show(panel: Locator, words: Texts, filter: (typeof FILTERS)[number]) {
  const button = panel.getByRole('button', { name: new RegExp(`^${words.filters[filter]}`) });
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(
    panel
      .getByRole('table', { name: words.filters[filter] })
      .or(panel.getByText(words.empty[filter])),
  ).toBeVisible();
  await expect(panel.getByRole('status')).toHaveCount(0);
}

const settled = (page: Page) =>
  page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );

test('an admin reviews subscriptions under each filter; a plan renewing in a month is not due yet; in Arabic at 390 px nothing overflows', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // A customer with just enough for the cheapest monthly plan: its renewal, a month
  // away, is more than the balance holds (counted as short once it is within 30 days).
  const who = await signedUpCustomer(page);
  const packages: { id: string; billingPeriod: string; price: string }[] = await (
    await page.request.get('/api/packages')
  ).json();
  const monthly = packages.filter((p) => p.billingPeriod === 'monthly');
  const prices = await Promise.all(
    monthly.map(async (p) => {
      const item = await (await page.request.get(`/api/orders/items/${p.id}`)).json();
      return { id: p.id, gbp: item.balancePrice as string };
    }),
  );
  const cheapest = prices.sort((a, b) => Number(a.gbp) - Number(b.gbp))[0];
  expect(cheapest).toBeDefined();
  if (!cheapest) return;

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInAdmin(admin.request);
  const found = await (
    await admin.request.get(`/api/admin/users?q=${encodeURIComponent(who.email)}`)
  ).json();
  const userId: string = found.items[0].id;
  const credit = await admin.request.post(`/api/admin/users/${userId}/adjustments`, {
    data: {
      requestId: randomUUID(),
      direction: 'credit',
      amount: cheapest.gbp,
      note: 'First month of a plan',
    },
  });
  expect(credit.status()).toBe(201);
  expect((await page.request.post('/api/orders', { data: { itemId: cheapest.id } })).status()).toBe(
    201,
  );
  const mine = await (await page.request.get('/api/subscriptions')).json();
  expect(mine.items).toHaveLength(1);
  expect(mine.items[0]).toMatchObject({ status: 'active', autoRenew: true });
  const ahead = Date.parse(mine.items[0].renewsAt) - Date.now();
  expect(ahead).toBeGreaterThan(7 * 86_400_000);
  // The runway counts the next 30 days' renewals: a month from today is in them only when
  // this month has 30 days or fewer (bought on 1 December, it renews on 1 January).
  if (ahead <= 30 * 86_400_000) expect(Number(mine.shortfall)).toBeGreaterThan(0);
  else expect(mine.shortfall).toBe('0.0000');

  const en = texts('en');
  await admin.goto('/admin?tab=subscriptions');
  const panel = admin.getByRole('tabpanel', { name: en.title });
  await expect(panel.getByRole('heading', { name: en.title })).toBeVisible();
  // Due in 7 days is the first filter shown.
  await expect(panel.getByRole('button', { name: /^Due in 7 days/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(panel.getByRole('button', { name: /^Suspended \(\d+\)$/ })).toBeVisible();
  for (const filter of FILTERS) {
    await show(panel, en, filter);
    // Bought today, renewing in a month: in none of these lists.
    await expect(panel.getByText(who.email)).toHaveCount(0);
  }
  expect(await seriousViolations(admin)).toEqual([]);
  await adminContext.close();

  // The tab in Arabic on a phone: nothing scrolls sideways, no serious axe findings.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const arPage = await phone.newPage();
  await arPage.addInitScript(() => localStorage.setItem('parley.lang', 'ar'));
  await signInAdmin(arPage.request);
  await arPage.goto('/admin?tab=subscriptions');
  await expect(arPage.locator('html')).toHaveAttribute('dir', 'rtl');
  const ar = texts('ar');
  const arPanel = arPage.getByRole('tabpanel', { name: ar.title });
  for (const filter of FILTERS) {
    await show(arPanel, ar, filter);
    await settled(arPage);
    expect(await arPage.evaluate(sidewaysOverflow), filter).toBeNull();
    expect(await seriousViolations(arPage), filter).toEqual([]);
  }
  await phone.close();
});
