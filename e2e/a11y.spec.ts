import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';

const pages = [
  { name: 'landing', path: '/' },
  { name: '404', path: '/some/page' },
  { name: 'admin login', path: '/admin/login' },
];

for (const lang of ['en', 'ar'] as const) {
  for (const { name, path } of pages) {
    test(`${name} page in ${lang} has no serious or critical axe violations`, async ({ page }) => {
      await page.addInitScript((code) => localStorage.setItem('parley.lang', code), lang);
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('main h1, main h2').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(bad).toEqual([]);
    });
  }
}
