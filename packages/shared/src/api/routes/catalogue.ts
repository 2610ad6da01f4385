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
