import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CatalogueTranslations,
  catalogueLanguage,
  localizeCatalogueText,
  TRANSLATED_LANGUAGES,
} from './catalogue-text.js';
import { LANGUAGE_CODES } from './languages.js';

const plan = {
  name: 'Starter',
  description: 'For small teams.',
  features: ['2000 minutes', 'Basic support', 'Call recording'],
  price: '99.00',
};
const translations: CatalogueTranslations = {
  de: {
    name: 'Einstieg',
    description: 'Für kleine Teams.',
    features: ['2000 Minuten', '', 'Anrufaufzeichnung', 'Extra'],
  },
  ar: { description: 'للفرق الصغيرة.' },
  fr: { name: '   ' },
};

describe('catalogueLanguage', () => {
  it('takes a supported language by its first subtag, in any case', () => {
    expect(catalogueLanguage('de')).toBe('de');
    expect(catalogueLanguage('pt-BR')).toBe('pt');
    expect(catalogueLanguage('ZH_Hans')).toBe('zh');
  });
  it('is English when the language is missing or not supported', () => {
    expect(catalogueLanguage(undefined)).toBe('en');
    expect(catalogueLanguage('')).toBe('en');
    expect(catalogueLanguage('nl-NL')).toBe('en');
    expect(catalogueLanguage('*')).toBe('en');
  });
  it('always answers a supported language', () => {
    fc.assert(
      fc.property(fc.option(fc.string()), (tag) => {
        expect(LANGUAGE_CODES).toContain(catalogueLanguage(tag));
      }),
    );
  });
});

describe('localizeCatalogueText', () => {
  it('gives the language’s words, keeping the other fields', () => {
    expect(localizeCatalogueText(plan, translations, 'de-AT')).toEqual({
      name: 'Einstieg',
      description: 'Für kleine Teams.',
      // The missing second feature is English; the extra fifth is ignored.
      features: ['2000 Minuten', 'Basic support', 'Anrufaufzeichnung'],
      price: '99.00',
    });
  });
  it('falls back to English field by field', () => {
    expect(localizeCatalogueText(plan, translations, 'ar')).toEqual({
      ...plan,
      description: 'للفرق الصغيرة.',
    });
    // A blank name is no name.
    expect(localizeCatalogueText(plan, translations, 'fr')).toEqual(plan);
  });
  it('is English for English, an untranslated language and an unknown one', () => {
    expect(localizeCatalogueText(plan, translations, 'en')).toEqual(plan);
    expect(localizeCatalogueText(plan, translations, 'ja')).toEqual(plan);
    expect(localizeCatalogueText(plan, translations, 'xx')).toEqual(plan);
    expect(localizeCatalogueText(plan, null, 'de')).toEqual(plan);
  });
  it('leaves an item without features without features', () => {
    const service = { name: 'SMS', description: 'Texts.' };
    expect(localizeCatalogueText(service, { de: { features: ['x'] } }, 'de')).toEqual(service);
  });
  it('offers every language but English for translation', () => {
    expect(TRANSLATED_LANGUAGES).toEqual(LANGUAGE_CODES.filter((c) => c !== 'en'));
    expect(TRANSLATED_LANGUAGES).toHaveLength(9);
  });
});
