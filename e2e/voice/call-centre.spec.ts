import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Request } from '@playwright/test';
import { signedUpCustomer } from '../support/accounts';
import { seriousViolations } from '../support/axe';
import { expect, test } from '../support/fixtures';
import { message } from '../support/locales';

// The four call-centre screens are demonstrations on hard-coded sample data: they must
// never ask the server anything. They are signed-in pages (the spec's route table), so
// the app shell around them does: the signed-in user, the customer's event stream.

const LANGS = ['en', 'ar'] as const;
type Lang = (typeof LANGS)[number];

const root = path.resolve(import.meta.dirname, '../..');
/** A message by its dotted key, e.g. `callCentre.dialer.start`. */
const msg = (lang: Lang, key: string) => message(lang, key);

/** Paths under /api/ the page requests from now on, until `stop()`. */
function recordApiCalls(page: Page) {
  const calls: string[] = [];
  const listener = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(`${request.method()} ${pathname}`);
  };
  page.on('request', listener);
  return { calls, stop: () => page.off('request', listener) };
}

/** Elements sticking out of the page's width (none when nothing scrolls sideways). */
function widerThanPage(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && (box.right > width + 1 || box.left < -1);
      })
      .filter((el) => !el.parentElement?.closest('.overflow-x-auto'))
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${el.textContent?.slice(0, 40)}"`);
  });
}

type Screen = {
  path: string;
  /** The Call Center menu entry's key under nav.items. */
  menu: string;
  title: string;
  /** Clicks through the screen; any request to /api/ meanwhile fails the test. */
  exercise: (page: Page, lang: Lang) => Promise<void>;
};

const SCREENS: Screen[] = [
  {
    path: '/agent-dashboard',
    menu: 'agentDashboard',
    title: 'callCentre.agent.title',
    exercise: async (page, lang) => {
      const m = (key: string) => msg(lang, `callCentre.${key}`);
      const available = page.getByRole('switch', { name: m('agent.status.label') });
      const dial = page.getByRole('button', { name: m('agent.call.dial'), exact: true });
      await expect(available).toHaveAttribute('aria-checked', 'false');
      await expect(dial).toBeDisabled();
      await available.click();
      await expect(available).toHaveAttribute('aria-checked', 'true');
      await dial.click();
      const phase = page.getByTestId('call-phase');
      await expect(phase).toHaveText(m('agent.call.phase.dialing'));
      await expect(phase).toHaveText(m('agent.call.phase.connected'), { timeout: 5_000 });
      await expect(page.getByTestId('call-timer')).toHaveText(/^0:0[0-9]$/);
      await page.getByRole('button', { name: m('agent.call.hangUp') }).click();
      await expect(phase).toHaveText(m('agent.call.phase.ended'));
      await page.getByRole('radio', { name: m('callResult.callback') }).check();
      await page.getByRole('button', { name: m('agent.call.save') }).click();
      await expect(page.getByTestId('recent-calls')).toContainText(m('callResult.callback'));
      await expect(phase).toHaveText(m('agent.call.phase.idle'));
    },
  },
  {
    path: '/manager-dashboard',
    menu: 'managerDashboard',
    title: 'callCentre.manager.title',
    exercise: async (page, lang) => {
      const rows = page.getByTestId('agent-row');
      await expect(rows).toHaveCount(7);
      await page.getByLabel(msg(lang, 'callCentre.manager.agents.filter')).selectOption('on_call');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText(msg(lang, 'callCentre.agentState.on_call'));
      await page.getByLabel(msg(lang, 'callCentre.manager.agents.filter')).selectOption('');
      await expect(rows).toHaveCount(7);
    },
  },
  {
    path: '/crm-dashboard',
    menu: 'crmDashboard',
    title: 'callCentre.crm.title',
    exercise: async (page, lang) => {
      const customers = page.getByTestId('customer');
      await expect(customers).toHaveCount(8);
      await page.getByLabel(msg(lang, 'callCentre.crm.fields.priority')).selectOption('urgent');
      await expect(customers).toHaveCount(2);
      await page.getByLabel(msg(lang, 'callCentre.crm.filters.search')).fill('weber');
      await expect(customers).toHaveCount(1);
      await expect(customers.first()).toContainText('Lukas Weber');
      await expect(customers.first().locator('[dir=ltr]').first()).toHaveText('+49 30 5550 1234');
      await page.getByRole('button', { name: msg(lang, 'callCentre.crm.filters.clear') }).click();
      await expect(customers).toHaveCount(8);
    },
  },
  {
    path: '/auto-dialer',
    menu: 'autoDialer',
    title: 'callCentre.dialer.title',
    exercise: async (page, lang) => {
      const m = (key: string) => msg(lang, `callCentre.dialer.${key}`);
      const button = (key: string) => page.getByRole('button', { name: m(key), exact: true });
      const state = page.getByTestId('dialer-state');
      const expectEnabled = async (start: boolean, pause: boolean, stop: boolean) => {
        for (const [key, on] of [
          ['start', start],
          ['pause', pause],
          ['stop', stop],
        ] as const)
          if (on) await expect(button(key)).toBeEnabled();
          else await expect(button(key)).toBeDisabled();
      };
      await expect(page.getByLabel(m('settings.ratio'))).toHaveValue('1.2');
      await expect(page.getByLabel(m('settings.lines'))).toHaveValue('20');
      await expect(state).toHaveText(m('states.stopped'));
      await expectEnabled(true, false, false);
      await button('start').click();
      await expect(state).toHaveText(m('states.running'));
      await expectEnabled(false, true, true);
      await button('pause').click();
      await expect(state).toHaveText(m('states.paused'));
      await expectEnabled(true, false, true);
      await button('stop').click();
      await expect(state).toHaveText(m('states.stopped'));
      await expectEnabled(true, false, false);
      await page.getByLabel(m('settings.ratio')).selectOption('2.0');
      await expect(page.getByLabel(m('settings.ratio'))).toHaveValue('2.0');
    },
  },
];

