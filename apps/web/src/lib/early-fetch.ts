/**
 * Reads started before the code that needs them has loaded: the app opened at a page
 * asks for that page's first answers while its code is still on the way (app/other-
 * routes.tsx), and apiFetch takes each answer once, if it comes for it soon enough.
 */
const started = new Map<string, Promise<Response>>();

/** An early answer not taken within this long is dropped; the read is made again. */
export const EARLY_TAKE_MS = 10_000;

/** Starts a GET of each path not started yet (cookies sent, as apiFetch sends them). */
export function fetchEarly(paths: readonly string[]): void {
  for (const path of paths) {
    if (started.has(path)) continue;
    const response = fetch(path, { credentials: 'include' });
    response.catch(() => {}); // a failed early read is made again when taken
    started.set(path, response);
    setTimeout(() => {
      if (started.get(path) === response) started.delete(path);
    }, EARLY_TAKE_MS);
  }
}

/**
 * The early answer for a plain GET of `path` (no body, headers or signal), once, when it
 * succeeded; null otherwise, and the caller reads it itself.
 */
export async function takeEarly(path: string, init: RequestInit): Promise<Response | null> {
  const plain = (init.method ?? 'GET') === 'GET' && !init.body && !init.headers && !init.signal;
  const response = plain ? started.get(path) : undefined;
  if (!response) return null;
  started.delete(path);
  const answer = await response.catch(() => null);
  // An early refusal or failure may be over by now: only a good answer stands.
  return answer?.ok ? answer : null;
}
