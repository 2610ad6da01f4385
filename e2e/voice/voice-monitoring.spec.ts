import type { APIRequestContext, Page } from '@playwright/test';
import { newCustomer, signUpThroughForm } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminPageWithWallet, decide, submitTopUp } from '../support/funding';
import { pounds } from '../support/money';

const CALLER_ID = '+447400100200';
/** An ordinary UK number the sandbox answers, and one whose call fails (…0002). */
const ANSWERS = '+447400123456';
const FAILS = '+447400120002';

const callOf = async (customer: APIRequestContext, id: string) => {
  const res = await customer.get('/api/sip/history?page=1&pageSize=20');
  expect(res.status()).toBe(200);
  return ((await res.json()).items as { id: string; status: string }[]).find((c) => c.id === id);
};

async function placeCall(customer: APIRequestContext, destination: string) {
  const res = await customer.post('/api/sip/call', { data: { callerId: CALLER_ID, destination } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id as string;
}

async function until(customer: APIRequestContext, id: string, statuses: string[]) {
  await expect
    .poll(async () => (await callOf(customer, id))?.status, { timeout: 15_000 })
    .toMatch(new RegExp(`^(${statuses.join('|')})$`));
}

const stat = (page: Page, key: string) => page.getByTestId(`stat-${key}`);

async function noSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
}

test('a customer watches their real calls in SIP monitoring, and an admin hangs one up', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await adminPageWithWallet(browser);
  const customer = newCustomer();
  await signUpThroughForm(page, customer);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { payment } = await submitTopUp(page.request);
  await decide(staff.request, payment.id, 'approve');

  // The caller ID is verified with the code the sandbox shows in the admin panel.
  const started = await page.request.post('/api/sip/caller-ids/verify', {
    data: { number: CALLER_ID },
  });
  expect(started.status()).toBe(201);
  await staff.page.goto('/admin?tab=calls');
  const voiceStatus = staff.page.getByTestId('voice-status');
  await expect(voiceStatus).toContainText('sandbox mode');
  await voiceStatus.getByText(/Caller ID codes waiting/).click();
  const codeRow = voiceStatus
    .getByRole('list', { name: 'Caller ID verification codes' })
    .getByRole('listitem')
    .filter({ hasText: customer.email });
  const code = (await codeRow.getByTestId('verification-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  const confirmed = await page.request.post('/api/sip/caller-ids/confirm', {
    data: { number: CALLER_ID, code },
  });
  expect(confirmed.status()).toBe(200);

  // One call answered and hung up after talking, one that fails.
  const answered = await placeCall(page.request, ANSWERS);
  await until(page.request, answered, ['answered']);
  await page.waitForTimeout(1500);
  expect((await page.request.delete(`/api/sip/calls/${answered}`)).status()).toBe(200);
  const failed = await placeCall(page.request, FAILS);
  await until(page.request, failed, ['failed']);

  await page.goto('/sip-monitoring');
  await expect(page.getByRole('heading', { level: 1, name: 'SIP monitoring' })).toBeVisible();
  const overview = await (await page.request.get('/api/sip/monitoring/overview')).json();
  expect(overview.today.calls).toBe(2);
  expect(overview.range).toMatchObject({ attempts: 2, answered: 1, asr: '50.0' });
  await expect(stat(page, 'today')).toContainText('2');
  await expect(stat(page, 'asr')).toContainText('50.0 %');
  await expect(stat(page, 'active')).toContainText('0');
  await expect(stat(page, 'spendToday')).toContainText(pounds(overview.spend.today));
  expect(await seriousViolations(page)).toEqual([]);

  // Live: a call placed now shows as active without a reload.
  const live = await placeCall(page.request, ANSWERS);
  await expect(stat(page, 'active')).toContainText('1', { timeout: 10_000 });

  // The admin sees it among every customer's calls and hangs it up after confirming.
  await staff.page.getByLabel('Calls in progress only').check();
  const row = staff.page.getByRole('row').filter({ hasText: customer.email });
  await expect(row).toHaveCount(1, { timeout: 10_000 });
  expect(await seriousViolations(staff.page)).toEqual([]);
  await row.getByRole('button', { name: `Hang up (${ANSWERS})` }).click();
  const dialog = staff.page.getByRole('alertdialog');
  await expect(dialog).toContainText(customer.email);
  await dialog.getByRole('button', { name: 'Hang up' }).click();
  await expect(row).toHaveCount(0, { timeout: 10_000 });
  await until(page.request, live, ['ended', 'cancelled']);
  await expect(stat(page, 'active')).toContainText('0', { timeout: 10_000 });
  // The admin's tab at a phone's width, in Arabic.
  await staff.page.setViewportSize({ width: 390, height: 844 });
  await staff.page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await staff.page.goto('/admin?tab=calls');
  await expect(staff.page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(staff.page.getByRole('heading', { level: 2, name: 'المكالمات' })).toBeVisible();
  await noSideScroll(staff.page);
  await staff.page.screenshot({
    path: test.info().outputPath('admin-calls-ar-390.png'),
    fullPage: true,
  });
  await staff.close();

  // Calls: filtered, with the status badges, and exported.
  await page.getByRole('tab', { name: 'Calls' }).click();
  const table = page.getByRole('table', { name: 'Calls' });
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('Failed')).toBeVisible();
  await page.getByLabel('Call status').selectOption('failed');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(FAILS);
  const exported = await page.request.get(
    (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href')) ?? '',
  );
  expect(exported.headers()['content-type']).toContain('text/csv');
  const lines = (await exported.text()).trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`'${FAILS}`);
  expect(await seriousViolations(page)).toEqual([]);

  // Quality: the UK row with its causes; no relay figures in the sandbox.
  await page.getByRole('tab', { name: 'Quality' }).click();
  const uk = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: 'United Kingdom' }) });
  await expect(uk).toContainText('Network failure: 1');
  await expect(uk).toContainText('not reported');
  expect(await seriousViolations(page)).toEqual([]);

  // Alerts: a minimum balance above the balance triggers at once.
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByLabel('Minimum balance (£)').fill('100000');
  await page.getByRole('button', { name: 'Save thresholds' }).click();
  await expect(
    page.getByRole('list', { name: 'Current alerts' }).getByText('Low balance'),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A phone's width, and Arabic right-to-left, without sideways scrolling.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const tab of ['overview', 'calls', 'quality', 'alerts']) {
    await page.goto(`/sip-monitoring?tab=${tab}`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await noSideScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`sip-monitoring-${tab}-390.png`),
      fullPage: true,
    });
  }
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/sip-monitoring?tab=calls');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: 'مراقبة SIP' })).toBeVisible();
  await noSideScroll(page);
  await page.screenshot({
    path: test.info().outputPath('sip-monitoring-ar-390.png'),
    fullPage: true,
  });
});
