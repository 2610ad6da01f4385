import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * A top-up quote of `coin` on its own page, on a watched network: the amount to send, the
 * quote's own address and the status line, once it reads "Waiting for your payment".
 */
export async function quoteOf(page: Page, coin: string, usd: string) {
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

/** The pounds a status line says were credited, once it says so. */
export async function creditedOf(status: Locator) {
  // The amount sits in a bidi isolate (U+2066 … U+2069), as every amount does.
  await expect(status).toHaveText(/^Credited \u2066£\d+\.\d\d\u2069 to your balance$/, {
    timeout: 20_000,
  });
  return ((await status.textContent()) ?? '').match(/£(\d+\.\d\d)/)?.[1] ?? '';
}
