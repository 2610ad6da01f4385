import { type APIRequestContext, type Browser, request as requests } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import {
  CONFIRMATIONS,
  litecoindAvailable,
  litecoinFormOf,
  requireChainNodes,
  startChainStack,
  testBitcoinKey,
  testLitecoinKey,
} from '../support/chain-stack';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';
import { creditedOf, quoteOf } from '../support/watched-quote';

// CI installs litecoind and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!litecoindAvailable && requireChainNodes())
  throw new Error('litecoind is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

const PHONE = { width: 390, height: 844 };

type Stack = Awaited<ReturnType<typeof startChainStack>>;
let stack: Stack;
let admin: APIRequestContext;
const log: string[] = [];

test.describe.configure({ mode: 'serial' });
test.skip(!litecoindAvailable, 'litecoind is not installed');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  stack = await startChainStack((line) => log.push(line));
  admin = await requests.newContext({ baseURL: stack.url });
  await signInAdmin(admin);
  // The admin adds the wallets' account keys: Litecoin and Bitcoin quotes get addresses
  // of their own.
  for (const [family, key] of [
    ['litecoin', testLitecoinKey()],
    ['bitcoin', testBitcoinKey()],
  ]) {
    const set = await admin.put(`/api/admin/chains/watch-keys/${family}`, { data: { key } });
    expect(set.status(), await set.text()).toBe(200);
  }
});

test.afterAll(async () => {
  await admin?.dispose();
  await stack?.stop();
});

async function customerPage(browser: Browser) {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  await signUpThroughApi(page, newCustomer());
  return { page, context };
}

test('sign up, quote, pay on chain, credited with no one in the loop, buy a number from the balance', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { page, context } = await customerPage(browser);
  const { amount, address, status } = await quoteOf(page, 'LTC', '150');
  // Its own address, from the admin's key (regtest Litecoin), not a shared wallet.
  expect(address).toMatch(/^rltc1q/);
  await expect(page.getByRole('button', { name: 'Submit for manual review' })).toHaveCount(0);

  // The customer's wallet pays the exact amount; the watcher sees it in the mempool.
  await stack.node.send(address, amount);
  await expect(status).toHaveText(`Payment seen: 0 of ${CONFIRMATIONS} confirmations`, {
    timeout: 20_000,
  });
  await stack.node.mine(1);
  await expect(status).toHaveText(`Payment seen: 1 of ${CONFIRMATIONS} confirmations`, {
    timeout: 20_000,
  });
  await stack.node.mine(1);
  const credited = await creditedOf(status);

  // The balance holds it once, as one ledger row whose reference is the chain output.
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(Number(me.cryptoBalance)).toBe(Number(credited));
  const ledger = await (await page.request.get('/api/ledger')).json();
  const deposits = ledger.items.filter((e: { kind: string }) => e.kind === 'deposit');
  expect(deposits).toHaveLength(1);

  // A number bought from that balance.
  const listed = await (await page.request.get('/api/numbers')).json();
  const numbers = (listed.items ?? listed) as {
    id: string;
    number: string;
    type: string;
    monthlyPrice: string;
    balanceMonthlyPrice: string | null;
    balanceSetupPrice: string | null;
  }[];
  const cost = (n: (typeof numbers)[number]) =>
    Number(n.balanceMonthlyPrice ?? 1e9) + Number(n.balanceSetupPrice ?? 0);
  const cheapest = [...numbers].sort((a, b) => cost(a) - cost(b))[0];
  expect(cheapest && cost(cheapest)).toBeLessThan(Number(credited));
  if (!cheapest) throw new Error('no number for sale');
  const link = new URLSearchParams({
    service: 'did',
    type: cheapest.type,
    number: cheapest.number,
    price: cheapest.monthlyPrice,
    item: cheapest.id,
  });
  await page.goto(`/payment?${link}`);
  await page.getByRole('button', { name: /from balance$/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Pay from your balance?' });
  await confirm.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const orders = await (await page.request.get('/api/orders')).json();
  expect(orders).toMatchObject([{ status: 'active', paidWith: 'balance' }]);
  await context.close();
});

test('a BTC quote on regtest shows its own bcrt1 address, paid and credited with no one in the loop', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const { page, context } = await customerPage(browser);
  const { amount, address, status } = await quoteOf(page, 'BTC', '140');
  // Its own address, from the admin's Bitcoin key (regtest), not a shared wallet.
  expect(address).toMatch(/^bcrt1q/);
  await expect(page.getByRole('button', { name: 'Submit for manual review' })).toHaveCount(0);

  // The node's wallet pays the same script, written as Litecoin writes it.
  await stack.node.send(litecoinFormOf(address), amount);
  await expect(status).toHaveText(`Payment seen: 0 of ${CONFIRMATIONS} confirmations`, {
    timeout: 20_000,
  });
  await stack.node.mine(CONFIRMATIONS);
  const credited = await creditedOf(status);

  // Credited once, as a Bitcoin deposit: the Litecoin watcher on the same node took none.
  const me = await (await page.request.get('/api/auth/user')).json();
  expect(Number(me.cryptoBalance)).toBe(Number(credited));
  const ledger = await (await page.request.get('/api/ledger')).json();
  const deposits = ledger.items.filter((e: { kind: string }) => e.kind === 'deposit');
  expect(deposits.map((d: { reference: string }) => d.reference.split(':')[0])).toEqual([
    'bitcoin',
  ]);
  await context.close();
});

test('a watched quote reads at 390 px and in Arabic, accessible', async ({ browser }) => {
  test.setTimeout(90_000);
  const { page, context } = await customerPage(browser);
  await page.setViewportSize(PHONE);
  await page.goto('/payment?service=balance&type=Add+Funds&amount=120&currency=LTC');
  await expect(page.getByTestId('deposit-status')).toHaveText('Waiting for your payment');
  const address = (await page.locator('p.font-mono').first().textContent())?.trim() ?? '';
  expect(address).toMatch(/^rltc1q/);
  await expect(page.getByTestId('deposit-status')).toHaveAttribute('aria-live', 'polite');
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  // A reload answers the same open quote, now in Arabic, right to left.
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByText(address)).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toHaveText('في انتظار دفعتك');
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
