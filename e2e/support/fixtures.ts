import { test as base, expect } from '@playwright/test';

/**
 * Every page load collects console errors; a test fails on a CSP violation, an
 * uncaught error or a server error. Chromium also logs every 4xx answer; those are the
 * app working as designed (a visitor's 401, a refused sign-in), so they pass.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (/status of 4\d\d/.test(text)) return;
        problems.push(text);
      });
      page.on('pageerror', (err) => problems.push(String(err)));
      await use(problems);
      expect(problems, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
