import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { signedUpCustomer, signInAdmin } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';

async function signInAdminPage(page: Page) {
  await signInAdmin(page.request);
}

async function customerPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signedUpCustomer(page);
  return page;
}

test('an admin adds, edits and deletes a service, and a customer sees each change', async ({
  page,
  browser,
}) => {
  const slug = `fax-${randomUUID().slice(0, 8)}`;
  await signInAdminPage(page);
  await page.goto('/admin?tab=services');
  await page.getByRole('button', { name: 'Add service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add service' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Service name is required')).toBeVisible();
  await expect(dialog.getByText('Slug is required')).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeFocused();

  await dialog.getByLabel('Name').fill('Fax to Email');
  await dialog.getByLabel('Slug').fill('Fax To Email');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Invalid slug format')).toBeVisible();
  await dialog.getByLabel('Slug').fill(slug);
  await dialog.getByLabel('Icon').selectOption('mail');
  await dialog.getByLabel('Description').fill('Faxes delivered to your inbox.');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: slug });
  await expect(row).toContainText('Fax to Email');
  // The Services tab searches like the other tabs.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill(slug.toUpperCase());
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the fax service
  await expect(row).toBeVisible();
  await search.fill('no such service');
  await expect(row).toBeHidden();
  await search.fill('');

  // A second service with the same slug is refused by the server, and the dialog stays.
  await page.getByRole('button', { name: 'Add service' }).click();
  await dialog.getByLabel('Name').fill('Duplicate');
  await dialog.getByLabel('Slug').fill(slug);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/already/i).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const customer = await customerPage(browser);
  await customer.goto(`/services/${slug}`);
  await expect(customer.getByRole('heading', { name: 'Fax to Email' })).toBeVisible();

  await row.getByRole('button', { name: 'Edit Fax to Email' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit service' });
  await expect(edit.getByLabel('Slug')).toHaveValue(slug);
  await edit.getByLabel('Name').fill('Fax Gateway');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Fax Gateway');
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Fax Gateway' })).toBeVisible();

  await row.getByRole('button', { name: 'Delete Fax Gateway' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this service?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await customer.reload();
  await expect(
    customer.getByText('This service does not exist or is no longer offered.'),
  ).toBeVisible();
});

test('country pricing: the spec messages, a new country customers can see, and its deletion', async ({
  page,
  browser,
}) => {
  const country = `Testland ${randomUUID().slice(0, 6)}`;
  await signInAdminPage(page);
  await page.goto('/admin?tab=country-pricing');
  await page.getByRole('button', { name: 'Add country' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add country' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  for (const message of [
    'Country name is required',
    'Region is required',
    'SMS price is required',
    'VoIP price is required',
    'DID price is required',
    'SIP Trunk price is required',
  ])
    await expect(dialog.getByText(message)).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Country', exact: true }).fill(country);
  await dialog.getByLabel('Country code').fill('zz');
  await dialog.getByLabel('Region').selectOption('Africa');
  await dialog.getByLabel('SMS price').fill('0.01234');
  await dialog.getByLabel('VoIP price').fill('-1');
  await dialog.getByLabel('DID price').fill('3.50');
  await dialog.getByLabel('SIP Trunk price').fill('20');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('SMS price must be a non-negative number with at most 4 decimal places'),
  ).toBeVisible();
  await expect(
    dialog.getByText('VoIP price must be a non-negative number with at most 4 decimal places'),
  ).toBeVisible();
  await dialog.getByLabel('SMS price').fill('0.0123');
  await dialog.getByLabel('VoIP price').fill('0.0456');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('searchbox', { name: 'Search' }).fill(country);
  const row = page.getByRole('row').filter({ hasText: country });
  await expect(row).toContainText('ZZ');
  await expect(row).toContainText('0.0123 USD');

  const customer = await customerPage(browser);
  await customer.goto('/prices-coverage');
  await customer.getByLabel('Search by country name or code').fill(country);
  await expect(customer.getByRole('region', { name: 'Africa' })).toContainText('$0.0123');

  await row.getByRole('button', { name: `Delete ${country}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Are you sure you want to delete this country pricing?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Delete ${country}` }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await customer.reload();
  await customer.getByLabel('Search by country name or code').fill(country);
  await expect(customer.getByText('No countries match your search.')).toBeVisible();
});

test('a package edit is saved, not thrown away', async ({ page }) => {
  await signInAdminPage(page);
  await page.goto('/admin?tab=packages');
  const row = page.getByRole('row').filter({ hasText: 'Professional' }).filter({ hasText: 'voip' });
  await row.getByRole('button', { name: 'Edit Professional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit package' });
  await expect(dialog.getByLabel('Service')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Features')).toHaveValue(/5000 minutes/);
  await dialog.getByLabel('Price').fill('205.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('£205.50');
  await page.goto('/services/voip');
  const plan = page.getByRole('listitem').filter({
    has: page.getByRole('button', { name: 'Purchase Now (Professional)' }),
  });
  await expect(plan).toContainText('£205.50');
});

test('country prices import from CSV only after a clean preview', async ({ page }) => {
  const country = `Csvland ${randomUUID().slice(0, 6)}`;
  await signInAdminPage(page);
  await page.goto('/admin?tab=country-pricing');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  expect((await download).suggestedFilename()).toBe('country-pricing.csv');

  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import CSV' });
  const header =
    'countryName,countryCode,region,smsPrice,voipPrice,didPrice,sipTrunkPrice,currency,isActive';
  const file = (body: string) => ({
    name: 'prices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${body}\n`),
  });
  await dialog
    .getByLabel('CSV file')
    .setInputFiles(
      file(
        `${country},,Europe,0.0100,0.0200,1.00,10.00,USD,true\nBroken,,Atlantis,x,0.02,1,1,USD,true`,
      ),
    );
  await expect(dialog.getByText('Rows with problems: 1.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Broken' })).toContainText('smsPrice');
  await expect(dialog.getByRole('button', { name: 'Import rows (2)' })).toBeDisabled();

  await dialog
    .getByLabel('CSV file')
    .setInputFiles(file(`${country},,Europe,0.0100,0.0200,1.00,10.00,USD,true`));
  await expect(dialog.getByText('Rows ready to import: 1')).toBeVisible();
  await dialog.getByRole('button', { name: 'Import rows (1)' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search' }).fill(country);
  await expect(page.getByRole('row').filter({ hasText: country })).toContainText('0.0100 USD');
});

test('a number added to the inventory can be found by customers', async ({ page, browser }) => {
  await signInAdminPage(page);
  await page.goto('/admin?tab=numbers');
  await page.getByRole('button', { name: 'Add number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add number' });
  await dialog.getByRole('textbox', { name: 'Number', exact: true }).fill('442079460999');
  await dialog.getByLabel('Country code').fill('GB');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('Number must be in international format, e.g. +442079460123'),
  ).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Number', exact: true }).fill('+442079460999');
  await dialog.getByLabel('City').fill('Westminster');
  await dialog.getByLabel('Monthly price').fill('7.25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const customer = await customerPage(browser);
  await customer.goto('/did-numbers');
  await customer.getByLabel('Search').fill('Westminster');
  await expect(customer.getByText('+442079460999', { exact: true })).toBeVisible();
});

for (const viewport of [
  { width: 390, height: 510 },
  { width: 1280, height: 510 },
]) {
  test(`at ${viewport.width}×${viewport.height} the CSV import dialog keeps its title and buttons in view, problem rows first`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInAdminPage(page);
    await page.goto('/admin?tab=country-pricing');
    // The current prices, exported: imported back unchanged they change nothing.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const exported = fs.readFileSync((await (await download).path()) as string, 'utf8').trim();
    const lines = exported.split('\n').length - 1;
    expect(lines).toBeGreaterThan(20);
    const file = (body: string) => ({
      name: 'prices.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${body}\n`),
    });

    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    const broken = [
      'Broken one,,Atlantis,x,0.02,1,1,USD,true',
      'Broken two,,Europe,1,y,1,1,USD,true',
    ];
    await dialog.getByLabel('CSV file').setInputFiles(file(`${exported}\n${broken.join('\n')}`));
    await expect(dialog.getByText('Rows with problems: 2.', { exact: false })).toBeVisible();
    // The two bad lines come last in the file and first in the preview.
    const rows = dialog.getByRole('table', { name: 'Import preview' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Broken one');
    await expect(rows.nth(2)).toContainText('Broken two');
    const commit = dialog.getByRole('button', { name: `Import rows (${lines + 2})` });
    await expect(commit).toBeDisabled();
    await expect(commit).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('heading', { name: 'Import CSV' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInViewport({ ratio: 1 });
    // The preview scrolls inside the dialog; the buttons stay where they are.
    await rows.last().scrollIntoViewIfNeeded();
    await expect(rows.last()).toBeInViewport();
    await expect(commit).toBeInViewport({ ratio: 1 });
    expect(await seriousViolations(page)).toEqual([]);

    // The clean file: the button is in view and takes the click (nothing covers it).
    await dialog.getByLabel('CSV file').setInputFiles(file(exported));
    await expect(dialog.getByText(`Rows ready to import: ${lines}`)).toBeVisible();
    const ready = dialog.getByRole('button', { name: `Import rows (${lines})` });
    await expect(ready).toBeInViewport({ ratio: 1 });
    await ready.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Rows imported: ${lines}`)).toBeVisible();
  });
}
