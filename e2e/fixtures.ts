import { test as base, expect } from '@playwright/test';

/**
 * Every page load collects console errors and failed requests; a test fails on a CSP
 * violation or an uncaught error. The 401 from GET /api/auth/user is how a visitor is
 * recognised, so it is expected.
 */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        if (/status of 401/.test(text)) return;
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
