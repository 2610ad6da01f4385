import { z } from 'zod';
import {
  BILLING_PERIODS,
  CATALOGUE_CURRENCIES,
  NUMBER_STATUSES,
  NUMBER_TYPES,
  REGIONS,
} from '../domain/catalogue.js';
import { FIELD_CODES } from '../domain/field-codes.js';
import { DECIMAL_COLUMNS, type DecimalColumn } from '../domain/money.js';
import {
  packageTranslationsSchema,
  serviceTranslationsSchema,
  translationsSchema,
} from './catalogue-translations.js';
import { decimalInput } from './decimal.js';
import { singleLine } from './text.js';

export * from './catalogue-translations.js';

/**
 * A catalogue price as text, never a float: 0 or more, as many decimals as its column
 * keeps and no more integer digits than it holds (numeric(12,2) by default, numeric(12,4)
 * for per-unit prices).
 */
export const decimalString = (
  label: string,
  column: DecimalColumn = DECIMAL_COLUMNS.price,
): ReturnType<typeof decimalInput> => decimalInput(label, { column });

const CURRENCY = z.enum(CATALOGUE_CURRENCIES);

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
/** A service as customers read it: its words in the language they asked for. */
export type Service = z.infer<typeof serviceSchema>;

/** A service as admins edit it: English, and its translations. */
export const adminServiceSchema = serviceSchema.extend({ translations: translationsSchema });
export type AdminService = z.infer<typeof adminServiceSchema>;

export const serviceInputSchema = z.object({
  name: singleLine(
    z
      .string({ error: 'Service name is required' })
      .trim()
      .min(1, 'Service name is required')
      .max(100),
    'Service name',
  ),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Invalid slug format'),
  icon: singleLine(
    z.string({ error: 'Icon is required' }).trim().min(1, 'Icon is required').max(60),
    'Icon',
  ),
  description: z.string().trim().max(1000).default(''),
  isActive: z.boolean().default(true),
  /** Left out: the stored translations stay as they are. */
  translations: serviceTranslationsSchema.optional(),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

export const packageSchema = z.object({
  id: z.string(),
  serviceId: z.string(),
  serviceSlug: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  currency: z.string(),
  billingPeriod: z.string(),
  features: z.array(z.string()),
  isPopular: z.boolean(),
  isAddon: z.boolean(),
  isActive: z.boolean(),
  /**
   * What the balance pays for it today, in the billing currency (GBP), at the current
   * rate and rounded as a purchase is; null while that rate is missing or out of date.
   */
  balancePrice: z.string().nullable(),
});
/** A package as customers read it: its words in the language they asked for. */
export type Package = z.infer<typeof packageSchema>;

/** A package as admins edit it: English, and its translations. */
export const adminPackageSchema = packageSchema
  .omit({ balancePrice: true })
  .extend({ translations: translationsSchema });
export type AdminPackage = z.infer<typeof adminPackageSchema>;

/**
 * The language a customer reads the catalogue in (`de`, `pt-BR`…); English when it is
 * missing or not one of ours. Part of the address, so each language caches on its own.
 */
export const catalogueLanguageQuerySchema = z.object({
  lang: z.string().trim().max(35).optional(),
});

export const packagesQuerySchema = catalogueLanguageQuerySchema.extend({
  service: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'Invalid slug format')
    .max(60)
    .optional(),
});

export const countryPricingSchema = z.object({
  id: z.string(),
  countryName: z.string(),
  countryCode: z.string().nullable(),
  region: z.string(),
  smsPrice: z.string(),
  voipPrice: z.string(),
  didPrice: z.string(),
  sipTrunkPrice: z.string(),
  currency: z.string(),
  isActive: z.boolean(),
});
export type CountryPricing = z.infer<typeof countryPricingSchema>;

export const sipDomainSchema = z.object({
  id: z.string(),
  domain: z.string(),
  price: z.string(),
  currency: z.string(),
  isActive: z.boolean(),
});
export type SipDomain = z.infer<typeof sipDomainSchema>;

/** A SIP domain for sale, with its price in GBP today (null without a fresh rate). */
export const sipDomainForSaleSchema = sipDomainSchema.extend({
  balancePrice: z.string().nullable(),
});
export type SipDomainForSale = z.infer<typeof sipDomainForSaleSchema>;

export const didNumberSchema = z.object({
  id: z.string(),
  number: z.string(),
  countryCode: z.string(),
  city: z.string().nullable(),
  type: z.enum(NUMBER_TYPES),
  monthlyPrice: z.string(),
  setupPrice: z.string(),
  currency: z.string(),
  features: z.array(z.string()),
  /** The monthly price in GBP today, as a purchase charges it; null without a fresh rate. */
  balanceMonthlyPrice: z.string().nullable(),
  /** The setup fee in GBP today; null without a fresh rate. */
  balanceSetupPrice: z.string().nullable(),
});
export type DidNumber = z.infer<typeof didNumberSchema>;

export const numbersQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter code')
    .transform((c) => c.toUpperCase())
    .optional(),
  type: z.enum(NUMBER_TYPES).optional(),
  q: singleLine(z.string().trim().max(60), 'q').optional(),
  /** Digits right after the dialling code: in Germany '30' is Berlin, not any number with 30. */
  areaCode: z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, 'areaCode must be 1 to 6 digits')
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type NumbersQuery = z.infer<typeof numbersQuerySchema>;

