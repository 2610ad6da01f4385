import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { initI18n, loadFullEnglish } from '@/lib/i18n';

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
  await loadFullEnglish();
});
afterEach(async () => {
  cleanup();
  // React's scheduler runs its work in setImmediate callbacks: let what it queued before the
  // unmount finish while this file's window exists. On a busy machine it otherwise ran after
  // the file's teardown ("window is not defined", an unhandled error that fails the run).
  await new Promise((resolve) => setImmediate(resolve));
});
afterAll(async () => {
  // The same for the file's last test, once more after a short wait: on a loaded machine
  // a commit React scheduled during the unmount can still be queued behind other work.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setTimeout(resolve, 20));
  await new Promise((resolve) => setImmediate(resolve));
});
