import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN_TABS } from '../../apps/web/src/app/admin/tabs';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';
import { messagesIn } from '../support/locales';
import { openInApp } from '../support/navigation';
import { sidewaysOverflow } from '../support/overflow';

/**
 * Every route of the app at a phone's width (390 × 844), in English and in Arabic: no
 * page may scroll sideways. A failure names the elements that stick out of the screen.
 */
const PHONE = { width: 390, height: 844 };
const LANGS = ['en', 'ar'] as const;
type Lang = (typeof LANGS)[number];

const locale = (lang: Lang) =>
  messagesIn(lang) as {
    common: { loading: string };
    adminPaymentsList: { claimDiffers: string };
  };

/** What a visitor can open: the landing page, its sign-up form, the admin sign-in, 404s. */
const VISITOR_PATHS = ['/', '/?auth=signup', '/admin/login', '/some/page', '/dashboard'];

/** Every signed-in route of other-routes.tsx (and "/"), as a customer sees it. */
const CUSTOMER_PATHS = [
  '/',
  '/dashboard',
  '/account',
  '/admin-chat',
  '/prices-coverage',
  '/services/sms',
  '/services/sip',
  '/sip-credentials',
  '/services/voip',
  '/services/did',
  '/services/sip-trunk',
  '/services/sip-trunk-advanced',
  '/sip-services',
  '/payment',
  '/payment?service=balance&amount=150',
  '/add-funds',
  '/services/smtp',
  '/did-numbers',
  '/sip-monitoring',
  '/agent-dashboard',
  '/manager-dashboard',
  '/crm-dashboard',
  '/auto-dialer',
  '/some/page',
];

/** A state a path reaches by a click, checked after the page at rest. */
const THEN: Record<string, { what: string; act: (page: Page, lang: Lang) => Promise<void> }> = {
  '/dashboard': {
    what: 'with its charts drawn',
    act: async (page) => {
      // A visitor gets the 404 page here; a customer's charts stream in after the figures.
      if ((await page.locator('[aria-labelledby="dashboard-overview"]').count()) === 0) return;
      // A chart is drawn once it comes near the screen: scroll to each.
      const boxes = page.getByTestId('chart-box');
      await expect(boxes).toHaveCount(4);
      for (const box of await boxes.all()) await box.scrollIntoViewIfNeeded();
      await expect(page.locator('.recharts-surface')).toHaveCount(4);
    },
  },
  '/admin?tab=payments': {
    what: 'with a claimed amount warning in view',
    act: async (page, lang) => {
      // The warning's words before its first amount, in the page's language.
      const words = locale(lang).adminPaymentsList.claimDiffers.split('{{')[0]?.trim() ?? '';
      const warning = page.getByText(words).first();
      await warning.scrollIntoViewIfNeeded();
      await expect(warning).toBeVisible();
    },
  },
  '/payment?service=balance&amount=150': {
    what: 'with a payment address',
    act: async (page) => {
      // The address comes without a click.
      await expect(page.locator('#pay-send')).toBeVisible();
    },
  },
};

test.use({ viewport: PHONE });
test.describe.configure({ mode: 'parallel' });

/** Waits until the page's lists are loaded: no "Loading..." status left. */
async function settle(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('main h1').first()).toBeVisible();
  const loading = locale(lang).common.loading;
  await page.waitForFunction(
    (text) =>
      ![...document.querySelectorAll('[role=status]')].some(
        (el) => el.textContent?.trim() === text,
      ),
    loading,
  );
  // Charts and late images lay out on the next frames.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** Visits each path (the first loaded, the rest opened in the app) and returns what overflowed, path by path. */
