import type { Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, fundedByOwnAdmin, fundedCustomer } from '../support/funding';
import { messagesIn } from '../support/locales';
import { balancePounds, decimal, pounds, units } from '../support/money';

/** Seconds from a m:ss text. */
const secondsOf = (text: string) => {
  const [m = '0', s = '0'] = text.trim().split(':');
  return Number(m) * 60 + Number(s);
};

/** A term's value in a <dl> of the region. */
const termValue = (page: Page, region: string, term: string) =>
  page
    .getByRole('region', { name: region })
    .locator('dt', { hasText: term })
    .locator('xpath=following-sibling::dd[1]');

test('a funded customer verifies a caller ID, sees the price, calls, watches it answer and tick, hangs up and pays exactly its cost', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const staff = await adminWithWallet(browser);
  const { email, balance: before } = await fundedCustomer(page, staff.admin);

  await page.goto('/services/sip');
  await expect(page.getByRole('heading', { level: 1, name: 'SIP Calling' })).toBeVisible();
  await expect(page.getByTestId('sip-balance')).toHaveText(balancePounds(before));
  await expect(termValue(page, 'Connection Status', 'SIP server')).toHaveText('Connected');
  await expect(termValue(page, 'Connection Status', 'Audio status')).toHaveText(
    'Sandbox (simulated audio)',
  );
  // The sandbox's test numbers are explained.
  const sandbox = page.getByRole('complementary', { name: 'Sandbox test numbers' });
  await expect(sandbox).toContainText('…0000');
  await expect(sandbox).toContainText('the line is busy');
  await expect(sandbox).toContainText('…0003');
  await expect(page.getByRole('region', { name: 'Recent Calls' })).toContainText(
    'No calls made yet',
  );

  // The form's own messages, by code.
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  await expect(page.getByText('Caller ID is required')).toBeVisible();
  await expect(page.getByText('Destination is required')).toBeVisible();
  await page.getByLabel('Destination', { exact: true }).fill('12');
  await expect(page.getByText('Invalid destination format')).toBeVisible();

  // A new caller ID is verified with the code the sandbox lets an admin read.
  // A number in a real UK mobile range: codes go only where a paid SMS could go.
  const callerId = `+4474009${String(Date.now()).slice(-5)}`;
  await page.getByLabel('Caller ID', { exact: true }).fill(callerId);
  const verify = page.getByRole('region', { name: 'Verify this number' });
  await expect(verify).toContainText(callerId);
  await verify.getByRole('button', { name: 'Verify a number' }).click();
  await expect(verify.getByText(`Code sent to ${callerId}`)).toBeVisible();
  const codes = await (await staff.admin.get('/api/admin/voice/verifications')).json();
  const waiting = (codes.items as { number: string; userEmail: string; code: string }[]).find(
    (c) => c.number === callerId && c.userEmail === email,
  );
  expect(waiting?.code).toMatch(/^\d{6}$/);
  // A wrong code first: it is refused and said so.
  const wrong = waiting?.code === '000000' ? '111111' : '000000';
  await verify.getByLabel('Verification code').fill(wrong);
  await verify.getByRole('button', { name: 'Confirm' }).click();
  await expect(verify.getByRole('alert')).toContainText('That code is not right');
  await verify.getByLabel('Verification code').fill(waiting?.code ?? '');
  await verify.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`${callerId} is verified`)).toBeVisible();
  await expect(verify).toBeHidden();

  // The price per minute and the longest call, before calling.
  const destination = '+447400123456';
  const quoteAnswer = page.waitForResponse(
    (r) => r.url().includes('/api/sip/quote?') && r.status() === 200,
  );
  await page.getByLabel('Destination', { exact: true }).fill(destination);
  const quote = await (await quoteAnswer).json();
  const region = 'Before you call';
  const quoteBox = page.getByRole('region', { name: region });
  await expect(quoteBox.locator('dt', { hasText: 'Country' }).locator('+ dd')).toHaveText(
    'United Kingdom',
  );
  await expect(quoteBox.locator('dt', { hasText: 'Price per minute' }).locator('+ dd')).toHaveText(
    pounds(quote.ratePerMinute),
  );
  await expect(quoteBox.locator('dt', { hasText: 'Billing' }).locator('+ dd')).not.toHaveText('—');
  expect(quote.maxSeconds).toBeGreaterThan(0);
  await expect(
    quoteBox.locator('dt', { hasText: 'Maximum talk time' }).locator('+ dd'),
  ).not.toHaveText('—');

  // Call: it rings, is answered, and the timer ticks.
  const placed = page.waitForResponse((r) => r.url().endsWith('/api/sip/call'));
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  expect((await placed).status()).toBe(201);
  await expect(page.getByText('SIP call initiated successfully')).toBeVisible();
  await expect(page.getByLabel('Destination', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Caller ID', { exact: true })).toHaveValue(callerId);
  const live = page.getByTestId('live-call');
  await expect(live).toContainText(destination);
  await expect(live.getByTestId('live-call-status')).toHaveText('Ringing...', { timeout: 10_000 });
  await expect(live.getByTestId('live-call-status')).toHaveText('Answered', { timeout: 10_000 });
  const timer = live.getByTestId('live-call-timer');
  await expect
    .poll(async () => secondsOf(await timer.innerText()), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(2);

  // Hang up: the call's status, length and exact cost, and the balance down by it.
  const hungUp = page.waitForResponse(
    (r) => r.url().includes('/api/sip/calls/') && r.request().method() === 'DELETE',
  );
  await live.getByRole('button', { name: 'Hang up' }).click();
  const ended = await (await hungUp).json();
  expect(ended.status).toBe('ended');
  expect(ended.duration).toBeGreaterThanOrEqual(2);
  // 60/60 increments: a call of a few seconds costs one minute at its rate.
  expect(units(ended.cost)).toBeGreaterThan(0n);
  await expect(live.getByTestId('live-call-status')).toHaveText('Completed');
  await expect(live.getByTestId('live-call-duration')).toHaveText(
    `0:${String(ended.duration).padStart(2, '0')}`,
  );
  await expect(live.getByTestId('live-call-cost')).toHaveText(pounds(ended.cost));
  const after = decimal(units(before) - units(ended.cost));
  await expect(page.getByTestId('sip-balance')).toHaveText(balancePounds(after));
  const user = await (await page.request.get('/api/auth/user')).json();
  expect(units(user.cryptoBalance)).toBe(units(after));

  // In Recent Calls, and on the dashboard.
  const recent = page.getByTestId('recent-call').first();
  await expect(recent).toContainText(destination);
  await expect(recent).toContainText(callerId);
  await expect(recent).toContainText('Completed');
  await expect(recent.getByTestId('recent-call-cost')).toHaveText(pounds(ended.cost));
  await expect(page.getByTestId('recent-call')).toHaveCount(1);

  await page.goto('/dashboard');
  const row = page.getByTestId('dashboard-call').first();
  await expect(row).toContainText(destination);
  await expect(row).toContainText('Completed');
  await expect(row).toContainText(`0:${String(ended.duration).padStart(2, '0')}`);
  await expect(row).toContainText(pounds(ended.cost));
  await staff.close();
});

test('a sandbox test number says what it will do; a caller ID neither owned nor verified is refused and nothing is charged', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const { balance: before } = await fundedByOwnAdmin(page, browser);
  await page.goto('/services/sip');
  await page.getByLabel('Caller ID', { exact: true }).fill('+447700900999');
  await page.getByLabel('Destination', { exact: true }).fill('+447400120000');
  await expect(page.getByTestId('sandbox-outcome')).toHaveText(
    'Sandbox test number: this call will be busy.',
  );
  await page.getByRole('button', { name: 'Call', exact: true }).click();
  // Not verified: refused, and said under the field.
  await expect(
    page.getByText('Use one of your numbers or a verified number').first(),
  ).toBeVisible();
  expect((await (await page.request.get('/api/auth/user')).json()).cryptoBalance).toBe(before);
});

