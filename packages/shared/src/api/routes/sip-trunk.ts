import { group } from '../route-group.js';

/** The customer's SIP trunks: one per trunk package bought (decision 0068). */
export const sipTrunkApi = /* @__PURE__ */ group('sipTrunk', {
  trunks: ['GET', '/api/sip-trunk/trunks', 'user'],
  update: ['PUT', '/api/sip-trunk/trunks/:id', 'user'],
  newPassword: ['POST', '/api/sip-trunk/trunks/:id/password', 'user'],
  exportCalls: ['GET', '/api/sip-trunk/trunks/:id/calls', 'user'],
  routeNumber: ['PUT', '/api/sip-trunk/numbers/:id', 'user'],
});

/** Every customer's trunks with today's figures. */
export const sipTrunkAdminApi = /* @__PURE__ */ group('sipTrunk.admin', {
  trunks: ['GET', '/api/admin/sip-trunks', 'admin'],
});