test('the call-centre code imports no API client and calls no server', () => {
  const files = [
    'apps/web/src/app/pages/call-centre-pages.tsx',
    ...fs
      .readdirSync(path.join(root, 'apps/web/src/features/call-centre'), { recursive: true })
      .map((f) => `apps/web/src/features/call-centre/${String(f)}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f)),
  ];
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    expect(text, file).not.toMatch(
      /@\/lib\/(api|api-client|query-client|current-user|event-stream|customer-events)\b|@tanstack\/react-query|\/api\/|\bfetch\(|EventSource|XMLHttpRequest|WebSocket|sendBeacon/,
    );
  }
});

test.describe('call-centre demo screens', () => {
  let session: Parameters<BrowserContext['addCookies']>[0] = [];

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signedUpCustomer(page);
    session = (await context.storageState()).cookies;
    await context.close();
  });

  for (const lang of LANGS) {
    for (const screen of SCREENS) {
      test(`${screen.path} in ${lang}: a demo that asks the server nothing`, async ({
        page,
        context,
      }, testInfo) => {
        test.setTimeout(90_000); // axe and four screenshots on a busy machine
        await context.addCookies(session);
        await page.addInitScript((code) => localStorage.setItem('parley.lang', code), lang);

        // The app shell on its own, around the 404 page: what it asks the server.
        const shell = recordApiCalls(page);
        await page.goto('/call-centre-not-a-page');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(
          msg(lang, 'notFound.title'),
        );
        const menu = page.getByRole('button', { name: msg(lang, 'nav.callCenter') });
        await expect(menu).toBeVisible();
        await page.waitForTimeout(1_000);
        shell.stop();
        // The recorder hears the shell (the page itself carries who is signed in).
        expect(shell.calls).toContain('GET /api/notifications');
        expect(shell.calls).not.toContain('GET /api/auth/user');

        // From the Call Center menu to the screen and through it, inside the loaded app:
        // no request at all may reach /api/ from here on.
        const demo = recordApiCalls(page);
        await menu.click();
        await page
          .getByRole('menuitem', { name: msg(lang, `nav.items.${screen.menu}.name`) })
          .click();
        await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(msg(lang, screen.title));
        const marker = page.getByTestId('demo-marker');
        await expect(marker).toBeVisible();
        await expect(marker).toHaveText(msg(lang, 'callCentre.demo.badge'));
        await expect(page.getByTestId('demo-banner')).toHaveText(msg(lang, 'callCentre.demo.text'));
        await screen.exercise(page, lang);
        await page.waitForTimeout(500);
        demo.stop();
        expect(demo.calls, 'requests to /api/ from the demo screen').toEqual([]);

        expect(await seriousViolations(page)).toEqual([]);
        const desktop = testInfo.outputPath(`${screen.path.slice(1)}-${lang}.png`);
        await page.screenshot({ path: desktop, fullPage: true });
        await testInfo.attach(`${screen.path.slice(1)}-${lang}`, {
          path: desktop,
          contentType: 'image/png',
        });

        // Opened directly (a reload): only what the shell asks, nothing of the screen's.
        const reload = recordApiCalls(page);
        await page.reload();
        await expect(page.getByTestId('demo-marker')).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
        await page.waitForTimeout(1_000);
        reload.stop();
        expect(
          reload.calls.filter((call) => !shell.calls.includes(call)),
          'requests beyond the shell',
        ).toEqual([]);

        // A phone's width: nothing scrolls the page sideways (tables scroll in their box).
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(page.getByTestId('demo-marker')).toBeVisible();
        // Polled: the navbar turns into the phone menu just after the resize.
        await expect.poll(() => widerThanPage(page), { message: 'sideways scroll' }).toEqual([]);
        const phone = testInfo.outputPath(`${screen.path.slice(1)}-${lang}-390.png`);
        await page.screenshot({ path: phone, fullPage: true });
        await testInfo.attach(`${screen.path.slice(1)}-${lang}-390`, {
          path: phone,
          contentType: 'image/png',
        });
      });
    }
  }
});
