import { group } from '../route-group.js';

/** The admin's set-up checklist (decision 0041). */
export const setupAdminApi = /* @__PURE__ */ group('setup.admin', {
  checklist: ['GET', '/api/admin/setup', 'admin'],
});
