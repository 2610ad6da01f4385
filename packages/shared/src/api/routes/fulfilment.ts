import { group } from '../route-group.js';

/** The team's queue of items it sets up by hand (decision 0067). */
export const fulfilmentAdminApi = /* @__PURE__ */ group('fulfilment.admin', {
  open: ['GET', '/api/admin/fulfilment', 'admin'],
  done: ['POST', '/api/admin/fulfilment/:id/done', 'admin'],
});
