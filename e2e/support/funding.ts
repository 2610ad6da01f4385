import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughApi } from './accounts';

/** A valid mainnet address; no wallet ships with Parley, so tests add this one. */
export const BTC_WALLET = '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa';

/** Adds the BTC wallet on an admin's session (already there is fine). */
async function addBtcWallet(admin: APIRequestContext) {
  const wallet = await admin.post('/api/admin/crypto-wallets', {
    data: { currency: 'BTC', network: 'bitcoin', address: BTC_WALLET, walletType: 'cold_storage' },
  });
  expect([201, 409]).toContain(wallet.status());
}

/** An admin's API session in its own browser context, with the BTC wallet in place. */
export async function adminWithWallet(browser: Browser) {
  const context = await browser.newContext();
  const admin = context.request;
  await signInAdmin(admin);
  await addBtcWallet(admin);
  return { admin, close: () => context.close() };
}

/** An admin's page in a browser context of its own, signed in, with the BTC wallet in place. */
export async function adminPageWithWallet(browser: Browser) {
  const context = await browser.newContext();
  await signInAdmin(context.request);
  await addBtcWallet(context.request);
  return {
    page: await context.newPage(),
    context,
    request: context.request,
    close: () => context.close(),
  };
}

/** A customer's BTC top-up of `usd` dollars, submitted through the API with their session. */
export async function submitTopUp(
  customer: APIRequestContext,
  usd = '150',
  extra: Record<string, string> = {},
) {
  const quoted = await customer.post('/api/payments/quote', {
    data: { amount: usd, currency: 'BTC', fiatCurrency: 'USD' },
  });
  expect(quoted.status()).toBe(201);
  const quote = await quoted.json();
  const created = await customer.post('/api/transactions/create', {
    data: {
      amount: quote.fiatAmount,
      currency: 'BTC',
      walletAddress: quote.address,
      serviceName: 'Add Funds',
      quoteId: quote.id,
      // Required: a fresh bitcoin-shaped hash unless the test names one.
      txHash: randomBytes(32).toString('hex'),
      ...extra,
    },
  });
  expect(created.status()).toBe(201);
  return { quote, payment: await created.json() };
}

export async function decide(admin: APIRequestContext, id: string, action: 'approve' | 'reject') {
  expect((await admin.post(`/api/admin/payments/${id}/${action}`, { data: {} })).status()).toBe(
    200,
  );
}

/**
 * A customer signed up through the API in `page`, with a $150 BTC top-up (£118.50) that
 * `admin` approved: their email and balance.
 */
export async function fundedCustomer(page: Page, admin: APIRequestContext) {
  const who = newCustomer();
  await signUpThroughApi(page, who);
  const { payment } = await submitTopUp(page.request);
  await decide(admin, payment.id, 'approve');
  const user = await (await page.request.get('/api/auth/user')).json();
  return { email: who.email, balance: user.cryptoBalance as string };
}

/** fundedCustomer with an admin of its own, closed once the top-up is approved. */
export async function fundedByOwnAdmin(page: Page, browser: Browser) {
  const staff = await adminWithWallet(browser);
  const funded = await fundedCustomer(page, staff.admin);
  await staff.close();
  return funded;
}
