import { authApi, pathOf } from '@parley/shared/api';

/** Browser navigations to the server's sign-in and sign-out endpoints. */
export const LOGIN_URL = pathOf(authApi.loginPage);
/** The login route with the Sign Up tab chosen (the header's and drawer's Sign Up, Start Your Journey). */
export const SIGNUP_URL = `${LOGIN_URL}?tab=signup`;
export const LOGOUT_URL = pathOf(authApi.logoutPage);

/** The reset page's address for a token (in the fragment, which no server sees). */
export const resetPasswordUrl = (origin: string, token: string) =>
  `${origin}/reset-password#${token}`;
