import { type APIRequestContext, type Browser, request as requests } from '@playwright/test';
import { newCustomer, signInAdmin, signUpThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import {
  CONFIRMATIONS,
  litecoindAvailable,
  requireChainNodes,
  startChainStack,
  testLitecoinKey,
} from '../support/chain-stack';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';
import { quoteOf } from '../support/watched-quote';

// CI installs litecoind and sets PARLEY_REQUIRE_CHAIN_NODES: there this never skips.
if (!litecoindAvailable && requireChainNodes())
  throw new Error('litecoind is required here (PARLEY_REQUIRE_CHAIN_NODES=1)');

const PHONE = { width: 390, height: 844 };
const en = messagesIn('en');
const ar = messagesIn('ar');

type Stack = Awaited<ReturnType<typeof startChainStack>>;
type Deposit = {
  id: string;
  status: string;
  flagged: boolean;
  customer: { email: string };
  resolution: { decision: string } | null;
};
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
  const set = await admin.put('/api/admin/chains/watch-keys/litecoin', {
    data: { key: testLitecoinKey() },
  });
  expect(set.status(), await set.text()).toBe(200);
});

test.afterAll(async () => {
  await admin?.dispose();
  await stack?.stop();
});

async function deposits(): Promise<Deposit[]> {
  const res = await admin.get('/api/admin/chains/deposits');
  expect(res.status()).toBe(200);
  return (await res.json()).items;
}

/** A new customer's quote paid on chain and confirmed: their email and the txid. */
async function paidAndCredited(browser: Browser) {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  const who = newCustomer();
  await signUpThroughApi(page, who);
  const { amount, address } = await quoteOf(page, 'LTC', '120');
  expect(address).toMatch(/^rltc1q/);
  const txid = await stack.node.send(address, amount);
  const [block = ''] = await stack.node.mine(CONFIRMATIONS);
  await expect
    .poll(async () => (await deposits()).find((d) => d.customer.email === who.email)?.status, {
      timeout: 30_000,
    })
    .toBe('credited');
  await context.close();
  return { email: who.email, txid, block };
}

test('an admin reverses a flagged deposit from the Chains tab; 390 px and Arabic, accessible', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // One payment that stays, and one whose block the node then replaces: flagged.
  const kept = await paidAndCredited(browser);
  const lost = await paidAndCredited(browser);
  await stack.node.invalidate(lost.block);
  const miner = await stack.node.rpc<string>('getnewaddress');
  // Longer than the chain it replaces, and without the payment (it waits in the mempool).
  for (let i = 0; i <= CONFIRMATIONS; i++) await stack.node.rpc('generateblock', [miner, []]);
  await expect
    .poll(async () => (await deposits()).find((d) => d.customer.email === lost.email)?.flagged, {
      timeout: 30_000,
    })
    .toBe(true);

  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  await signInAdmin(page.request);
  await page.goto('/admin?tab=chains');
  const t = en.admin.chains.deposits;
  const table = page.getByRole('table', { name: t.title });
  const flaggedRow = table.getByRole('row').filter({ hasText: lost.email });
  const keptRow = table.getByRole('row').filter({ hasText: kept.email });
  await expect(flaggedRow).toContainText(t.flagged);
  await expect(keptRow).toContainText(t.statuses.credited);
  await expect(keptRow.getByRole('button', { name: t.resolve.reverse })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // Reverse, with a note: the dialog first refuses an empty one.
  const reverse = flaggedRow.getByRole('button', { name: t.resolve.reverse });
  await reverse.click();
  const dialog = page.getByRole('alertdialog', { name: t.resolve.reverseTitle });
  const confirm = dialog.getByRole('button', { name: /^Reverse £/ });
  await confirm.click();
  await expect(dialog.getByText(t.resolve.noteRequired)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel(t.resolve.noteLabel).fill('Block replaced, payment not re-mined');
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(flaggedRow).toContainText(/Reversed by/);
  await expect(flaggedRow).toContainText('Block replaced, payment not re-mined');
  await expect(flaggedRow.getByRole('button', { name: t.resolve.reverse })).toHaveCount(0);
  const after = (await deposits()).find((d) => d.customer.email === lost.email);
  expect(after?.resolution?.decision).toBe('reverse');

  // At 390 px, then in Arabic: cards, nothing overflows sideways, no serious violation.
  await page.setViewportSize(PHONE);
  await expect(page.getByText(kept.email)).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const arTable = page.getByRole('table', { name: ar.admin.chains.deposits.title });
  await expect(arTable.getByText(ar.admin.chains.deposits.flagged)).toBeVisible();
  await expect(
    arTable.getByRole('button', { name: ar.admin.chains.deposits.resolve.reverse }),
  ).toHaveCount(0);
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});
