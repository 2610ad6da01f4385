import { lazy } from 'react';

/**
 * Resolves once the browser has painted the frame after the current one (the page with
 * its figures) and has a moment to spare, or after half a second whatever happens (a
 * hidden tab paints no frames).
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

// The chart library comes with the drawings, in a chunk of its own that starts loading
// when a card asks for its first drawing: the cards, their figures and their text
// alternatives are in the dashboard's chunk and show at once. A drawing is one long task
// on a phone, so it waits until the page with its figures has been painted. One import,
// shared by the three.
let loading: ReturnType<typeof load> | undefined;
function load() {
  return Promise.all([import('./chart-drawings'), afterPaint()]).then(([m]) => m);
}
const drawings = () => {
  loading ??= load().catch((err: unknown) => {
    loading = undefined; // a later drawing tries again
    throw err;
  });
  return loading;
};

export const BarsDrawing = lazy(() => drawings().then((m) => ({ default: m.BarsDrawing })));
export const AreaDrawing = lazy(() => drawings().then((m) => ({ default: m.AreaDrawing })));
export const RingDrawing = lazy(() => drawings().then((m) => ({ default: m.RingDrawing })));
