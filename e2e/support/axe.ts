import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Waits until the mouse is away, no colour is half-way through a transition (a page
 * opened inside the app fades its link and tab into the active colours), and every toast
 * has slid in and none is fading out.
 */
async function atRest(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
    // A toast on its way out fades too: wait until it has left the page.
    if (toasts.some((t) => t.dataset.removed === 'true')) return false;
    return toasts
      .filter((t) => t.dataset.visible !== 'false')
      .every((t) => t.dataset.mounted === 'true' && getComputedStyle(t).opacity === '1');
  });
}

/** Serious and critical findings, as text. */
async function serious(builder: AxeBuilder): Promise<string[]> {
  // Also WCAG 2.5.3 (experimental in axe): an accessible name holds the visible text.
  // Legacy mode runs axe in the page itself. The default finishes every scan in a new
  // blank page (for cross-origin frames, which Parley has none of) and takes twice as long.
  const results = await builder
    .setLegacyMode(true)
    .options({
      rules: { 'label-content-name-mismatch': { enabled: true } },
      resultTypes: ['violations'],
    })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
}

/**
 * Serious and critical axe findings on the page at rest, toasts aside: a toast whose
 * time runs out during the scan fades, and its half-faded colours are not what anyone
 * reads (toastViolations checks toasts on their own).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await atRest(page);
  return serious(new AxeBuilder({ page }).exclude('[data-sonner-toaster]'));
}

/**
 * The front toast's findings, scanned just after it settled (its time runs for seconds
 * more). A toast stacked behind it has its content faded by sonner: nobody reads it.
 */
export async function toastViolations(page: Page): Promise<string[]> {
  await atRest(page);
  return serious(
    new AxeBuilder({ page })
      .include('[data-sonner-toaster]')
      .exclude('[data-sonner-toast][data-front="false"]'),
  );
}
