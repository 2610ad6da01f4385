import type { Locator, Page } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { adminWithWallet, decide, submitTopUp } from '../support/funding';
import { message } from '../support/locales';

/**
 * Small things a customer trips over, checked in a real browser at a phone's width, in
 * English and in Arabic (right to left): focus rings, error borders, the help button,
 * where "Passwords do not match" shows, Technical Documentation, the dashboard's charts,
 * the number shop and the auto-dialer demo.
 */
const PHONE = { width: 390, height: 844 };
const DESTRUCTIVE = 'rgb(185, 28, 28)';
const RING = 'rgb(21, 128, 61)';
type Lang = 'en' | 'ar';

/** A message by its dotted key, in the page's language. */
const msg = (lang: Lang, key: string) => message(lang, key);

async function readIn(page: Page, lang: Lang) {
  await page.evaluate((code) => localStorage.setItem('parley.lang', code), lang);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

const outline = (el: Locator) =>
  el.evaluate((e) => {
    const s = getComputedStyle(e);
    return { style: s.outlineStyle, color: s.outlineColor, border: s.borderTopColor };
  });

/** Whether two boxes overlap by more than a pixel. */
const overlap = (
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) =>
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 1 &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 1;

test.use({ viewport: PHONE });

for (const lang of ['en', 'ar'] as const) {
  test.describe(`at 390 px in ${lang}`, () => {
    test('sign-up: the mismatch sits under Confirm, focus rings only from the keyboard, errors stay red', async ({
      page,
    }) => {
      await page.goto('/?auth=signup');
      await readIn(page, lang);
      const form = page.getByRole('tabpanel', { name: msg(lang, 'auth.signUp') });
      const password = form.getByLabel(msg(lang, 'auth.password'), { exact: true });
      const confirm = form.getByLabel(msg(lang, 'auth.confirmPassword'));
      await password.click();
      await password.fill('correct horse battery');
      // Clicked: no ring, but the border shows where typing goes.
      expect((await outline(password)).style).toBe('none');
      expect((await outline(password)).border).toBe(RING);
      await confirm.click();
      await confirm.fill('correct horse');
      const mismatch = form.getByText(msg(lang, 'auth.passwordsDiffer'));
      await expect(mismatch).toBeVisible();
      const [c, m] = [await confirm.boundingBox(), await mismatch.boundingBox()];
      if (!c || !m) throw new Error('no boxes');
      expect(m.y).toBeGreaterThanOrEqual(c.y + c.height);
      // Under Confirm's own column, not across both fields.
      expect(m.x).toBeGreaterThanOrEqual(c.x - 1);
      expect(m.x + m.width).toBeLessThanOrEqual(c.x + c.width + 1);

      // From the keyboard: a ring, and on the invalid field the error's colour wins.
      await page.keyboard.press('Shift+Tab');
      await expect(password).toBeFocused();
      expect(await outline(password)).toMatchObject({ style: 'solid', color: RING });
      await page.keyboard.press('Tab');
      await expect(confirm).toBeFocused();
      await expect(confirm).toHaveAttribute('aria-invalid', 'true');
      expect(await outline(confirm)).toMatchObject({
        style: 'solid',
        color: DESTRUCTIVE,
        border: DESTRUCTIVE,
      });
      // A click on a tab or a button leaves no ring either.
      await form.getByLabel(msg(lang, 'auth.contactMethod')).click();
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: msg(lang, 'auth.signIn') }).click();
      expect((await outline(page.getByRole('tab', { name: msg(lang, 'auth.signIn') }))).style).toBe(
        'none',
      );
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('help: the support email is offered, the button steps aside for a dialog and covers no button', async ({
      page,
    }) => {
      await page.goto('/');
      await readIn(page, lang);
      // Found even while a dialog hides the rest of the page from assistive technology,
      // so that the check is about what is drawn.
      const help = page.getByRole('button', {
        name: msg(lang, 'help.open'),
        exact: true,
        includeHidden: true,
      });
      await help.click();
      const panel = page.getByRole('region', { name: msg(lang, 'help.title') });
      const email = panel.getByRole('link', { name: new RegExp(msg(lang, 'help.email')) });
      await expect(email).toHaveAttribute('href', 'mailto:support@example.com');
      await expect(email).toContainText('support@example.com');
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');

      // The drawer (a dialog) opens: the help button is not drawn above it.
      await page.getByRole('button', { name: msg(lang, 'nav.openMenu') }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(help).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(help).toBeVisible();

      // At the foot of the page, nothing a person presses is under the help button.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))));
      const fab = await help.boundingBox();
      if (!fab) throw new Error('no help button');
      const covered: string[] = [];
      for (const el of await page
        .locator('main a:visible, main button:visible, footer a:visible, footer button:visible')
        .all()) {
        const box = await el.boundingBox();
        if (box && overlap(box, fab)) covered.push(await el.innerText());
      }
      expect(covered).toEqual([]);
    });

    test('a customer: Technical Documentation, the charts, the number shop and the auto-dialer', async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await signedUpCustomer(page);
      // Something spent, so the charts have figures to label.
      const { admin, close } = await adminWithWallet(browser);
      const { payment } = await submitTopUp(page.request, '1500');
      await decide(admin, payment.id, 'approve');
      await close();
      const sms = await page.request.post('/api/sms/send', {
        data: { senderId: 'Parley', recipient: '+447400123456', message: 'Hello' },
      });
      expect(sms.status()).toBe(201);
      await readIn(page, lang);

      // Technical Documentation opens the softphone setup guide.
      await page.goto('/services/voip');
      await page.getByRole('link', { name: msg(lang, 'voip.technicalDocs') }).click();
      await expect(page).toHaveURL(/\/sip-credentials\?tab=guide$/);
      await expect(
        page.getByRole('tab', { name: msg(lang, 'voice.credentials.tabGuide') }),
      ).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('heading', { name: 'Zoiper' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The dashboard: chart labels never collide.
      await page.goto('/dashboard');
      const boxes = page.getByTestId('chart-box');
      await expect(boxes).toHaveCount(4);
      for (const box of await boxes.all()) await box.scrollIntoViewIfNeeded();
      await expect(page.locator('.recharts-surface')).toHaveCount(4);
      const collisions = await page.evaluate(() => {
        const found: string[] = [];
        for (const axis of document.querySelectorAll('.recharts-cartesian-axis-tick-labels')) {
          const labels = [...axis.querySelectorAll('text')].map((t) => ({
            text: t.textContent,
            box: t.getBoundingClientRect(),
          }));
          for (let i = 1; i < labels.length; i++) {
            const [a, b] = [labels[i - 1], labels[i]];
            if (!a || !b) continue;
            const x = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const y = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (x > 0 && y > 0) found.push(`${a.text} / ${b.text}`);
          }
        }
        return found;
      });
      expect(collisions).toEqual([]);

      // The number shop: countries in the order of their names in this language.
      await page.goto('/did-numbers');
      await expect(page.locator('main section h2').first()).toBeVisible();
      const names = await page.locator('main section h2').allInnerTexts();
      expect(names.length).toBeGreaterThan(1);
      const collator = new Intl.Collator(lang);
      expect(names).toEqual([...names].sort(collator.compare));
      await expect(page.getByText(/\d/).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The auto-dialer demo: campaigns are Active only while the dialer runs.
      await page.goto('/auto-dialer');
      const statuses = page.getByTestId('campaign');
      const active = msg(lang, 'callCentre.campaignStatus.active');
      await expect(statuses.getByText(active, { exact: true })).toHaveCount(0);
      await page
        .getByRole('button', { name: msg(lang, 'callCentre.dialer.start'), exact: true })
        .click();
      await expect(statuses.getByText(active, { exact: true })).toHaveCount(2);
      await page
        .getByRole('button', { name: msg(lang, 'callCentre.dialer.stop'), exact: true })
        .click();
      await expect(statuses.getByText(active, { exact: true })).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
