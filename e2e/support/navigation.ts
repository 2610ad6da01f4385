import type { Page } from '@playwright/test';

/**
 * Opens `path` inside the running app (the router follows the history, as for the back
 * button, and the page starts at the top, as after a link) instead of loading it again:
 * a reload parses and starts the whole app and refetches the session, which specs that
 * visit dozens of pages paid for each one. The first visit of a page (or after the
 * language or the account changes) is a `goto`.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // At the top, as after the app's own links: the router takes a popstate for the back
    // button, where the shell leaves the scroll to the browser.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // The shell marks its main element with the place it shows, in the same commit as
  // the page (or the page's loading fallback): until then the old page is still there.
  await page.waitForFunction(
    (to) => document.querySelector('main')?.getAttribute('data-location') === to,
    path,
  );
}
