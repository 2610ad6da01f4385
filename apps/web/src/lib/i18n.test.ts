import { LANGUAGE_STORAGE_KEY } from '@parley/shared/domain';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from './i18n';

afterEach(async () => {
  await setLanguage('en');
  localStorage.clear();
});

describe('setLanguage', () => {
  it('switches to Arabic right-to-left, remembers it, and back', async () => {
    await setLanguage('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(i18next.t('notFound.title')).not.toBe('Page Not Found');

    await setLanguage('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(document.documentElement.lang).toBe('de');
  });

  it('falls back to English, then to the key, for a missing message', async () => {
    await setLanguage('fr');
    i18next.addResource('en', 'translation', 'only.inEnglish', 'English only');
    expect(i18next.t('only.inEnglish')).toBe('English only');
    expect(i18next.t('no.such.key')).toBe('no.such.key');
  });
});
