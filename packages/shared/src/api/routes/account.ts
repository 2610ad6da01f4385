import { group } from '../route-group.js';

export const sipTrunkApi = /* @__PURE__ */ group('sipTrunk', {
  settings: ['GET', '/api/sip-trunk/settings', 'user'],
  saveSettings: ['PUT', '/api/sip-trunk/settings', 'user'],
});

export const dashboardApi = /* @__PURE__ */ group('dashboard', {
  preferences: ['GET', '/api/dashboard/preferences', 'user'],
  savePreferences: ['PUT', '/api/dashboard/preferences', 'user'],
  spending: ['GET', '/api/dashboard/spending', 'user'],
});

export const paymentsApi = /* @__PURE__ */ group('payments', {
  wallets: ['GET', '/api/payments/wallets', 'user'],
  coins: ['GET', '/api/payments/coins', 'public'],
  quote: ['POST', '/api/payments/quote', 'user'],
  create: ['POST', '/api/transactions/create', 'user'],
  mine: ['GET', '/api/transactions', 'user'],
});

export const ordersApi = /* @__PURE__ */ group('orders', {
  item: ['GET', '/api/orders/items/:id', 'user'],
  buy: ['POST', '/api/orders', 'user'],
  mine: ['GET', '/api/orders', 'user'],
});

export const ledgerApi = /* @__PURE__ */ group('ledger', {
  mine: ['GET', '/api/ledger', 'user'],
  statement: ['GET', '/api/ledger/statement', 'user'],
});

export const eventsApi = /* @__PURE__ */ group('events', {
  customer: ['GET', '/api/events', 'user'],
  admin: ['GET', '/api/admin/events', 'admin'],
});
