/** A signed-out session signs in again (SPEC §8): a browser navigation, not a fetch. */
export function goToLogin(): void {
  window.location.href = '/api/login';
}
