import type { Locator, Page } from '@playwright/test';
import { newCustomer, signedUpCustomer, signUpThroughApi } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminPageWithWallet, submitTopUp } from '../support/funding';
import { messagesIn } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

const ar = messagesIn('ar');

const messages = (scope: Locator, text: string) =>
  scope.getByTestId('chat-message').filter({ hasText: text });

/** The texts of the conversation as shown, in order. */
const shownTexts = (scope: Locator) =>
  scope.getByTestId('chat-message').locator('p.whitespace-pre-wrap').allInnerTexts();

async function openChat(page: Page) {
  await page.getByRole('button', { name: /^Open help/ }).click();
  await page.getByRole('button', { name: 'Live chat' }).click();
  const chat = page.getByTestId('chat-window');
  await expect(chat).toHaveAttribute('data-state', 'open');
  return chat;
}

async function send(scope: Locator, label: string, text: string) {
  await scope.getByLabel(label).fill(text);
  await scope.getByLabel(label).press('Enter');
}

test('a customer and an admin talk live; a dropped stream loses nothing; resolve and reopen; a deposit approved from beside the chat', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const { page: admin, context: adminContext } = await adminPageWithWallet(browser);
  const who = newCustomer();
  const customerStream = page.waitForResponse(
    (res) => new URL(res.url()).pathname === '/api/events' && res.status() === 200,
  );
  await signUpThroughApi(page, who);
  await customerStream;
  const { payment } = await submitTopUp(page.request, '150');

  // The customer asks where their deposit is.
  const chat = await openChat(page);
  await expect(chat).toHaveAttribute('data-stream', 'up');
  await send(chat, 'Your message', '   ');
  await expect(chat.getByTestId('chat-message')).toHaveCount(0);
  await send(chat, 'Your message', '  Where is my deposit? I sent BTC an hour ago.  ');
  await expect(messages(chat, 'Where is my deposit?')).toHaveCount(1);
  await expect(messages(chat, 'Where is my deposit?')).toHaveAttribute('data-side', 'mine');

  // The admin sees it counted in the navbar, opens it, and has the customer beside it.
  await admin.goto('/admin-chat');
  await expect(admin.getByTestId('nav-chat-unread')).toBeVisible();
  const row = admin.getByTestId('chat-session').filter({ hasText: who.email });
  await expect(row).toContainText('Where is my deposit?');
  await expect(row.getByTestId('chat-session-unread')).toContainText('1');
  await expect(row.getByTestId('chat-status')).toHaveText('Open');
  await row.click();
  const conversation = admin.getByTestId('chat-conversation');
  await expect(messages(conversation, 'Where is my deposit?')).toHaveCount(1);
  const side = admin.getByTestId('chat-customer');
  await expect(side.getByTestId('chat-customer-balance')).toHaveText('£0.00');
  await expect(side.getByTestId('chat-pending-payment')).toHaveCount(1);
  await expect(row.getByTestId('chat-session-unread')).toHaveCount(0);

  // Live both ways: typing, a reply, the customer's "seen".
  await conversation.getByRole('button', { name: 'Claim' }).click();
  await expect(conversation.getByTestId('chat-assignee')).toContainText('Handled by');
  await conversation.getByLabel('Reply to the customer').fill('Let me check');
  await expect(chat.getByTestId('chat-typing')).toBeVisible();
  await send(conversation, 'Reply to the customer', 'Found it: approving it now.');
  await expect(messages(chat, 'Found it: approving it now.')).toHaveAttribute(
    'data-side',
    'theirs',
  );
  await expect(messages(conversation, 'Found it: approving it now.')).toContainText('Seen');
  await expect(row.getByTestId('chat-status')).toHaveText('Pending');

  // An internal note stays among admins.
  await conversation.getByRole('button', { name: 'Internal note' }).click();
  await send(conversation, 'Internal note (only admins see it)', 'Hash checked on the explorer');
  await expect(messages(conversation, 'Hash checked on the explorer')).toHaveAttribute(
    'data-side',
    'note',
  );
  await conversation.getByRole('button', { name: 'Reply', exact: true }).click();

  // Approved from the side panel, after confirming; the customer is told at once.
  await side.getByRole('button', { name: 'Approve' }).click();
  await admin
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Approve/ })
    .click();
  await expect(side.getByTestId('chat-pending-payment')).toHaveCount(0);
  await expect(side.getByTestId('chat-customer-balance')).not.toHaveText('£0.00');
  await expect(page.getByText('Payment approved', { exact: true })).toBeVisible();
  expect(payment.status).toBe('pending');

  // The customer's connection drops: replies sent meanwhile all arrive, once, in order.
  await page.context().setOffline(true);
  await expect(chat).toHaveAttribute('data-stream', 'down');
  for (const text of ['First while away', 'Second while away', 'Third while away']) {
    await send(conversation, 'Reply to the customer', text);
    await expect(messages(conversation, text)).toHaveCount(1);
  }
  await page.context().setOffline(false);
  await expect(messages(chat, 'Third while away')).toHaveCount(1);
  await expect(chat).toHaveAttribute('data-stream', 'up', { timeout: 20_000 });
  const texts = await shownTexts(chat);
  expect(texts.filter((t) => t.endsWith('while away'))).toEqual([
    'First while away',
    'Second while away',
    'Third while away',
  ]);
  expect(texts.join('\n')).not.toContain('Hash checked on the explorer');

  // Resolved by the admin; the customer writes again and it is open again.
  await conversation.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(row.getByTestId('chat-status')).toHaveText('Resolved');
  await expect(chat.getByText(/marked as resolved/)).toBeVisible();
  await send(chat, 'Your message', 'Thanks! One more question.');
  await expect(row.getByTestId('chat-status')).toHaveText('Open');
  await expect(messages(conversation, 'One more question')).toHaveCount(1);

  // Minimised, a reply counts as unread on the window's bar and the help button.
  await chat.getByRole('button', { name: 'Minimise chat' }).click();
  await send(conversation, 'Reply to the customer', 'Go ahead.');
  await expect(page.getByTestId('help-unread')).toHaveText('1');
  // Closed, a reply is a toast.
  await chat.getByRole('button', { name: 'Close chat' }).click();
  await send(conversation, 'Reply to the customer', 'Still there?');
  await expect(page.getByText('New reply from support')).toBeVisible();

  expect(await seriousViolations(admin)).toEqual([]);
  const shot = testInfo.outputPath('admin-chat-en.png');
  await admin.screenshot({ path: shot, fullPage: true });
  await testInfo.attach('admin-chat-en', { path: shot, contentType: 'image/png' });
  await adminContext.close();
});

