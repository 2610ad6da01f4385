import { type ComponentType, createElement, use } from 'react';
import { loadFullEnglish } from '@/lib/i18n';

/** A promise that says how it settled, which React's `use` reads without suspending. */
type Tracked<T> = Promise<T> & {
  status?: 'pending' | 'fulfilled' | 'rejected';
  value?: T;
  reason?: unknown;
};

/**
 * A lazy page: its code and the rest of the English messages load together, once.
 * Unlike React.lazy, a page whose code has arrived (`preload` started it early) renders
 * at once, without suspending: a boundary that shows its fallback and then its content
 * is revealed no sooner than 300 ms after the fallback (React's throttle), which held a
 * reloaded page back that long (docs/performance.md).
 */
export function page(load: () => Promise<{ default: ComponentType }>) {
  let loading: Tracked<ComponentType> | null = null;
  const preload = (): Tracked<ComponentType> => {
    if (loading) return loading;
    const tracked: Tracked<ComponentType> = Promise.all([load(), loadFullEnglish()]).then(
      ([module]) => module.default,
    );
    tracked.status = 'pending';
    tracked.then(
      (value) => {
        tracked.status = 'fulfilled';
        tracked.value = value;
      },
      (reason: unknown) => {
        tracked.status = 'rejected';
        tracked.reason = reason;
      },
    );
    loading = tracked;
    return tracked;
  };
  function Page() {
    return createElement(use(preload() as Promise<ComponentType>));
  }
  return Object.assign(Page, { preload });
}
