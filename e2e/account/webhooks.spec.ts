import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { message } from '../support/locales';

// Each test signs up (a proof-of-work security check) and runs axe: slow on a busy machine.
test.slow();

/** A customer's receiver on 127.0.0.1 that keeps what it is sent and answers 200. */
async function receiver() {
  const got: { headers: Record<string, string>; body: string }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        headers: req.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.end('received');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parley`;
  return { url, got, close: () => new Promise((r) => server.close(r)) };
}

test('adds an endpoint, sends it a signed test event and reads the delivery log', async ({
  page,
}) => {
  const hook = await receiver();
  await signedUpCustomer(page);
  await page.goto('/account');
  const card = page.getByRole('heading', { name: 'Webhook endpoints' });
  await expect(card).toBeVisible();
  await page.getByLabel('Endpoint URL').fill(hook.url);
  await page.getByRole('checkbox', { name: 'sms.delivered' }).check();
  await page.getByRole('checkbox', { name: 'call.ended' }).check();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(hook.url);
  await expect(endpoint).toContainText('Active');
  expect(await seriousViolations(page)).toEqual([]);

  await endpoint.getByRole('button', { name: 'Send test event' }).click();
  const row = endpoint.getByTestId('webhook-delivery');
  await expect(row).toContainText('Delivered', { timeout: 15_000 });
  await expect(row).toContainText('HTTP 200');
  await expect(row).toContainText('received');
  expect(hook.got).toHaveLength(1);
  const event = new Webhook(secret).verify(hook.got[0]?.body ?? '', hook.got[0]?.headers ?? {});
  expect(event).toMatchObject({ type: 'webhook.test' });

  await row.getByRole('button', { name: 'Send again' }).click();
  await expect(endpoint.getByTestId('webhook-delivery')).toHaveCount(2, { timeout: 15_000 });
  await expect.poll(() => hook.got.length, { timeout: 15_000 }).toBe(2);
  expect(hook.got[1]?.headers['webhook-id']).toBe(hook.got[0]?.headers['webhook-id']);
  expect(await seriousViolations(page)).toEqual([]);
  await hook.close();
});

test('the webhooks section works at 390 px in Arabic without serious axe violations', async ({
  page,
}) => {
  const hook = await receiver();
  await page.setViewportSize({ width: 390, height: 800 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.goto('/account');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: message('ar', 'webhooks.title') })).toBeVisible();
  await page.getByLabel(message('ar', 'webhooks.url')).fill(hook.url);
  await page.getByRole('checkbox', { name: 'payment.credited' }).check();
  await page.getByRole('button', { name: message('ar', 'webhooks.add') }).click();
  const endpoint = page.getByTestId('webhook-endpoint');
  await expect(endpoint).toContainText(message('ar', 'webhooks.active'));
  await endpoint.getByRole('button', { name: message('ar', 'webhooks.test') }).click();
  await expect(endpoint.getByTestId('webhook-delivery')).toContainText(
    message('ar', 'webhooks.log.statuses.delivered'),
    { timeout: 15_000 },
  );
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await hook.close();
});
