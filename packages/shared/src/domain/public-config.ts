/** The id of the JSON block in index.html that carries the public configuration. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'parley-config';

/**
 * The id of the JSON block in index.html that carries the signed-in user, as
 * `GET /api/auth/user` would answer, on pages sent to a signed-in request.
 */
export const SIGNED_IN_USER_ELEMENT_ID = 'parley-user';
