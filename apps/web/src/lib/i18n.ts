import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  LANGUAGE_CODES,
  LANGUAGE_STORAGE_KEY,
  type LanguageCode,
  languageDirection,
  resolveLanguage,
} from '@parley/shared/domain';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  auth,
  authErrors,
  common,
  dashboard,
  footer,
  help,
  home,
  landing,
  language,
  nav,
  notFound,
  services,
  userMenu,
} from '../locales/en.json';

type Resources = Record<string, unknown>;

// The English the landing page and the shell need ships in the main bundle (named JSON
// imports are tree-shaken); the rest of English, and every other language, is a chunk.
/** Exported for the test that keeps it complete. */
export const CORE_ENGLISH = {
  auth,
  // What the sign-in and sign-up forms may be refused with; `errors` holds every code.
  authErrors,
  common,
  // The dashboard's heading shows with the shell, before the page's code (dashboard-frame).
  dashboard,
  footer,
  help,
  home,
  landing,
  language,
  nav,
  notFound,
  services,
  userMenu,
};

let fullEnglish: Promise<void> | null = null;

/**
 * Adds the rest of the English messages (every signed-in page's). Lazy pages wait for
 * it together with their own code, so a page never shows a bare key.
 */
export function loadFullEnglish(): Promise<void> {
  fullEnglish ??= import('../locales/en.json?raw')
    .then(({ default: text }) => {
      i18next.addResourceBundle('en', 'translation', JSON.parse(text), true, true);
    })
    .catch((err: unknown) => {
      // Fail the page (the error boundary offers a reload) rather than show bare keys.
      fullEnglish = null;
      throw err;
    });
  return fullEnglish;
}

const loaders = import.meta.glob<Resources>(['../locales/*.json', '!../locales/en.json'], {
  import: 'default',
});

function readStoredLanguage(): string | null {
  try {
    return localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function applyToDocument(code: LanguageCode): void {
  document.documentElement.lang = code;
  document.documentElement.dir = languageDirection(code);
}

/** Loads a language's messages; false when they could not be fetched (offline, old deploy). */
async function ensureLoaded(code: LanguageCode): Promise<boolean> {
  if (i18next.hasResourceBundle(code, 'translation')) return true;
  const load = loaders[`../locales/${code}.json`];
  if (!load) return false;
  try {
    i18next.addResourceBundle(code, 'translation', await load(), true, true);
    return true;
  } catch (err) {
    console.warn(`Could not load the ${code} messages`, err);
    return false;
  }
}

/** Picks the stored choice, else the browser's language, else English, and loads it. */
export async function initI18n(): Promise<typeof i18next> {
  const code = resolveLanguage(readStoredLanguage(), navigator.languages ?? [navigator.language]);
  await i18next.use(initReactI18next).init({
    // A copy: adding the rest of English later merges into i18next's own object.
    resources: { en: { translation: structuredClone(CORE_ENGLISH) } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGE_CODES],
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  i18next.on('languageChanged', (lng) => {
    if (isLanguageCode(lng)) applyToDocument(lng);
  });
  const usable = (await ensureLoaded(code)) ? code : DEFAULT_LANGUAGE;
  await i18next.changeLanguage(usable);
  applyToDocument(usable);
  return i18next;
}

/** Switches the interface language and remembers the choice; false if it could not load. */
export async function setLanguage(code: LanguageCode): Promise<boolean> {
  if (!(await ensureLoaded(code))) return false;
  await i18next.changeLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  return true;
}
