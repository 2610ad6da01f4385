import { group } from '../route-group.js';

export const paymentsApi = /* @__PURE__ */ group('payments', {
  wallets: ['GET', '/api/payments/wallets', 'user'],
  coins: ['GET', '/api/payments/coins', 'public'],
  quote: ['POST', '/api/payments/quote', 'user'],
  quoteStatus: ['GET', '/api/payments/quotes/:id', 'user'],
  create: ['POST', '/api/transactions/create', 'user'],
  mine: ['GET', '/api/transactions', 'user'],
});

export const paymentsAdminApi = /* @__PURE__ */ group('payments.admin', {
  forUser: ['GET', '/api/admin/users/:id/payments', 'admin'],
  list: ['GET', '/api/admin/payments', 'admin'],
  approve: ['POST', '/api/admin/payments/:id/approve', 'admin'],
  reject: ['POST', '/api/admin/payments/:id/reject', 'admin'],
  wallets: ['GET', '/api/admin/crypto-wallets', 'admin'],
  createWallet: ['POST', '/api/admin/crypto-wallets', 'admin'],
  setWalletActive: ['PUT', '/api/admin/crypto-wallets/:id', 'admin'],
  rates: ['GET', '/api/admin/rates', 'admin'],
  setRate: ['PUT', '/api/admin/rates/:base/:quote', 'admin'],
  ledgerCheck: ['GET', '/api/admin/ledger/check', 'admin'],
});
