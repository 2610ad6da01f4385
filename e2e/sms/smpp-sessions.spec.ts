import { connectEsme } from '../../apps/api/test/smpp-client';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { sidewaysOverflow } from '../support/overflow';

const smppPort = Number(process.env.E2E_SMPP_PORT);

test('a bound gateway shows as bound to its customer, and an admin ends its session', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const who = await signedUpCustomer(page);
  const made = await page.request.post('/api/sms/smpp-accounts', {
    data: { label: 'Warehouse gateway', maxPerSecond: 5 },
  });
  expect(made.status()).toBe(201);
  const { systemId, password } = await made.json();

  const esme = await connectEsme(smppPort);
  try {
    expect(await esme.bind(systemId, password, 'transmitter')).toBe(0);

    await page.goto('/services/sms');
    const row = page.getByTestId(`smpp-account-${systemId}`);
    await expect(row).toContainText('Bound');
    await expect(row).toContainText(/Transmitter from \S*127\.0\.0\.1\S* since /);
    await expect(row).toContainText(/Last bound .* from \S*127\.0\.0\.1/);

    // The admin sees the session among every customer's, at a phone's width.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const admin = await context.newPage();
    await signInAdmin(admin.request);
    await admin.goto('/admin?tab=smpp-sessions');
    const session = admin.getByRole('row').filter({ hasText: who.email });
    await expect(session).toContainText(systemId);
    await expect(session).toContainText('Transmitter');
    await expect(session).toContainText('127.0.0.1');
    await expect(session).toContainText('0 of 5');
    expect(await admin.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(admin)).toEqual([]);

    await session.getByRole('button', { name: `End session (${systemId})` }).click();
    const confirm = admin.getByRole('alertdialog', { name: 'End this SMPP session?' });
    await expect(confirm).toContainText(who.email);
    await confirm.getByRole('button', { name: 'End session' }).click();
    await expect(confirm).toBeHidden();
    // "Ending…" shows only until the next reload of the list, which on a fast instance
    // already has the session gone: the toast and the missing button hold either way.
    await expect(
      admin.getByText(new RegExp(`The session of \\W?${systemId}\\W? is being ended`)),
    ).toBeVisible();
    await expect(session.getByRole('button', { name: /End session/ })).toHaveCount(0);

    // The instance holding the session unbinds the gateway within seconds; both lists,
    // reloaded every 10 s, follow.
    await expect.poll(() => esme.state.closed, { timeout: 15_000 }).toBe(true);
    await expect(admin.getByText('No SMPP sessions are bound.')).toBeVisible({ timeout: 15_000 });
    await context.close();
    await expect(row).toContainText('Not bound', { timeout: 15_000 });
  } finally {
    await esme.close();
  }
});
