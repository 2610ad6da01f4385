import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughForm } from './accounts';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { sidewaysOverflow } from './overflow';

type Texts = {
  title: string;
  filters: Record<'due' | 'grace' | 'suspended', string>;
  empty: Record<'due' | 'grace' | 'suspended', string>;
  extend: { action: string; title: string; days: string };
  waive: { action: string; title: string };
};
const texts = (lang: 'en' | 'ar') =>
  (
    JSON.parse(
      fs.readFileSync(
        path.join(import.meta.dirname, `../apps/web/src/locales/${lang}.json`),
        'utf8',
      ),
    ) as { admin: { subscriptions: Texts } }
  ).admin.subscriptions;

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
  // away, is more than the balance holds.
  const who = newCustomer();
  await signUpThroughForm(page, who);
  await expect(page).toHaveURL(/\/dashboard$/);
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
  expect(Date.parse(mine.items[0].renewsAt) - Date.now()).toBeGreaterThan(7 * 86_400_000);
  expect(Number(mine.shortfall)).toBeGreaterThan(0);

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

/** A made-up item of the given state, with a long address and name to test the layout. */
const madeUp = (status: 'active' | 'grace' | 'suspended') => {
  const day = 86_400_000;
  const at = (days: number) => new Date(Date.now() + days * day).toISOString();
  return {
    id: randomUUID(),
    userId: randomUUID(),
    email: 'a.very.long.customer.address.for.layout@subscriptions.example.com',
    itemKind: 'package',
    itemId: randomUUID(),
    name: 'Business calling plan with a rather long name (VoIP Calling)',
    amount: '1234.50',
    status,
    autoRenew: status === 'active',
    renewsAt: at(status === 'active' ? 3 : -2),
    graceUntil: status === 'grace' ? at(5) : null,
    suspendedAt: status === 'suspended' ? at(-1) : null,
    releaseAt: status === 'suspended' ? at(29) : null,
    endedAt: null,
    createdAt: at(-60),
  };
};

test('rows and the dialogs of the Subscriptions tab fit a phone in Arabic', async ({ browser }) => {
  test.setTimeout(60_000);
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await page.addInitScript(() => localStorage.setItem('parley.lang', 'ar'));
  // No item can be in grace without waiting a month, so the browser gets made-up rows
  // (layout only: the server's part is covered by the API's tests).
  await page.route('**/api/admin/subscriptions?*', (route) => {
    const filter = new URL(route.request().url()).searchParams.get('filter');
    const status = filter === 'grace' ? 'grace' : filter === 'suspended' ? 'suspended' : 'active';
    return route.fulfill({ json: { items: [madeUp(status)], total: 1, page: 1, pageSize: 20 } });
  });
  await signInAdmin(page.request);
  await page.goto('/admin?tab=subscriptions');
  const ar = texts('ar');
  const panel = page.getByRole('tabpanel', { name: ar.title });
  const fits = async (where: string) => {
    await settled(page);
    expect(await page.evaluate(sidewaysOverflow), where).toBeNull();
    expect(await seriousViolations(page), where).toEqual([]);
  };
  for (const filter of FILTERS) {
    await show(panel, ar, filter);
    await expect(panel.getByRole('table')).toContainText('1,234.50');
    await fits(filter);
  }
  await show(panel, ar, 'grace');
  const extend = panel.getByRole('button', { name: new RegExp(`^${ar.extend.action}`) });
  await extend.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: ar.extend.title });
  await dialog.getByLabel(ar.extend.days).fill('0');
  await dialog.getByRole('button', { name: ar.extend.action }).click();
  await expect(dialog.getByLabel(ar.extend.days)).toHaveAttribute('aria-invalid', 'true');
  await fits('extend dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Cancelled: focus is back on the row's button.
  await expect(extend).toBeFocused();
  await panel.getByRole('button', { name: new RegExp(`^${ar.waive.action}`) }).click();
  const waive = page.getByRole('alertdialog', { name: ar.waive.title });
  await expect(waive).toContainText('1,234.50');
  await fits('waive dialog');
  await page.keyboard.press('Escape');
  await expect(waive).toBeHidden();
  await phone.close();
});
