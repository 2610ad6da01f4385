/** The session cookie's name: the session plugin sets it, the API docs and web app name it. */
export const SESSION_COOKIE = 'parley_session';
