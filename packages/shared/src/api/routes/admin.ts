import { group } from '../route-group.js';

export const adminApi = /* @__PURE__ */ group('admin', {
  analytics: ['GET', '/api/admin/analytics', 'admin'],
  users: ['GET', '/api/admin/users', 'admin'],
  setUserDisabled: ['PATCH', '/api/admin/users/:id', 'admin'],
  smsStatus: ['GET', '/api/admin/sms/status', 'admin'],
  smsInbound: ['GET', '/api/admin/sms/inbound', 'admin'],
  senderIds: ['GET', '/api/admin/sender-ids', 'admin'],
  approveSenderId: ['POST', '/api/admin/sender-ids/:id/approve', 'admin'],
  rejectSenderId: ['POST', '/api/admin/sender-ids/:id/reject', 'admin'],
  payments: ['GET', '/api/admin/payments', 'admin'],
  approvePayment: ['POST', '/api/admin/payments/:id/approve', 'admin'],
  rejectPayment: ['POST', '/api/admin/payments/:id/reject', 'admin'],
  wallets: ['GET', '/api/admin/crypto-wallets', 'admin'],
  createWallet: ['POST', '/api/admin/crypto-wallets', 'admin'],
  setWalletActive: ['PUT', '/api/admin/crypto-wallets/:id', 'admin'],
  rates: ['GET', '/api/admin/rates', 'admin'],
  setRate: ['PUT', '/api/admin/rates/:base/:quote', 'admin'],
  ledgerCheck: ['GET', '/api/admin/ledger/check', 'admin'],
  audit: ['GET', '/api/admin/audit', 'admin'],
  auditFacets: ['GET', '/api/admin/audit/facets', 'admin'],
});
