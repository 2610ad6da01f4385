/**
 * Which way the person is moving around the page: `data-pointer` on <html> while they use
 * a mouse, pen or finger, removed as soon as they move focus from the keyboard. The
 * stylesheet draws focus rings only without it (index.css), so a click never leaves a
 * ring: browsers match :focus-visible for a clicked text field, and for whatever a script
 * focuses after it (a dialog's first field).
 */
const NAVIGATION_KEYS = new Set(['Tab', 'Escape', 'F6']);
const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

/** Whether a key press moves focus (arrows only outside a field the person types in). */
function movesFocus(event: KeyboardEvent): boolean {
  if (NAVIGATION_KEYS.has(event.key)) return true;
  if (!ARROWS.has(event.key)) return false;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return true;
  return !(
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio'].includes(target.type))
  );
}

export function trackInputModality(root: HTMLElement = document.documentElement): () => void {
  const pointer = () => root.setAttribute('data-pointer', '');
  const key = (event: KeyboardEvent) => {
    if (movesFocus(event)) root.removeAttribute('data-pointer');
  };
  document.addEventListener('pointerdown', pointer, true);
  document.addEventListener('keydown', key, true);
  return () => {
    document.removeEventListener('pointerdown', pointer, true);
    document.removeEventListener('keydown', key, true);
    root.removeAttribute('data-pointer');
  };
}
