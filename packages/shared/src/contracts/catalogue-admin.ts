import { z } from 'zod';
import {
  BILLING_PERIODS,
  CATALOGUE_CURRENCIES,
  NUMBER_STATUSES,
  NUMBER_TYPES,
  REGIONS,
} from '../domain/catalogue.js';
import { FIELD_CODES } from '../domain/field-codes.js';
import { FULFILMENT_KINDS } from '../domain/fulfilment.js';
import { DECIMAL_COLUMNS } from '../domain/money.js';
import { decimalString, didNumberSchema, packageSchema, serviceSchema } from './catalogue.js';
import {
  packageTranslationsSchema,
  serviceTranslationsSchema,
  translationsSchema,
} from './catalogue-translations.js';
import { singleLine } from './text.js';

// What admins read and send when they edit the catalogue; what customers read is in
// catalogue.ts.

const CURRENCY = z.enum(CATALOGUE_CURRENCIES);

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

/** A package as admins edit it: English, and its translations. */
export const adminPackageSchema = packageSchema
  .omit({ balancePrice: true })
  .extend({ translations: translationsSchema });
export type AdminPackage = z.infer<typeof adminPackageSchema>;

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
  fulfilment: z.enum(FULFILMENT_KINDS).default('automatic'),
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
