import { z } from 'zod';
import {
  adminNumberSchema,
  adminPackageSchema,
  adminServiceSchema,
  catalogueLanguageQuerySchema,
  countryPricingInputSchema,
  countryPricingSchema,
  coverageSchema,
  csvImportQuerySchema,
  csvImportResultSchema,
  destinationQuerySchema,
  destinationSchema,
  idParamsSchema,
  numberInputSchema,
  numbersPageSchema,
  numbersQuerySchema,
  packageInputSchema,
  packageSchema,
  packagesQuerySchema,
  serviceInputSchema,
  serviceSchema,
  sipDomainForSaleSchema,
  sipDomainInputSchema,
  sipDomainSchema,
} from '../../contracts/catalogue.js';
import type { EndpointSchemas } from '../endpoint.js';

const list = <T extends z.ZodType>(item: T, summary: string) =>
  ({ summary, responses: { 200: z.array(item) } }) as const;

/** Create (201), update and delete (204) of one kind of catalogue item. */
const crud = <I extends z.ZodType, O extends z.ZodType>(what: string, input: I, output: O) =>
  ({
    create: { summary: `Create a ${what}`, body: input, responses: { 201: output } },
    update: {
      summary: `Change a ${what}`,
      params: idParamsSchema,
      body: input,
      responses: { 200: output },
    },
    remove: { summary: `Delete a ${what}`, params: idParamsSchema, responses: { 204: null } },
  }) as const satisfies Record<string, EndpointSchemas>;

const csvImport = (what: string) =>
  ({
    summary: `Check (and with commit=true, apply) a CSV of ${what}`,
    query: csvImportQuerySchema,
    body: z.string().describe('The CSV file, sent as text/csv'),
    responses: { 200: csvImportResultSchema },
  }) as const;

const services = crud('service', serviceInputSchema, adminServiceSchema);
const packages = crud('package', packageInputSchema, adminPackageSchema);
const pricing = crud('country price', countryPricingInputSchema, countryPricingSchema);
const domains = crud('SIP domain', sipDomainInputSchema, sipDomainSchema);
const numbers = crud('number', numberInputSchema, adminNumberSchema);

export const catalogueEndpoints = {
  'catalogue.services': {
    summary: 'Active services, in the language asked for (English when it has none)',
    query: catalogueLanguageQuerySchema,
    responses: { 200: z.array(serviceSchema) },
  },
  'catalogue.packages': {
    summary: 'Active packages, optionally of one service, in the language asked for',
    query: packagesQuerySchema,
    responses: { 200: z.array(packageSchema) },
  },
  'catalogue.countryPricing': list(countryPricingSchema, 'Per-country SMS and voice prices'),
  'catalogue.destination': {
    summary: 'The country and price of a phone number',
    query: destinationQuerySchema,
    responses: { 200: destinationSchema },
  },
  'catalogue.sipDomains': list(sipDomainForSaleSchema, 'SIP domains for sale, with GBP prices'),
  'catalogue.coverage': {
    summary: 'How many countries are priced, and how many have numbers for sale',
    responses: { 200: coverageSchema },
  },
  'catalogue.numbers': {
    summary: 'Available DID and toll-free numbers',
    query: numbersQuerySchema,
    responses: { 200: numbersPageSchema },
  },

  'catalogueAdmin.services': list(
    adminServiceSchema,
    'Every service, inactive ones included, with its translations',
  ),
  'catalogueAdmin.createService': services.create,
  'catalogueAdmin.updateService': services.update,
  'catalogueAdmin.deleteService': services.remove,
  'catalogueAdmin.packages': list(
    adminPackageSchema,
    'Every package, inactive ones included, with its translations',
  ),
  'catalogueAdmin.createPackage': packages.create,
  'catalogueAdmin.updatePackage': packages.update,
  'catalogueAdmin.deletePackage': packages.remove,
  'catalogueAdmin.countryPricing': list(countryPricingSchema, 'Every country price'),
  'catalogueAdmin.createCountryPricing': pricing.create,
  'catalogueAdmin.updateCountryPricing': pricing.update,
  'catalogueAdmin.deleteCountryPricing': pricing.remove,
  'catalogueAdmin.exportCountryPricing': {
    summary: 'Every country price as a CSV file',
    responses: { 200: { description: 'country-pricing.csv', contentType: 'text/csv' } },
  },
  'catalogueAdmin.importCountryPricing': csvImport('country prices'),
  'catalogueAdmin.sipDomains': list(sipDomainSchema, 'Every SIP domain'),
  'catalogueAdmin.createSipDomain': domains.create,
  'catalogueAdmin.updateSipDomain': domains.update,
  'catalogueAdmin.deleteSipDomain': domains.remove,
  'catalogueAdmin.numbers': list(adminNumberSchema, 'Every number with its holder'),
  'catalogueAdmin.createNumber': numbers.create,
  'catalogueAdmin.updateNumber': numbers.update,
  'catalogueAdmin.deleteNumber': numbers.remove,
  'catalogueAdmin.importNumbers': csvImport('numbers'),
} as const;
