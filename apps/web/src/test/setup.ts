import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { initI18n, loadFullEnglish } from '@/lib/i18n';

beforeAll(async () => {
  localStorage.clear();
  sessionStorage.clear();
  // Files may share one module graph (the web project): i18next is set up once per
  // worker, and every file starts in English whatever the last one switched to.
  if (i18next.isInitialized) await i18next.changeLanguage('en');
  else await initI18n();
  await loadFullEnglish();
  await dismissToasts();
});

/** The toast viewport outlives a file that shares the page: the last file's toasts go. */
async function dismissToasts(): Promise<void> {
  if (!document.querySelector('[data-sonner-toast]')) return;
  toast.dismiss();
  await vi.waitFor(
    () => {
      if (document.querySelector('[data-sonner-toast]')) throw new Error('a toast is still shown');
    },
    { timeout: 2000 },
  );
}
afterEach(async () => {
  cleanup();
  // React's scheduler runs its work in setImmediate callbacks: let what it queued before the
  // unmount finish while this file's window exists. On a busy machine it otherwise ran after
  // the file's teardown ("window is not defined", an unhandled error that fails the run).
  await new Promise((resolve) => setImmediate(resolve));
});
afterAll(async () => {
  // The next file in this worker starts on real timers, and with the real functions of
  // whatever this one spied on (vi.spyOn), whatever this one did.
  vi.useRealTimers();
  vi.restoreAllMocks();
  // The same for the file's last test, once more after a short wait: on a loaded machine
  // a commit React scheduled during the unmount can still be queued behind other work.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setImmediate(resolve));
});
