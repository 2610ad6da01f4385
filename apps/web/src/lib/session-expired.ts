import i18next from 'i18next';
import { ApiError } from './api-client';
import { goToLogin } from './login-redirect';
import { showToast } from './toast';

/** How long the "signed out" toast shows before the browser goes to sign in. */
export const LOGIN_REDIRECT_DELAY_MS = 500;

export const isUnauthorized = (err: unknown): boolean =>
  err instanceof ApiError && err.status === 401;

/** The toast's title and text (translation keys) a feature shows when its session ended. */
export interface SignInAgain {
  title: string;
  text?: string;
}

/** Says the session ended, then signs in again once the toast could be read. */
export function signInAgain({ title, text }: SignInAgain): void {
  showToast('error', i18next.t(title), text ? i18next.t(text) : undefined);
  setTimeout(goToLogin, LOGIN_REDIRECT_DELAY_MS);
}
