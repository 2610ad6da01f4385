import { LANGUAGE_STORAGE_KEY } from '@parley/shared/domain';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { CORE_ENGLISH, setLanguage } from './i18n';

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

describe('the English in the main bundle', () => {
  // Code that the landing page loads up front; features/catalogue/regions.ts serves lazy
  // pages only, and app/customer-events.ts loads with the signed-in menu and waits for the
  // full English, as do the forms that translate field codes (lib/field-errors.ts) on lazy
  // pages; the call and SMS status badges and the call direction mark serve signed-in pages
  // only; lib/payment-text.ts words payments on the dashboard and in the admin panel, and
  // lib/guardrail-text.ts the spending limits' refusals on the SMS and calling pages; the
  // chat pieces in components/chat/ serve the chat window and the admin console, both lazy;
  // so do the admin screens and their shared pieces (app/admin/, components/admin/,
  // lib/admin-errors.ts, auth's admin sign-in), the paged calls table and the SMS and calls
  // pages' scaffold.
  const eager = import.meta.glob<string>(
    [
      '../app/**/*.tsx',
      '../components/**/*.tsx',
      '../features/landing/**/*.tsx',
      '../features/auth/**/*.tsx',
      './*.ts',
      '!../**/*.test.{ts,tsx}',
      '!./regions.ts',
      '!./customer-events.ts',
      '!./field-errors.ts',
      '!./payment-text.ts',
      '!./guardrail-text.ts',
      '!../components/call-status-badge.tsx',
      '!../components/sms-status-badge.tsx',
      '!../components/call-direction.tsx',
      '!../components/chat/**',
      '!./admin-errors.ts',
      '!../app/admin/**',
      '!../components/admin/**',
      '!../features/auth/admin/**',
      '!../components/paged-calls-table.tsx',
      '!../components/service-page.tsx',
    ],
    { eager: true, query: '?raw', import: 'default' },
  );

  it('holds every message group the landing page and the shell ask for', () => {
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(eager))
      for (const [, group] of text.matchAll(/\bt\(\s*['`](\w+)\./g))
        if (group && !(group in CORE_ENGLISH)) missing.add(`${file}: ${group}`);
    expect(Object.keys(eager).length).toBeGreaterThan(10);
    expect([...missing]).toEqual([]);
  });
});
