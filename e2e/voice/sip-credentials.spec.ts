import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

test.describe('the credentials page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('shows the account, hides and shows the password, copies it and regenerates it', async ({
    page,
  }) => {
    // Two axe scans; on a busy machine each takes a while.
    test.setTimeout(60_000);
    await signedUpCustomer(page);
    const account = await (await page.request.get('/api/sip/account')).json();
    await page.goto('/sip-credentials');
    await expect(page.getByRole('heading', { level: 1, name: 'SIP Credentials' })).toBeVisible();
    await expect(page.getByTestId('sip-username')).toHaveText(account.username);
    await expect(page.getByTestId('sip-server')).toHaveText(account.domain);
    await expect(page.getByTestId('sip-port')).toHaveText(String(account.ports.udp));
    await expect(page.getByTestId('sip-port-tls')).toHaveText(String(account.ports.tls));
    await expect(page.getByTestId('sip-wss')).toHaveText(account.wssUrl);
    await expect(page.getByTestId('sip-concurrent')).toHaveText(String(account.concurrentCalls));
    // Hidden until shown.
    await expect(page.getByTestId('sip-password')).not.toContainText(account.password);
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(page.getByTestId('sip-password')).toHaveText(account.password);
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(page.getByTestId('sip-password')).not.toContainText(account.password);

    // The copy buttons copy.
    await page.getByRole('button', { name: 'Copy password' }).click();
    await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account.password);
    await page.getByRole('button', { name: 'Copy username' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(account.username);
    expect(await seriousViolations(page)).toEqual([]);

    // A new password, after a confirmation, shown at once.
    await page.getByRole('button', { name: 'Regenerate password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate your SIP password?' });
    await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await expect(dialog).toBeHidden();
    const renewed = await (await page.request.get('/api/sip/account')).json();
    expect(renewed.password).not.toBe(account.password);
    await expect(page.getByTestId('sip-password')).toHaveText(renewed.password);

    // The setup guide: three softphones with their official pages and this account's settings.
    await page.getByRole('tab', { name: 'Setup guide' }).click();
    for (const [name, host] of [
      ['Zoiper', 'www.zoiper.com'],
      ['Linphone', 'www.linphone.org'],
      ['MicroSIP', 'www.microsip.org'],
    ] as const) {
      const link = page.getByRole('link', { name: `Download ${name}` });
      await expect(link).toHaveAttribute(
        'href',
        new RegExp(`^https://${host.replace(/\./g, '\\.')}/`),
      );
    }
    await expect(page.getByRole('tabpanel', { name: 'Setup guide' })).toContainText(
      account.username,
    );
    expect(await seriousViolations(page)).toEqual([]);
  });
});
