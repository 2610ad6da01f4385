import { LOGIN_URL } from '@/lib/routes';

/** A signed-out session signs in again: a browser navigation, not a fetch. */
export function goToLogin(): void {
  window.location.href = LOGIN_URL;
}
