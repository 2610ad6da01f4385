import { isLanguageCode, languageDirection } from '@parley/shared/domain';
import i18next from 'i18next';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

type Toast = typeof import('sonner').toast;
let ready: Promise<Toast> | null = null;

const documentDir = (): 'ltr' | 'rtl' => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

/**
 * Toasts load their library on first use (keeping it out of the landing bundle) and
 * mount one viewport for the whole page. One toast at a time, 5 s by default.
 * The viewport follows the language's direction when it changes.
 */
function load(): Promise<Toast> {
  ready ??= import('sonner').then(({ Toaster, toast }) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const render = (dir: 'ltr' | 'rtl') =>
      root.render(
        createElement(Toaster, {
          visibleToasts: 1,
          duration: 5000,
          // The plain theme: sonner's rich colours fail AA contrast on the title.
          dir,
          position: 'top-center',
          // Below the navigation bar (4 rem), which a toast used to cover.
          offset: { top: 80 },
          mobileOffset: { top: 72 },
        }),
      );
    render(documentDir());
    i18next.on('languageChanged', (lng: string) =>
      render(isLanguageCode(lng) ? languageDirection(lng) : documentDir()),
    );
    return toast;
  });
  return ready;
}

export function showToast(
  kind: 'success' | 'error' | 'info',
  title: string,
  description?: string,
  durationMs?: number,
  action?: { label: string; onClick: () => void },
): void {
  void load().then((toast) => {
    // One at a time: the new one replaces what is showing. With `visibleToasts` alone
    // the older ones stayed on screen, stacked, until their time ran out.
    toast.dismiss();
    toast[kind](title, {
      ...(description ? { description } : {}),
      ...(durationMs ? { duration: durationMs } : {}),
      ...(action ? { action } : {}),
    });
  });
}
