import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Every new page starts at the top: without this the browser keeps the previous page's
 * scroll, so signing in from the foot of the landing page opened the dashboard halfway
 * down. A link with an anchor is left to its page (the landing page keeps the section in
 * view); back and forward keep the browser's own restoration.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the point is to run on each new path
  useLayoutEffect(() => {
    if (type === 'POP' || hash) return;
    // At once: the page's smooth scrolling (for in-page anchors) would otherwise glide
    // the new page up from where the old one was, while it is already being read.
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash, type]);
  return null;
}