for (const path of ['/services/sip', '/sip-credentials'] as const) {
  test(`${path} at 390 px and in Arabic: no sideways scroll, right to left, no serious axe findings`, async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    await signedUpCustomer(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    if (path === '/services/sip')
      await expect(page.getByRole('region', { name: 'Recent Calls' })).toContainText(
        'No calls made yet',
      );
    else await expect(page.getByTestId('sip-username')).not.toBeEmpty();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      path === '/services/sip' ? 'مكالمات SIP' : 'بيانات اعتماد SIP',
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({
      path: info.outputPath(`${path.slice(1).replace(/\//g, '-')}-ar-390.png`),
      fullPage: true,
    });
  });
}

test('in the sandbox the caller ID code is shown on screen, and a code sent survives a reload (390 px, Arabic)', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const ar = messagesIn('ar');
  const staff = await adminWithWallet(browser);
  await fundedCustomer(page, staff.admin);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/services/sip');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const callerId = `+4474008${String(Date.now()).slice(-5)}`;
  await page.getByLabel(ar.voice.form.callerId, { exact: true }).fill(callerId);
  const verify = page.getByRole('region', { name: ar.voice.verify.title });
  await verify.getByRole('button', { name: ar.voice.verify.start }).click();
  const note = verify.getByRole('note', { name: ar.callerIdSandbox.title });
  await expect(note).toContainText(/\d{6}/);
  const code = (await note.textContent())?.match(/\d{6}/)?.[0] ?? '';
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  // A reload keeps the code waiting: the number is offered again at the code's entry.
  await page.reload();
  await expect(page.getByLabel(ar.voice.form.callerId, { exact: true })).toHaveValue(callerId);
  await expect(verify.getByRole('note', { name: ar.callerIdSandbox.title })).toContainText(code);
  await verify.getByLabel(ar.voice.verify.code).fill(code);
  await verify.getByRole('button', { name: ar.voice.verify.confirm, exact: true }).click();
  await expect(verify).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
});
