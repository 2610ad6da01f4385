import { group } from '../route-group.js';

/** Users for admins: search, detail, suspension, a reset link. */
export const usersAdminApi = /* @__PURE__ */ group('users.admin', {
  list: ['GET', '/api/admin/users', 'admin'],
  get: ['GET', '/api/admin/users/:id', 'admin'],
  setDisabled: ['PATCH', '/api/admin/users/:id', 'admin'],
  issuePasswordReset: ['POST', '/api/admin/users/:id/password-reset', 'admin'],
});
