import { z } from 'zod';
import {
  catalogueLanguageQuerySchema,
  countryPricingSchema,
  coverageSchema,
  destinationQuerySchema,
  destinationSchema,
  idParamsSchema,
  numbersPageSchema,
  numbersQuerySchema,
  packageSchema,
  packagesQuerySchema,
  serviceSchema,
  sipDomainForSaleSchema,
  sipDomainSchema,
} from '../../contracts/catalogue.js';
import {
  adminNumberSchema,
  adminPackageSchema,
  adminServiceSchema,
  countryPricingInputSchema,
  csvImportQuerySchema,
  csvImportResultSchema,
  numberInputSchema,
  packageInputSchema,
  serviceInputSchema,
  sipDomainInputSchema,
} from '../../contracts/catalogue-admin.js';
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

/** What is for sale, and the admins' catalogue editor. */
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
  'catalogue.admin.services': list(
    adminServiceSchema,
    'Every service, inactive ones included, with its translations',
  ),
  'catalogue.admin.createService': services.create,
  'catalogue.admin.updateService': services.update,
  'catalogue.admin.deleteService': services.remove,
  'catalogue.admin.packages': list(
    adminPackageSchema,
    'Every package, inactive ones included, with its translations',
  ),
  'catalogue.admin.createPackage': packages.create,
  'catalogue.admin.updatePackage': packages.update,
  'catalogue.admin.deletePackage': packages.remove,
  'catalogue.admin.countryPricing': list(countryPricingSchema, 'Every country price'),
  'catalogue.admin.createCountryPricing': pricing.create,
  'catalogue.admin.updateCountryPricing': pricing.update,
  'catalogue.admin.deleteCountryPricing': pricing.remove,
  'catalogue.admin.exportCountryPricing': {
    summary: 'Every country price as a CSV file',
    responses: { 200: { description: 'country-pricing.csv', contentType: 'text/csv' } },
  },
  'catalogue.admin.importCountryPricing': csvImport('country prices'),
  'catalogue.admin.sipDomains': list(sipDomainSchema, 'Every SIP domain'),
  'catalogue.admin.createSipDomain': domains.create,
  'catalogue.admin.updateSipDomain': domains.update,
  'catalogue.admin.deleteSipDomain': domains.remove,
  'catalogue.admin.numbers': list(adminNumberSchema, 'Every number with its holder'),
  'catalogue.admin.createNumber': numbers.create,
  'catalogue.admin.updateNumber': numbers.update,
  'catalogue.admin.deleteNumber': numbers.remove,
  'catalogue.admin.importNumbers': csvImport('numbers'),
} as const;
