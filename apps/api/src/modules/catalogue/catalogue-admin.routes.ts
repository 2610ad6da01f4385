import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { auditBy as by } from '../../plugins/actor.js';
import { sendCsv } from '../../plugins/csv-file.js';
import { route } from '../../plugins/endpoints.js';
import type { CatalogueService } from './catalogue.service.js';
import type { CatalogueAdminService } from './catalogue-admin.service.js';
import { countryPricingToCsv } from './catalogue-csv.js';

/** A CSV upload's text; any other content type is refused. */
function csvBody(body: unknown): string {
  if (typeof body !== 'string')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as text/csv.');
  return body;
}

/** The catalogue as admins see it (inactive items too) and change it. */
export const catalogueAdminRoutes: FastifyPluginAsync<{
  admin: CatalogueAdminService;
  catalogue: CatalogueService;
}> = async (app, { admin, catalogue }) => {
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'string', bodyLimit: 2 * 1024 * 1024 },
    (_req, body, done) => done(null, body),
  );

  route(app, 'catalogueAdmin.services', () => catalogue.adminServices());
  route(app, 'catalogueAdmin.createService', (r) => admin.createService(r.body, by(r)));
  route(app, 'catalogueAdmin.updateService', (r) =>
    admin.updateService(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogueAdmin.deleteService', (r) => admin.deleteService(r.params.id, by(r)));

  route(app, 'catalogueAdmin.packages', () => catalogue.adminPackages());
  route(app, 'catalogueAdmin.createPackage', (r) => admin.createPackage(r.body, by(r)));
  route(app, 'catalogueAdmin.updatePackage', (r) =>
    admin.updatePackage(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogueAdmin.deletePackage', (r) => admin.deletePackage(r.params.id, by(r)));

  route(app, 'catalogueAdmin.countryPricing', () => catalogue.countryPricing({ admin: true }));
  route(app, 'catalogueAdmin.createCountryPricing', (r) =>
    admin.createCountryPricing(r.body, by(r)),
  );
  route(app, 'catalogueAdmin.updateCountryPricing', (r) =>
    admin.updateCountryPricing(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogueAdmin.deleteCountryPricing', (r) =>
    admin.deleteCountryPricing(r.params.id, by(r)),
  );
  route(app, 'catalogueAdmin.exportCountryPricing', async (_request, reply) =>
    sendCsv(
      reply,
      'country-pricing.csv',
      countryPricingToCsv(await catalogue.countryPricing({ admin: true })),
    ),
  );
  route(app, 'catalogueAdmin.importCountryPricing', (r) =>
    admin.importCountryPricing(csvBody(r.body), r.query.commit, by(r)),
  );

  route(app, 'catalogueAdmin.sipDomains', () => catalogue.sipDomains({ admin: true }));
  route(app, 'catalogueAdmin.createSipDomain', (r) => admin.createSipDomain(r.body, by(r)));
  route(app, 'catalogueAdmin.updateSipDomain', (r) =>
    admin.updateSipDomain(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogueAdmin.deleteSipDomain', (r) => admin.deleteSipDomain(r.params.id, by(r)));

  route(app, 'catalogueAdmin.numbers', () => admin.listNumbers());
  route(app, 'catalogueAdmin.createNumber', (r) => admin.createNumber(r.body, by(r)));
  route(app, 'catalogueAdmin.updateNumber', (r) => admin.updateNumber(r.params.id, r.body, by(r)));
  route(app, 'catalogueAdmin.deleteNumber', (r) => admin.deleteNumber(r.params.id, by(r)));
  route(app, 'catalogueAdmin.importNumbers', (r) =>
    admin.importNumbers(csvBody(r.body), r.query.commit, by(r)),
  );
};
