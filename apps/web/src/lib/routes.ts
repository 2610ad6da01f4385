import { pathOf } from '@parley/shared/api';

/** Browser navigations to the server's sign-in and sign-out endpoints. */
export const LOGIN_URL = pathOf('auth.loginPage');
export const LOGOUT_URL = pathOf('auth.logoutPage');