async function overflowsOf(page: Page, lang: Lang, paths: readonly string[]) {
  const problems: string[] = [];
  for (const [i, p] of paths.entries()) {
    if (i === 0) await page.goto(p);
    else await openInApp(page, p);
    await settle(page, lang);
    const check = async (where: string) => {
      const found = await page.evaluate(sidewaysOverflow);
      if (found)
        problems.push(
          `${where} (${lang}): ${found.scrollWidth} px wide on a ${found.width} px screen\n    ${found.elements.join('\n    ')}`,
        );
    };
    await check(p);
    const then = THEN[p];
    if (then) {
      await then.act(page, lang);
      await check(`${p} ${then.what}`);
    }
  }
  return problems;
}

const report = (problems: string[]) => `pages wider than the screen:\n${problems.join('\n')}`;

/**
 * A customer with something in every list: payments (one approved, two waiting, one of
 * them claiming an amount its quote did not ask for, which the admin's row warns of), a
 * message, an order, a call from a verified caller ID and a sender ID request with a
 * long unbroken reason.
 */
async function customerWithData(page: Page, admin: APIRequestContext) {
  await signedUpCustomer(page);
  const me = page.request;
  // Amounts no other test uses, so that the admin toasts other tests wait for stay theirs.
  const { payment } = await submitTopUp(me, '140');
  await decide(admin, payment.id, 'approve');
  await submitTopUp(me, '120');
  // One claiming another amount than its quote's: the admin's row carries a warning.
  await submitTopUp(me, '130', { cryptoAmount: '0.5' });
  const sms = await me.post('/api/sms/send', {
    data: { senderId: 'Parley', recipient: '+447400123456', message: 'Hello from a phone' },
  });
  expect(sms.status()).toBe(201);
  const sender = await me.post('/api/sms/senders', {
    data: {
      senderId: 'PhoneWidth',
      reason: 'Order updates for https://shop.example.com/orders/tracking/0123456789abcdef0123',
    },
  });
  expect(sender.status()).toBe(201);
  const [smtp] = await (await me.get('/api/packages?service=smtp')).json();
  expect((await me.post('/api/orders', { data: { itemId: smtp.id } })).status()).toBe(201);
  // A long purchase name in the service breakdown's legend once widened every chart card.
  const [data] = await (await me.get('/api/packages?service=data')).json();
  expect((await me.post('/api/orders', { data: { itemId: data.id } })).status()).toBe(201);

  // A number in a real UK mobile range: codes go only where a paid SMS could go.
  const callerId = `+4474009${String(Date.now()).slice(-5)}`;
  expect(
    (await me.post('/api/sip/caller-ids/verify', { data: { number: callerId } })).status(),
  ).toBeLessThan(300);
  const codes = await (await admin.get('/api/admin/voice/verifications')).json();
  const code = (codes.items as { number: string; code: string }[]).find(
    (c) => c.number === callerId,
  )?.code;
  expect(
    (await me.post('/api/sip/caller-ids/confirm', { data: { number: callerId, code } })).status(),
  ).toBeLessThan(300);
  const call = await me.post('/api/sip/call', {
    data: { callerId, destination: '+447400123456' },
  });
  expect(call.status()).toBe(201);
  const { id } = await call.json();
  expect((await me.delete(`/api/sip/calls/${id}`)).status()).toBe(200);
}

for (const lang of LANGS) {
  test(`every route at 390 px in ${lang}: as a customer with data, as the admin, as a visitor; none scrolls sideways`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await adminWithWallet(browser);
    await customerWithData(page, staff.admin);
    await staff.close();
    await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
    const problems = await overflowsOf(page, lang, CUSTOMER_PATHS);
    // The same browser as the admin: the lists now hold this customer's rows.
    await page.context().clearCookies();
    await signInAdmin(page.request);
    problems.push(
      ...(await overflowsOf(
        page,
        lang,
        ADMIN_TABS.map((tab) => `/admin?tab=${tab}`),
      )),
    );
    await page.context().clearCookies();
    problems.push(...(await overflowsOf(page, lang, VISITOR_PATHS)));
    expect(problems, report(problems)).toEqual([]);
  });
}
