import { expect, test } from '../support/fixtures';

test('the landing page renders every section and loads no admin code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(req.url());
  });
  await page.goto('/');

  await expect(
    page.getByRole('heading', { level: 1, name: 'Business communication, paid in crypto' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await expect(page.getByText('Verify security check')).toBeVisible();

  const services = page.locator('#services');
  await expect(services.getByRole('heading', { name: 'Our Services' })).toBeVisible();
  // The starting catalogue is loaded on first start and listed from GET /api/services.
  const cards = services.getByRole('listitem');
  await expect(cards).toHaveCount(11);
  await expect(services.getByRole('heading', { name: 'SMS Messaging' })).toBeVisible();
  await expect(cards.first().getByRole('link', { name: /Learn More/ })).toHaveAttribute(
    'href',
    '/api/login',
  );

  await expect(page.locator('#about').getByRole('heading', { name: 'About Parley' })).toBeVisible();

  const contact = page.locator('#contact');
  await expect(contact.getByRole('link', { name: 'sales@example.com' })).toHaveAttribute(
    'href',
    'mailto:sales@example.com',
  );
  await expect(contact.getByRole('link', { name: 'support@example.com' })).toBeVisible();
  await expect(contact.getByRole('link', { name: 'Start Your Journey' })).toHaveAttribute(
    'href',
    '/api/login?tab=signup',
  );

  const terms = page.locator('#terms');
  for (const title of ['Service Usage', 'Payment', 'Privacy', 'Availability']) {
    await expect(terms.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
  }
  await expect(terms).toContainText('non-refundable');
  await expect(terms).toContainText('99.9%');

  const footer = page.getByRole('contentinfo');
  // Only coins that can be paid in are listed (e2e/admin/setup-checklist.spec.ts).
  await expect(footer.getByRole('heading', { name: 'We accept' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/parley_support',
  );

  expect(scripts.some((url) => /admin/.test(url))).toBe(false);
});

test('the anchors scroll to their sections', async ({ page }) => {
  for (const id of ['services', 'about', 'contact', 'terms']) {
    await page.goto(`/#${id}`);
    await expect(page.locator(`#${id}`)).toBeInViewport();
  }
});

test('a malformed link fragment still shows the page', async ({ page }) => {
  await page.goto('/#%E0%A4');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('Login goes through /api/login to the sign-in tab', async ({ page }) => {
  await page.goto('/?auth=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/\?auth=signin#auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
});

test('the help widget offers WhatsApp and Telegram, and asks a visitor to sign in for chat', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open help' }).click();
  const panel = page.getByRole('region', { name: 'Need help?' });
  await expect(panel.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
    'href',
    'https://wa.me/15550100',
  );
  await expect(panel.getByRole('link', { name: 'Telegram' })).toHaveAttribute(
    'href',
    'https://t.me/parley_support',
  );
  await panel.getByRole('button', { name: 'Live chat' }).click();
  await expect(panel.getByRole('alert')).toContainText('Please sign in first');
});

test('the mobile drawer mirrors the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Terms' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Contact' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.locator('#contact')).toBeInViewport();
});

test.describe('in German, on a laptop', () => {
  test.use({ locale: 'de-DE' });

  for (const width of [1024, 1280, 1366]) {
    test(`at ${width} px the headline wraps within its column, clear of the sign-in card`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const h1 = page.getByRole('heading', { level: 1 });
      await expect(h1).toHaveText('Geschäftskommunikation, bezahlt in Kryptowährung');
      const card = page.locator('#auth');
      await expect(card).toBeVisible();
      const { box, text, cardBox, scrollWidth, clientWidth, longestWord } = await h1.evaluate(
        (el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          const rect = (r: DOMRect) => ({
            left: r.left,
            right: r.right,
            top: r.top,
            bottom: r.bottom,
          });
          return {
            box: rect(el.getBoundingClientRect()),
            // The words themselves: a word too long for the box runs out of it.
            text: rect(range.getBoundingClientRect()),
            cardBox: rect((document.getElementById('auth') as HTMLElement).getBoundingClientRect()),
            scrollWidth: el.scrollWidth,
            clientWidth: el.clientWidth,
            // Each word on one line in the headline's type: none needs breaking in the middle.
            longestWord: Math.max(
              ...(el.textContent ?? '').split(/\s+/).map((word) => {
                const probe = document.createElement('span');
                probe.style.whiteSpace = 'nowrap';
                probe.textContent = word;
                el.append(probe);
                const w = probe.getBoundingClientRect().width;
                probe.remove();
                return w;
              }),
            ),
          };
        },
      );
      expect(scrollWidth, 'the headline overflows its own box').toBeLessThanOrEqual(clientWidth);
      expect(longestWord, 'a word is wider than the column').toBeLessThanOrEqual(clientWidth);
      for (const [what, r] of [
        ['box', box],
        ['text', text],
      ] as const) {
        const overlaps =
          r.left < cardBox.right &&
          r.right > cardBox.left &&
          r.top < cardBox.bottom &&
          r.bottom > cardBox.top;
        expect(overlaps, `the headline's ${what} overlaps the sign-in card`).toBe(false);
      }
    });
  }
});
