/** Browser navigations to the server's sign-in and sign-out endpoints (SPEC §2). */
export const LOGIN_URL = '/api/login';
export const LOGOUT_URL = '/api/logout';
