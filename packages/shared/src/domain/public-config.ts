/** The id of the JSON block in index.html that carries the public configuration. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'parley-config';

/**
 * The id of the JSON block in index.html that carries the signed-in user, as
 * `GET /api/auth/user` would answer, on pages sent to a signed-in request.
 */
export const SIGNED_IN_USER_ELEMENT_ID = 'parley-user';
/**
 * The name of the meta element whose content is the newest event id when a signed-in
 * page was sent: the page's first event stream starts after it, so whatever happens
 * while the page reads its data reaches it.
 */
export const EVENTS_CURSOR_META = 'parley-events-after';
