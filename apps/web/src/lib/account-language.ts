import { notificationsApi } from '@parley/shared/api';
import { isLanguageCode } from '@parley/shared/domain';
import i18next from 'i18next';
import { useEffect } from 'react';
import { call } from './api';

const SENT_KEY = 'parley.lang.sent';

function sentBefore(userId: string, language: string): boolean {
  try {
    return sessionStorage.getItem(SENT_KEY) === `${userId}:${language}`;
  } catch {
    return false;
  }
}

function remember(userId: string, language: string) {
  try {
    sessionStorage.setItem(SENT_KEY, `${userId}:${language}`);
  } catch {
    // Private mode: it is sent again on the next page load, which is harmless.
  }
}

/**
 * Tells the server the interface language of a signed-in user (once after sign-in, and
 * at each change in the language menu), so their emails are written in it. Mounted with
 * the signed-in menu, never on the landing page.
 */
export function useAccountLanguage(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    const send = (language: string) => {
      if (!isLanguageCode(language) || sentBefore(userId, language)) return;
      call(notificationsApi.language, { body: { language } })
        .then(() => remember(userId, language))
        .catch(() => undefined);
    };
    send(i18next.language);
    i18next.on('languageChanged', send);
    return () => i18next.off('languageChanged', send);
  }, [userId]);
}
