import { group } from '../route-group.js';

export const ledgerApi = /* @__PURE__ */ group('ledger', {
  mine: ['GET', '/api/ledger', 'user'],
  statement: ['GET', '/api/ledger/statement', 'user'],
});

/** A customer's ledger and statement as an admin reads them, and hand adjustments. */
export const ledgerAdminApi = /* @__PURE__ */ group('ledger.admin', {
  forUser: ['GET', '/api/admin/users/:id/ledger', 'admin'],
  adjust: ['POST', '/api/admin/users/:id/adjustments', 'admin'],
  statement: ['GET', '/api/admin/users/:id/statement', 'admin'],
});
