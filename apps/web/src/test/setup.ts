import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
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
