/**
 * Null when the page is no wider than the screen; otherwise the scroll width and the
 * innermost elements (or texts) that stick out of the screen and are not held by a
 * container that scrolls or clips sideways: those are where a fix goes. (An absolutely
 * positioned element escapes every such container between it and its positioned
 * ancestor, as a screen-reader-only text in a table without `relative` does.)
 */
export function sidewaysOverflow() {
  const width = window.innerWidth;
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth <= width) return null;
  const outside = (r: DOMRect) =>
    (r.width > 0 || r.height > 0) && (r.right > width + 1 || r.left < -1);
  const range = document.createRange();
  const textOutside = (el: Element) =>
    [...el.childNodes].some((node) => {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) return false;
      range.selectNodeContents(node);
      return outside(range.getBoundingClientRect());
    });
  const clips = (style: CSSStyleDeclaration) => /auto|scroll|hidden|clip/.test(style.overflowX);
  /** Whether the element's box can widen the page: no clipping box holds it. */
  const escapes = (el: Element) => {
    let position = getComputedStyle(el).position;
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      if (position === 'fixed') return false;
      const style = getComputedStyle(a);
      const positioned = style.position !== 'static' || style.transform !== 'none';
      // An absolute box is held only by its containing block and what holds that.
      if (position === 'absolute' && !positioned) continue;
      if (clips(style)) return false;
      position = style.position;
    }
    return position !== 'fixed';
  };
  const name = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const classes = [...el.classList]
      .slice(0, 4)
      .map((c) => `.${c}`)
      .join('');
    return `${el.tagName.toLowerCase()}${id}${classes}`;
  };
  const culprits = [...document.body.querySelectorAll('*')].filter(
    (el) => (outside(el.getBoundingClientRect()) || textOutside(el)) && escapes(el),
  );
  const innermost = culprits.filter((el) => !culprits.some((c) => c !== el && el.contains(c)));
  const elements = innermost.slice(0, 8).map((el) => {
    const r = el.getBoundingClientRect();
    const parents = [el.parentElement?.parentElement, el.parentElement, el]
      .filter((x): x is Element => Boolean(x))
      .map(name)
      .join(' > ');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
    return `${parents} [${Math.round(r.left)}…${Math.round(r.right)}] "${text}"`;
  });
  return { scrollWidth, width, elements };
}
