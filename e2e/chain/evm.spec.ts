import { type APIRequestContext, type Page, request as requests } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughForm } from '../support/accounts';
import { anvilAvailable, CONFIRMATIONS, startEvmStack, testEvmKey } from '../support/evm-stack';
import { expect, test } from '../support/fixtures';
import { balancePounds, decimal, units } from '../support/money';

// CI installs anvil with npm ci and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!anvilAvailable && process.env.PARLEY_REQUIRE_CHAIN_NODES === '1')
  throw new Error('anvil (@foundry-rs/anvil) is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

type Stack = Awaited<ReturnType<typeof startEvmStack>>;
let stack: Stack;
let admin: APIRequestContext;
const log: string[] = [];

test.skip(!anvilAvailable, 'anvil is not installed');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startEvmStack((line) => log.push(line));
  admin = await requests.newContext({ baseURL: stack.url });
  await signInAdmin(admin);
  // One account key serves Ethereum and its tokens: every quote gets an address of its own.
  const set = await admin.put('/api/admin/chains/watch-keys/evm', { data: { key: testEvmKey() } });
  expect(set.status(), await set.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stack?.stop();
});

/** A top-up quote of `coin` on its own page: the amount to send, the address, the status line. */
async function quoteOf(page: Page, coin: 'USDT' | 'ETH', usd: string) {
  await page.goto(`/payment?service=balance&type=Add+Funds&amount=${usd}&currency=${coin}`);
  const heading = page.getByRole('heading', {
    name: new RegExp(`Send exactly\\s+[\\d.]+ ${coin}`),
  });
  await expect(heading).toBeVisible();
  const amount = ((await heading.textContent()) ?? '').match(/\d+(\.\d+)?/)?.[0] ?? '';
  const address = (await page.locator('p.font-mono').first().textContent())?.trim() ?? '';
  const status = page.getByTestId('deposit-status');
  await expect(status).toHaveText('Waiting for your payment');
  return { amount, address, status };
}

/** The pounds a status line says were credited. */
async function creditedOf(status: ReturnType<Page['getByTestId']>) {
  // The amount sits in a bidi isolate (U+2066 … U+2069), as every amount does.
  await expect(status).toHaveText(/^Credited \u2066£\d+\.\d\d\u2069 to your balance$/, {
    timeout: 20_000,
  });
  return ((await status.textContent()) ?? '').match(/£(\d+\.\d\d)/)?.[1] ?? '';
}

test('USDT and ETH quotes on Ethereum, each paid to its own address, credited with no one in the loop', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: stack.url });
  const tokenPage = await context.newPage();
  await signUpThroughForm(tokenPage, newCustomer());
  await expect(tokenPage).toHaveURL(/\/dashboard$/);
  const ethPage = await context.newPage();
  const usdt = await quoteOf(tokenPage, 'USDT', '150');
  const eth = await quoteOf(ethPage, 'ETH', '120');
  // Each quote its own address, derived from the admin's key; neither a shared wallet.
  expect(usdt.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(usdt.address.toLowerCase()).not.toBe(eth.address.toLowerCase());

  // The customer's wallet (anvil's first account) pays both; one block holds both payments.
  await stack.node.sendToken(stack.usdt, usdt.address, usdt.amount);
  await stack.node.sendEth(eth.address, eth.amount);
  await stack.node.mine(1);
  for (const { status } of [usdt, eth])
    await expect(status).toHaveText(`Payment seen: 1 of ${CONFIRMATIONS} confirmations`, {
      timeout: 20_000,
    });
  await stack.node.mine(CONFIRMATIONS - 1);
  const credits = [await creditedOf(usdt.status), await creditedOf(eth.status)];

  // The balance holds both, once each: two ledger rows whose references are the chain's.
  const total = decimal(units(credits[0] ?? '0') + units(credits[1] ?? '0'));
  await ethPage.goto('/dashboard');
  await expect(ethPage.getByTestId('balance')).toHaveText(balancePounds(total));
  const ledger = await (await ethPage.request.get('/api/ledger')).json();
  const deposits = ledger.items.filter((e: { kind: string }) => e.kind === 'deposit');
  expect(deposits.map((d: { reference: string }) => d.reference.split(':')[0])).toEqual([
    'ethereum',
    'ethereum',
  ]);
  await context.close();
});
