import { signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { messagesIn } from '../support/locales';
import { sidewaysOverflow } from '../support/overflow';

// BIP84's published account key (m/84'/0'/0') and its first receive address.
const ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const FIRST = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
// The same vector's private key: refused, never stored.
const ZPRV =
  'zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE';
const en = messagesIn('en');
const ar = messagesIn('ar');
const PHONE = { width: 390, height: 844 };

test('an admin previews a BIP84 zpub, saves it and sees it listed; a private key is refused; 390 px and Arabic', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page.request);
  // Other specs pay Bitcoin to fixed addresses: the key is removed again at the end.
  await page.request.delete('/api/admin/chains/watch-keys/bitcoin');
  try {
    await page.goto('/admin?tab=chains');
    const panel = page.getByRole('tabpanel', { name: en.admin.chains.title });
    const field = panel.getByLabel(en.admin.chains.keyLabel);
    const save = panel.getByRole('button', { name: en.admin.chains.saveKey });

    // A private key: the translated refusal by the field, nothing to save.
    await field.fill(ZPRV);
    await panel.getByRole('button', { name: en.admin.chains.showAddresses }).click();
    await expect(panel.getByText(en.fieldErrors.WATCH_KEY_PRIVATE)).toBeVisible();
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeDisabled();

    // The BIP84 vector: its first address with its path, then saved.
    await field.fill(ZPUB);
    await panel.getByRole('button', { name: en.admin.chains.showAddresses }).click();
    const preview = panel.getByRole('list', { name: en.admin.chains.previewAddresses });
    await expect(preview.getByText(FIRST)).toBeVisible();
    await expect(preview.getByText("m/84'/0'/0'/0/0")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await save.click();
    const card = panel.getByRole('region', { name: 'Bitcoin' });
    await expect(card.getByText('Addresses handed out: 0')).toBeVisible();
    await card.getByRole('button', { name: en.admin.chains.showFullKey }).click();
    await expect(card.getByText(ZPUB)).toBeVisible();
    await card.getByText(en.admin.chains.firstAddresses).click();
    await expect(card.getByText(FIRST)).toBeVisible();
    const listed = await (await page.request.get('/api/admin/chains/watch-keys')).json();
    expect(listed[0].key.extendedKey).toBe(ZPUB);
    const row = panel.getByRole('row').filter({ hasText: 'Bitcoin' });
    await expect(row).toContainText(en.admin.chains.keyActive);

    // At 390 px in Arabic: right to left, keys and addresses left to right, nothing overflows.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('parley.lang', 'ar'));
    await page.goto('/admin?tab=chains');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const arPanel = page.getByRole('tabpanel', { name: ar.admin.chains.title });
    const arField = arPanel.getByLabel(ar.admin.chains.keyLabel);
    await expect(arField).toHaveAttribute('dir', 'ltr');
    await arField.fill(ZPRV);
    await arPanel.getByRole('button', { name: ar.admin.chains.showAddresses }).click();
    await expect(arPanel.getByText(ar.fieldErrors.WATCH_KEY_PRIVATE)).toBeVisible();
    await arField.fill(ZPUB);
    await arPanel.getByRole('button', { name: ar.admin.chains.showAddresses }).click();
    const arFirst = arPanel
      .getByRole('list', { name: ar.admin.chains.previewAddresses })
      .getByText(FIRST);
    await expect(arFirst).toHaveAttribute('dir', 'ltr');
    expect(await page.evaluate(sidewaysOverflow)).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
  } finally {
    await page.request.delete('/api/admin/chains/watch-keys/bitcoin');
  }
});
