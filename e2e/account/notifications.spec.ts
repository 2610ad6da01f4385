import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';

// Each test signs up (a proof-of-work security check) and runs axe: slow on a busy machine.
test.slow();

test('a new customer’s bell opens an empty list, closes with Escape, and the language reaches the account', async ({
  page,
}) => {
  await signedUpCustomer(page);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell).toBeVisible();
  await expect(page.getByTestId('notifications-count')).toHaveCount(0);

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByText('No notifications yet.')).toBeVisible();
  await expect(bell).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // Choosing a language tells the account, so emails are written in it.
  const saved = page.waitForRequest(
    (r) => r.url().endsWith('/api/account/language') && r.method() === 'PUT',
  );
  await page.getByRole('button', { name: /Choose another language/ }).click();
  await page.getByRole('menuitemradio', { name: 'Deutsch' }).click();
  expect((await saved).postDataJSON()).toEqual({ language: 'de' });
  await expect(page.getByRole('button', { name: 'Benachrichtigungen', exact: true })).toBeVisible();
});

test('the bell and the drawer’s entry work at 390 px in Arabic without serious axe violations', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signedUpCustomer(page);
  await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const bell = page.getByRole('button', { name: 'الإشعارات', exact: true });
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'الإشعارات' });
  await expect(panel.getByText('لا توجد إشعارات بعد.')).toBeVisible();
  const box = await panel.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();

  // In the drawer, the panel opens in place; Escape closes it, not the drawer.
  await page.getByRole('button', { name: 'فتح القائمة' }).click();
  const drawer = page.getByRole('dialog').filter({ has: page.getByRole('navigation') });
  const entry = drawer.getByTestId('notifications-item');
  await entry.click();
  const inDrawer = drawer.getByRole('dialog', { name: 'الإشعارات' });
  await expect(inDrawer.getByText('لا توجد إشعارات بعد.')).toBeVisible();
  expect(await page.evaluate(sidewaysOverflow)).toBeNull();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(inDrawer).toBeHidden();
  await expect(entry).toBeFocused();
  await expect(drawer).toBeVisible();
});
