/**
 * Copies text: the Clipboard API when the page may use it, else the older way (select a
 * hidden text area, then execCommand('copy')), which works in insecure contexts and
 * older browsers. Resolves to whether the text was copied; never rejects.
 *
 * `near` is where the text area goes for that moment: inside an open dialog it must be
 * within the dialog, or the dialog's focus trap takes the selection away.
 */
export async function copyText(text: string, near: Element = document.body): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not focused): try the older way.
  }
  return copyBySelection(text, near);
}

function copyBySelection(text: string, near: Element): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  area.tabIndex = -1;
  Object.assign(area.style, { position: 'fixed', top: '0', left: '0', opacity: '0' });
  const focused = document.activeElement;
  near.append(area);
  try {
    area.select();
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
    if (focused instanceof HTMLElement) focused.focus();
  }
}
