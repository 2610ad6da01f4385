/**
 * Whether this browser was signed in when it last showed Parley: set while a user is
 * signed in, cleared when they log out. A signed-in page opened without a session then
 * tells "Your session has ended" rather than only "Page Not Found". Nothing secret: a
 * flag, never the user or a token.
 */
const KEY = 'parley.hadSession';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage blocked: the flag is simply never set
  }
}

export function rememberSession(): void {
  try {
    storage()?.setItem(KEY, '1');
  } catch {
    // full or blocked storage: the 404 page stays plain
  }
}

/** On log out (this device, or everywhere): the next 404 is a plain one. */
export function forgetSession(): void {
  storage()?.removeItem(KEY);
}

export function hadSession(): boolean {
  return storage()?.getItem(KEY) === '1';
}
