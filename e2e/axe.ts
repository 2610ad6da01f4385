import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe findings on the page at rest: the mouse moved away (a
 * hovered button shows its hover colour) and any toast done sliding in (mid-animation
 * it is translucent, which is not the colour anyone reads), and none fading out.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  await page.waitForFunction(() => {
    const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')];
    // A toast on its way out fades too: wait until it has left the page.
    if (toasts.some((t) => t.dataset.removed === 'true')) return false;
    return toasts
      .filter((t) => t.dataset.visible !== 'false')
      .every((t) => t.dataset.mounted === 'true' && getComputedStyle(t).opacity === '1');
  });
  // Also WCAG 2.5.3 (experimental in axe): an accessible name holds the visible text.
  // A toast stacked behind the front one has its content faded out by sonner: nobody
  // reads it there, and its half-faded colours are not what anyone sees.
  const results = await new AxeBuilder({ page })
    .exclude('[data-sonner-toast][data-front="false"]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)} ${n.failureSummary ?? ''}`).join(', ')})`,
    );
}
