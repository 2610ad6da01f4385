import { type APIRequestContext, request as requests } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughApi } from '../support/accounts';
import { anvilAvailable, CONFIRMATIONS, startEvmStack, testEvmKey } from '../support/evm-stack';
import { expect, test } from '../support/fixtures';
import { balancePounds, decimal, units } from '../support/money';
import { creditedOf, quoteOf } from '../support/watched-quote';

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

test('USDT, USDC and ETH quotes on Ethereum, each paid to its own address, credited with no one in the loop', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ baseURL: stack.url });
  const first = await context.newPage();
  await signUpThroughApi(first, newCustomer());
  const usdt = await quoteOf(first, 'USDT', '150');
  const usdc = await quoteOf(await context.newPage(), 'USDC', '130');
  const eth = await quoteOf(await context.newPage(), 'ETH', '120');
  const quotes = [usdt, usdc, eth];
  // Each quote its own address, derived from the admin's key; none a shared wallet.
  for (const { address } of quotes) expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
  expect(new Set(quotes.map((q) => q.address.toLowerCase())).size).toBe(3);

  // The customer's wallet (anvil's first account) pays all three; one block holds them.
  await stack.node.sendToken(stack.usdt, usdt.address, usdt.amount);
  await stack.node.sendToken(stack.usdc, usdc.address, usdc.amount);
  await stack.node.sendEth(eth.address, eth.amount);
  await stack.node.mine(1);
  for (const { status } of quotes)
    await expect(status).toHaveText(`Payment seen: 1 of ${CONFIRMATIONS} confirmations`, {
      timeout: 20_000,
    });
  await stack.node.mine(CONFIRMATIONS - 1);
  const credits: string[] = [];
  for (const { status } of quotes) credits.push(await creditedOf(status));

  // The balance holds all three, once each: ledger rows whose references are the chain's.
  const total = decimal(credits.reduce((sum, c) => sum + units(c), 0n));
  await first.goto('/dashboard');
  await expect(first.getByTestId('balance')).toHaveText(balancePounds(total));
  const ledger = await (await first.request.get('/api/ledger')).json();
  const deposits = ledger.items.filter((e: { kind: string }) => e.kind === 'deposit');
  expect(deposits.map((d: { reference: string }) => d.reference.split(':')[0])).toEqual([
    'ethereum',
    'ethereum',
    'ethereum',
  ]);
  await context.close();
});