test('in Arabic the chat window and the console read right to left, also at 390 px', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const who = await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: ar.help.open, exact: true }).click();
  await page.getByRole('button', { name: ar.help.liveChat }).click();
  const chat = page.getByTestId('chat-window');
  await send(chat, ar.chat.messageLabel, 'مرحبا، أين إيداعي؟ https://parley.example/help');
  // The next line once the first is shown, as a person types it: in a CI run under load
  // a second line typed the instant the first went did not show within 5 s.
  await expect(chat.getByTestId('chat-message')).toHaveCount(1, { timeout: 15_000 });
  // An English line in the Arabic page reads left to right, its full stop at its end.
  await send(chat, ar.chat.messageLabel, 'Your deposit will arrive soon.');
  const english = chat.getByText('Your deposit will arrive soon.');
  await expect(english).toBeVisible({ timeout: 15_000 });
  expect(await english.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
  await expect(chat.getByTestId('chat-message')).toHaveCount(2);
  await expect(chat.getByRole('link', { name: 'https://parley.example/help' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    const shot = testInfo.outputPath(`chat-window-ar-${width}.png`);
    await page.screenshot({ path: shot });
    await testInfo.attach(`chat-window-ar-${width}`, { path: shot, contentType: 'image/png' });
  }

  const { page: admin, context } = await adminPageWithWallet(browser);
  await admin.addInitScript(() => localStorage.setItem('parley.lang', 'ar'));
  await admin.goto('/admin-chat');
  await expect(admin.locator('html')).toHaveAttribute('dir', 'rtl');
  await admin.getByTestId('chat-session').filter({ hasText: who.email }).click();
  await expect(admin.getByTestId('chat-conversation').getByTestId('chat-message')).toHaveCount(2);
  expect(await seriousViolations(admin)).toEqual([]);
  for (const width of [1280, 390]) {
    await admin.setViewportSize({ width, height: 900 });
    expect(await admin.evaluate(sidewaysOverflow)).toBeNull();
    const shot = testInfo.outputPath(`admin-chat-ar-${width}.png`);
    await admin.screenshot({ path: shot, fullPage: true });
    await testInfo.attach(`admin-chat-ar-${width}`, { path: shot, contentType: 'image/png' });
  }
  await context.close();
});
