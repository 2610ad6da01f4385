import { group } from '../route-group.js';

export const catalogueApi = /* @__PURE__ */ group('catalogue', {
  services: ['GET', '/api/services', 'public'],
  packages: ['GET', '/api/packages', 'public'],
  countryPricing: ['GET', '/api/country-pricing', 'public'],
  destination: ['GET', '/api/destinations', 'public'],
  sipDomains: ['GET', '/api/sip-domains', 'public'],
  coverage: ['GET', '/api/coverage', 'public'],
  numbers: ['GET', '/api/numbers', 'public'],
});

export const catalogueAdminApi = /* @__PURE__ */ group('catalogue.admin', {
  services: ['GET', '/api/admin/services', 'admin'],
  createService: ['POST', '/api/admin/services', 'admin'],
  updateService: ['PUT', '/api/admin/services/:id', 'admin'],
  deleteService: ['DELETE', '/api/admin/services/:id', 'admin'],
  packages: ['GET', '/api/admin/packages', 'admin'],
  createPackage: ['POST', '/api/admin/packages', 'admin'],
  updatePackage: ['PUT', '/api/admin/packages/:id', 'admin'],
  deletePackage: ['DELETE', '/api/admin/packages/:id', 'admin'],
  countryPricing: ['GET', '/api/admin/country-pricing', 'admin'],
  createCountryPricing: ['POST', '/api/admin/country-pricing', 'admin'],
  updateCountryPricing: ['PUT', '/api/admin/country-pricing/:id', 'admin'],
  deleteCountryPricing: ['DELETE', '/api/admin/country-pricing/:id', 'admin'],
  exportCountryPricing: ['GET', '/api/admin/country-pricing/export', 'admin'],
  importCountryPricing: ['POST', '/api/admin/country-pricing/import', 'admin', 'text/csv'],
  sipDomains: ['GET', '/api/admin/sip-domains', 'admin'],
  createSipDomain: ['POST', '/api/admin/sip-domains', 'admin'],
  updateSipDomain: ['PUT', '/api/admin/sip-domains/:id', 'admin'],
  deleteSipDomain: ['DELETE', '/api/admin/sip-domains/:id', 'admin'],
  numbers: ['GET', '/api/admin/numbers', 'admin'],
  createNumber: ['POST', '/api/admin/numbers', 'admin'],
  updateNumber: ['PUT', '/api/admin/numbers/:id', 'admin'],
  deleteNumber: ['DELETE', '/api/admin/numbers/:id', 'admin'],
  importNumbers: ['POST', '/api/admin/numbers/import', 'admin', 'text/csv'],
});
