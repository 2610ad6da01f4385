/**
 * Reads started before the code that needs them has loaded: the app opened at a page
 * asks for that page's first answers while its code is still on the way (app/other-
 * routes.tsx), and apiFetch takes each answer once, if it comes for it soon enough.
 */
const started = new Map<string, { at: number; response: Promise<Response> }>();

/** An early answer older than this is dropped and the read made again. */
export const EARLY_TAKE_MS = 10_000;

/** Starts a GET of each path not started yet (cookies sent, as apiFetch sends them). */
export function fetchEarly(paths: readonly string[], now = Date.now()): void {
  for (const path of paths) {
    if (started.has(path)) continue;
    const response = fetch(path, { credentials: 'include' });
    response.catch(() => {}); // apiFetch sees the failure when it takes it
    started.set(path, { at: now, response });
  }
}

/** The early answer for a GET of `path`, once; null when there is none or it is stale. */
export function takeEarly(path: string, init: RequestInit, now = Date.now()) {
  if ((init.method ?? 'GET') !== 'GET' || init.body !== undefined) return null;
  const found = started.get(path);
  if (!found) return null;
  started.delete(path);
  return now - found.at <= EARLY_TAKE_MS ? found.response : null;
}
