import { group } from '../route-group.js';

/** A customer's SMPP accounts, for their own gateways binding to Parley (decision 0066). */
export const smppServerApi = /* @__PURE__ */ group('smppServer', {
  accounts: ['GET', '/api/sms/smpp-accounts', 'user'],
  create: ['POST', '/api/sms/smpp-accounts', 'user'],
  remove: ['DELETE', '/api/sms/smpp-accounts/:id', 'user'],
});

/** Bound sessions on every instance, and a way to end one. */
export const smppServerAdminApi = /* @__PURE__ */ group('smppServer.admin', {
  sessions: ['GET', '/api/admin/smpp/sessions', 'admin'],
  endSession: ['POST', '/api/admin/smpp/sessions/:id/end', 'admin'],
});
