/**
 * Where every endpoint lives and who may call it: the one place a path is written.
 * Plain data without Zod, so the browser's landing page can import it; the schemas of
 * each endpoint sit under the same name in `endpoints/` (server, docs and types).
 */
export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route {
  readonly method: Method;
  readonly path: string;
  readonly access: Access;
  /** The body's media type when it is not JSON (a CSV upload). */
  readonly bodyType?: 'text/csv';
}

const r = <M extends Method, P extends string, A extends Access>(method: M, path: P, access: A) =>
  ({ method, path, access }) as const;
const crud = <P extends string>(path: P) =>
  ({
    create: r('POST', path, 'admin'),
    update: r('PUT', `${path}/:id`, 'admin'),
    remove: r('DELETE', `${path}/:id`, 'admin'),
  }) as const;
const csvImport = <P extends string>(path: P) =>
  ({ ...r('POST', path, 'admin'), bodyType: 'text/csv' }) as const;

const services = crud('/api/admin/services');
const packages = crud('/api/admin/packages');
const countryPricing = crud('/api/admin/country-pricing');
const sipDomains = crud('/api/admin/sip-domains');
const numbers = crud('/api/admin/numbers');

export const routes = {
  'health.check': r('GET', '/api/health', 'public'),
  'docs.openapi': r('GET', '/api/openapi.json', 'public'),

  'auth.challenge': r('GET', '/api/auth/challenge', 'public'),
  'auth.signUp': r('POST', '/api/auth/signup', 'public'),
  'auth.signIn': r('POST', '/api/auth/login', 'public'),
  'auth.adminSignIn': r('POST', '/api/admin/login', 'public'),
  'auth.adminSetup': r('POST', '/api/admin/login/setup', 'public'),
  'auth.user': r('GET', '/api/auth/user', 'user'),
  'auth.loginPage': r('GET', '/api/login', 'public'),
  'auth.logout': r('POST', '/api/logout', 'public'),
  'auth.logoutPage': r('GET', '/api/logout', 'public'),
  'auth.logoutScript': r('GET', '/api/logout.js', 'public'),
  'auth.changePassword': r('POST', '/api/auth/password', 'user'),
  'auth.logoutEverywhere': r('POST', '/api/auth/logout-everywhere', 'user'),

  'catalogue.services': r('GET', '/api/services', 'public'),
  'catalogue.packages': r('GET', '/api/packages', 'public'),
  'catalogue.countryPricing': r('GET', '/api/country-pricing', 'public'),
  'catalogue.destination': r('GET', '/api/destinations', 'public'),
  'catalogue.sipDomains': r('GET', '/api/sip-domains', 'public'),
  'catalogue.numbers': r('GET', '/api/numbers', 'public'),

  'catalogueAdmin.services': r('GET', '/api/admin/services', 'admin'),
  'catalogueAdmin.createService': services.create,
  'catalogueAdmin.updateService': services.update,
  'catalogueAdmin.deleteService': services.remove,
  'catalogueAdmin.packages': r('GET', '/api/admin/packages', 'admin'),
  'catalogueAdmin.createPackage': packages.create,
  'catalogueAdmin.updatePackage': packages.update,
  'catalogueAdmin.deletePackage': packages.remove,
  'catalogueAdmin.countryPricing': r('GET', '/api/admin/country-pricing', 'admin'),
  'catalogueAdmin.createCountryPricing': countryPricing.create,
  'catalogueAdmin.updateCountryPricing': countryPricing.update,
  'catalogueAdmin.deleteCountryPricing': countryPricing.remove,
  'catalogueAdmin.exportCountryPricing': r('GET', '/api/admin/country-pricing/export', 'admin'),
  'catalogueAdmin.importCountryPricing': csvImport('/api/admin/country-pricing/import'),
  'catalogueAdmin.sipDomains': r('GET', '/api/admin/sip-domains', 'admin'),
  'catalogueAdmin.createSipDomain': sipDomains.create,
  'catalogueAdmin.updateSipDomain': sipDomains.update,
  'catalogueAdmin.deleteSipDomain': sipDomains.remove,
  'catalogueAdmin.numbers': r('GET', '/api/admin/numbers', 'admin'),
  'catalogueAdmin.createNumber': numbers.create,
  'catalogueAdmin.updateNumber': numbers.update,
  'catalogueAdmin.deleteNumber': numbers.remove,
  'catalogueAdmin.importNumbers': csvImport('/api/admin/numbers/import'),

  'sipTrunk.settings': r('GET', '/api/sip-trunk/settings', 'user'),
  'sipTrunk.saveSettings': r('PUT', '/api/sip-trunk/settings', 'user'),
  'dashboard.preferences': r('GET', '/api/dashboard/preferences', 'user'),
  'dashboard.savePreferences': r('PUT', '/api/dashboard/preferences', 'user'),

  'payments.wallets': r('GET', '/api/payments/wallets', 'user'),
  'payments.quote': r('POST', '/api/payments/quote', 'user'),
  'payments.create': r('POST', '/api/transactions/create', 'user'),
  'payments.mine': r('GET', '/api/transactions', 'user'),
  'orders.item': r('GET', '/api/orders/items/:id', 'user'),
  'orders.buy': r('POST', '/api/orders', 'user'),
  'orders.mine': r('GET', '/api/orders', 'user'),

  'sms.quote': r('POST', '/api/sms/quote', 'user'),
  'sms.send': r('POST', '/api/sms/send', 'user'),
  'sms.history': r('GET', '/api/sms/history', 'user'),
  'sms.bulkPreview': r('POST', '/api/sms/bulk/preview', 'user'),
  'sms.bulkSend': r('POST', '/api/sms/bulk/send', 'user'),
  'sms.batch': r('GET', '/api/sms/batches/:id', 'user'),
  'sms.senders': r('GET', '/api/sms/senders', 'user'),
  'sms.requestSender': r('POST', '/api/sms/senders', 'user'),

  'events.customer': r('GET', '/api/events', 'user'),
  'events.admin': r('GET', '/api/admin/events', 'admin'),

  'admin.analytics': r('GET', '/api/admin/analytics', 'admin'),
  'admin.users': r('GET', '/api/admin/users', 'admin'),
  'admin.setUserDisabled': r('PATCH', '/api/admin/users/:id', 'admin'),
  'admin.smsStatus': r('GET', '/api/admin/sms/status', 'admin'),
  'admin.smsInbound': r('GET', '/api/admin/sms/inbound', 'admin'),
  'admin.senderIds': r('GET', '/api/admin/sender-ids', 'admin'),
  'admin.approveSenderId': r('POST', '/api/admin/sender-ids/:id/approve', 'admin'),
  'admin.rejectSenderId': r('POST', '/api/admin/sender-ids/:id/reject', 'admin'),
  'admin.payments': r('GET', '/api/admin/payments', 'admin'),
  'admin.approvePayment': r('POST', '/api/admin/payments/:id/approve', 'admin'),
  'admin.rejectPayment': r('POST', '/api/admin/payments/:id/reject', 'admin'),
  'admin.wallets': r('GET', '/api/admin/crypto-wallets', 'admin'),
  'admin.createWallet': r('POST', '/api/admin/crypto-wallets', 'admin'),
  'admin.setWalletActive': r('PUT', '/api/admin/crypto-wallets/:id', 'admin'),
  'admin.rates': r('GET', '/api/admin/rates', 'admin'),
  'admin.setRate': r('PUT', '/api/admin/rates/:base/:quote', 'admin'),
  'admin.ledgerCheck': r('GET', '/api/admin/ledger/check', 'admin'),
  'admin.audit': r('GET', '/api/admin/audit', 'admin'),
  'admin.auditFacets': r('GET', '/api/admin/audit/facets', 'admin'),
} as const satisfies Record<string, Route>;

export type RouteName = keyof typeof routes;

/** A path with its `:name` parts filled in (each encoded). */
export function pathOf(name: RouteName, params: Record<string, string> = {}): string {
  return routes[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`Missing path parameter "${key}" for ${name}`);
    return encodeURIComponent(value);
  });
}
