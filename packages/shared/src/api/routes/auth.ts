import { group } from '../route-group.js';

export const authApi = /* @__PURE__ */ group('auth', {
  challenge: ['GET', '/api/auth/challenge', 'public'],
  signUp: ['POST', '/api/auth/signup', 'public'],
  signIn: ['POST', '/api/auth/login', 'public'],
  user: ['GET', '/api/auth/user', 'user'],
  loginPage: ['GET', '/api/login', 'public'],
  logout: ['POST', '/api/logout', 'public'],
  logoutPage: ['GET', '/api/logout', 'public'],
  logoutScript: ['GET', '/api/logout.js', 'public'],
  changePassword: ['POST', '/api/auth/password', 'user'],
  logoutEverywhere: ['POST', '/api/auth/logout-everywhere', 'user'],
  forgotPassword: ['POST', '/api/auth/forgot-password', 'public'],
  resetPassword: ['POST', '/api/auth/reset-password', 'public'],
});

/** The admins' sign-in with a second factor (public: it is the way in). */
export const authAdminApi = /* @__PURE__ */ group('auth.admin', {
  signIn: ['POST', '/api/admin/login', 'public'],
  setup: ['POST', '/api/admin/login/setup', 'public'],
});
