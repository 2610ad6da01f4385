import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * Resolves once the browser has painted the frame after the current one and has a
 * moment to spare, or after half a second whatever happens (a hidden tab paints no
 * frames).
 */
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 500);
    const done = () => {
      clearTimeout(fallback);
      resolve();
    };
    if (typeof requestAnimationFrame !== 'function') return done();
    requestAnimationFrame(() => {
      setTimeout(() => {
        if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: 300 });
        else done();
      }, 0);
    });
  });
}

let queue: Promise<void> = Promise.resolve();

/** Turns handed out one at a time, each after the browser has painted since the last. */
export function nextTurn(): Promise<void> {
  const turn = queue.then(afterPaint);
  queue = turn;
  return turn;
}

/**
 * False until this component's turn has come (see nextTurn), asked for once `when` is
 * true: heavy parts of a page render one per task, after what is already on screen has
 * been painted, rather than in the task that shows the page.
 */
export function useTurn(when = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!when || ready) return;
    let mounted = true;
    nextTurn().then(() => {
      if (mounted) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, [when, ready]);
  return ready;
}

/**
 * True once the element is within `margin` of the screen (and from then on), so work
 * for what nobody has scrolled to yet waits until someone does. Without
 * IntersectionObserver, true at once.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver !== 'function');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near, margin]);
  return near;
}
