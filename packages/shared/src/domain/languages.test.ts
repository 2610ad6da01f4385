import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, languageDirection, resolveLanguage } from './languages.js';

describe('resolveLanguage', () => {
  it('prefers a supported stored choice', () => {
    expect(resolveLanguage('ar', ['de-DE'])).toBe('ar');
  });
  it('ignores an unsupported stored choice and uses the browser language prefix', () => {
    expect(resolveLanguage('xx', ['pt-BR', 'en-US'])).toBe('pt');
    expect(resolveLanguage(null, ['ZH-Hans'])).toBe('zh');
  });
  it('takes the first supported browser language', () => {
    expect(resolveLanguage(undefined, ['nl-NL', 'ja-JP', 'fr'])).toBe('ja');
  });
  it('falls back to English', () => {
    expect(resolveLanguage(null, [])).toBe('en');
    expect(resolveLanguage('', ['nl', 'sv-SE'])).toBe('en');
  });
  it('always returns a supported code', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), fc.array(fc.string()), (stored, browser) => {
        expect(LANGUAGE_CODES).toContain(resolveLanguage(stored, browser));
      }),
    );
  });
});

describe('languageDirection', () => {
  it('is right-to-left for Arabic only', () => {
    for (const code of LANGUAGE_CODES) {
      expect(languageDirection(code)).toBe(code === 'ar' ? 'rtl' : 'ltr');
    }
  });
});
