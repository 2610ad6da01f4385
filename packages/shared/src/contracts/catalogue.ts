import { z } from 'zod';
import { NUMBER_TYPES } from '../domain/catalogue.js';
import { FULFILMENT_KINDS } from '../domain/fulfilment.js';
import { DECIMAL_COLUMNS, type DecimalColumn } from '../domain/money.js';
import { decimalInput } from './decimal.js';
import { singleLine } from './text.js';

export * from './catalogue-translations.js';

// What customers read of the catalogue; what admins read and send is catalogue-admin.ts.

/**
 * A catalogue price as text, never a float: 0 or more, as many decimals as its column
 * keeps and no more integer digits than it holds (numeric(12,2) by default, numeric(12,4)
 * for per-unit prices).
 */
export const decimalString = (
  label: string,
  column: DecimalColumn = DECIMAL_COLUMNS.price,
): ReturnType<typeof decimalInput> => decimalInput(label, { column });

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
  /** Provisioned by Parley itself, or set up by the team after purchase (decision 0067). */
  fulfilment: z.enum(FULFILMENT_KINDS),
  isActive: z.boolean(),
  /**
   * What the balance pays for it today, in the billing currency (GBP), at the current
   * rate and rounded as a purchase is; null while that rate is missing or out of date.
   */
  balancePrice: z.string().nullable(),
});
/** A package as customers read it: its words in the language they asked for. */
export type Package = z.infer<typeof packageSchema>;

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
