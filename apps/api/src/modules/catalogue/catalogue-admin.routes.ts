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

  route(app, 'catalogue.admin.services', () => catalogue.adminServices());
  route(app, 'catalogue.admin.createService', (r) => admin.createService(r.body, by(r)));
  route(app, 'catalogue.admin.updateService', (r) =>
    admin.updateService(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogue.admin.deleteService', (r) => admin.deleteService(r.params.id, by(r)));

  route(app, 'catalogue.admin.packages', () => catalogue.adminPackages());
  route(app, 'catalogue.admin.createPackage', (r) => admin.createPackage(r.body, by(r)));
  route(app, 'catalogue.admin.updatePackage', (r) =>
    admin.updatePackage(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogue.admin.deletePackage', (r) => admin.deletePackage(r.params.id, by(r)));

  route(app, 'catalogue.admin.countryPricing', () => catalogue.countryPricing({ admin: true }));
  route(app, 'catalogue.admin.createCountryPricing', (r) =>
    admin.createCountryPricing(r.body, by(r)),
  );
  route(app, 'catalogue.admin.updateCountryPricing', (r) =>
    admin.updateCountryPricing(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogue.admin.deleteCountryPricing', (r) =>
    admin.deleteCountryPricing(r.params.id, by(r)),
  );
  route(app, 'catalogue.admin.exportCountryPricing', async (_request, reply) =>
    sendCsv(
      reply,
      'country-pricing.csv',
      countryPricingToCsv(await catalogue.countryPricing({ admin: true })),
    ),
  );
  route(app, 'catalogue.admin.importCountryPricing', (r) =>
    admin.importCountryPricing(csvBody(r.body), r.query.commit, by(r)),
  );

  route(app, 'catalogue.admin.sipDomains', () => catalogue.sipDomains({ admin: true }));
  route(app, 'catalogue.admin.createSipDomain', (r) => admin.createSipDomain(r.body, by(r)));
  route(app, 'catalogue.admin.updateSipDomain', (r) =>
    admin.updateSipDomain(r.params.id, r.body, by(r)),
  );
  route(app, 'catalogue.admin.deleteSipDomain', (r) => admin.deleteSipDomain(r.params.id, by(r)));

  route(app, 'catalogue.admin.numbers', () => admin.listNumbers());
  route(app, 'catalogue.admin.createNumber', (r) => admin.createNumber(r.body, by(r)));
  route(app, 'catalogue.admin.updateNumber', (r) => admin.updateNumber(r.params.id, r.body, by(r)));
  route(app, 'catalogue.admin.deleteNumber', (r) => admin.deleteNumber(r.params.id, by(r)));
  route(app, 'catalogue.admin.importNumbers', (r) =>
    admin.importNumbers(csvBody(r.body), r.query.commit, by(r)),
  );
};
