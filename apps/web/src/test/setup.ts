import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { initI18n, loadFullEnglish } from '@/lib/i18n';

beforeAll(async () => {
  localStorage.clear();
  await initI18n();
  await loadFullEnglish();
});
afterEach(() => cleanup());
