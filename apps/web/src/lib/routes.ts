import { authApi, pathOf } from '@parley/shared/api';

/** Browser navigations to the server's sign-in and sign-out endpoints. */
export const LOGIN_URL = pathOf(authApi.loginPage);
export const LOGOUT_URL = pathOf(authApi.logoutPage);
