import { group } from '../route-group.js';

/** A customer's API keys: account security, so only a browser session reaches them. */
export const apiKeysApi = /* @__PURE__ */ group('apiKeys', {
  list: ['GET', '/api/account/api-keys', 'user'],
  create: ['POST', '/api/account/api-keys', 'user'],
  revoke: ['DELETE', '/api/account/api-keys/:id', 'user'],
});

/** A customer's keys as an admin sees them from the user's detail view. */
export const apiKeysAdminApi = /* @__PURE__ */ group('apiKeys.admin', {
  list: ['GET', '/api/admin/users/:id/api-keys', 'admin'],
  revoke: ['DELETE', '/api/admin/api-keys/:id', 'admin'],
});