/** What the catalogue really covers, for the claims the pages make. */
export const coverageSchema = z.object({
  /** Countries with an active price (SMS and calls). */
  countries: z.number().int(),
  /** Countries with a number for sale now. */
  numberCountries: z.number().int(),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const numbersPageSchema = z.object({
  items: z.array(didNumberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NumbersPage = z.infer<typeof numbersPageSchema>;

const optionalText = (max: number) => z.string().trim().max(max).default('');
const features = z
  .array(singleLine(z.string().trim().min(1).max(200), 'A feature'))
  .max(50)
  .default([]);

export const packageInputSchema = z.object({
  serviceId: z.uuid({ error: 'Service is required' }),
  name: singleLine(
    z
      .string({ error: 'Package name is required' })
      .trim()
      .min(1, 'Package name is required')
      .max(100),
    'Package name',
  ),
  description: optionalText(1000),
  price: decimalString('Price'),
  currency: CURRENCY.default('GBP'),
  billingPeriod: z.enum(BILLING_PERIODS).default('monthly'),
  features,
  isPopular: z.boolean().default(false),
  isAddon: z.boolean().default(false),
  isActive: z.boolean().default(true),
  /** Left out: the stored translations stay as they are. */
  translations: packageTranslationsSchema.optional(),
});
export type PackageInput = z.infer<typeof packageInputSchema>;

export const countryPricingInputSchema = z.object({
  countryName: singleLine(
    z
      .string({ error: 'Country name is required' })
      .trim()
      .min(1, 'Country name is required')
      .max(100),
    'Country name',
  ),
  countryCode: z
    .string()
    .trim()
    .regex(/^([A-Za-z]{2})?$/, 'Country code must be two letters')
    .transform((c) => (c ? c.toUpperCase() : null))
    .nullable()
    .default(null),
  region: z.enum(REGIONS, 'Region is required'),
  smsPrice: decimalString('SMS price', DECIMAL_COLUMNS.unitPrice),
  voipPrice: decimalString('VoIP price', DECIMAL_COLUMNS.unitPrice),
  didPrice: decimalString('DID price'),
  sipTrunkPrice: decimalString('SIP Trunk price'),
  currency: CURRENCY.default('USD'),
  isActive: z.boolean().default(true),
});
export type CountryPricingInput = z.infer<typeof countryPricingInputSchema>;

export const sipDomainInputSchema = z.object({
  domain: z
    .string({ error: 'Domain is required' })
    .trim()
    .toLowerCase()
    .min(1, 'Domain is required')
    .max(253)
    .regex(/^(?=.{1,253}$)([a-z0-9](-?[a-z0-9])*)(\.[a-z0-9](-?[a-z0-9])*)+$/, 'Invalid domain'),
  price: decimalString('Price'),
  currency: CURRENCY.default('GBP'),
  isActive: z.boolean().default(true),
});
export type SipDomainInput = z.infer<typeof sipDomainInputSchema>;

export const numberInputSchema = z.object({
  number: z
    .string({ error: 'Number is required' })
    .trim()
    .regex(/^\+[1-9]\d{5,14}$/, 'Number must be in international format, e.g. +442079460123'),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Country code must be two letters')
    .transform((c) => c.toUpperCase()),
  city: singleLine(z.string().trim().max(100), 'City').nullable().default(null),
  type: z.enum(NUMBER_TYPES, 'Type must be local, tollfree or mobile'),
  monthlyPrice: decimalString('Monthly price'),
  setupPrice: decimalString('Setup price').default('0.00'),
  currency: CURRENCY.default('USD'),
  features,
  status: z.enum(NUMBER_STATUSES).default('available'),
});
export type NumberInput = z.infer<typeof numberInputSchema>;

export const adminNumberSchema = didNumberSchema
  .omit({ balanceMonthlyPrice: true, balanceSetupPrice: true })
  .extend({ status: z.enum(NUMBER_STATUSES) });
export type AdminNumber = z.infer<typeof adminNumberSchema>;

export const destinationQuerySchema = z.object({
  number: z
    .string({ error: 'number is required' })
    .trim()
    .regex(/^\+?[1-9]\d{1,14}$/, 'Invalid phone number format'),
});

/** Where a number goes and what it costs there. */
export const destinationSchema = z.object({
  country: z.string(),
  e164: z.string(),
  pricing: countryPricingSchema,
});
export type Destination = z.infer<typeof destinationSchema>;

export const idParamsSchema = z.object({ id: z.uuid('Invalid id') });

export const csvImportQuerySchema = z.object({
  commit: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const csvImportResultSchema = z.object({
  committed: z.boolean(),
  valid: z.boolean(),
  rows: z.array(
    z.object({
      line: z.number().int(),
      action: z.enum(['create', 'update']),
      /** What the line is about: a country name, a phone number. */
      label: z.string(),
      /** Each problem by code and params (domain/field-codes.ts), with its English. */
      errors: z.array(
        z.object({
          field: z.string(),
          code: z.enum(FIELD_CODES),
          params: z.record(z.string(), z.union([z.string(), z.number()])),
          message: z.string(),
        }),
      ),
    }),
  ),
});
export type CsvImportResult = z.infer<typeof csvImportResultSchema>;
