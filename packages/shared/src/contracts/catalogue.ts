import { z } from 'zod';
import { REGIONS } from '../domain/catalogue.js';

/** A decimal amount as text, never a float: up to 10 digits and `scale` decimals. */
export const decimalString = (label: string, scale = 2) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(
      new RegExp(`^\\d{1,10}(\\.\\d{1,${scale}})?$`),
      `${label} must be a non-negative number with at most ${scale} decimals`,
    );

const CURRENCY = z.enum(['GBP', 'USD']);

export const serviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  icon: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type Service = z.infer<typeof serviceSchema>;

export const serviceInputSchema = z.object({
  name: z
    .string({ error: 'Service name is required' })
    .trim()
    .min(1, 'Service name is required')
    .max(100),
  slug: z
    .string({ error: 'Slug is required' })
    .trim()
    .min(1, 'Slug is required')
    .max(60)
    .regex(/^[a-z0-9-]+$/, 'Invalid slug format'),
  icon: z.string({ error: 'Icon is required' }).trim().min(1, 'Icon is required').max(60),
  description: z.string().trim().max(1000).default(''),
  isActive: z.boolean().default(true),
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
  isActive: z.boolean(),
});
export type Package = z.infer<typeof packageSchema>;

export const packagesQuerySchema = z.object({
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

export const NUMBER_TYPES = ['local', 'tollfree', 'mobile'] as const;

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
});
export type DidNumber = z.infer<typeof didNumberSchema>;

export const numbersQuerySchema = z.object({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'country must be a two-letter code')
    .transform((c) => c.toUpperCase())
    .optional(),
  type: z.enum(NUMBER_TYPES).optional(),
  q: z.string().trim().max(60).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type NumbersQuery = z.infer<typeof numbersQuerySchema>;

export const numbersPageSchema = z.object({
  items: z.array(didNumberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type NumbersPage = z.infer<typeof numbersPageSchema>;

export { CURRENCY as currencySchema };
export const regionSchema = z.enum(REGIONS, 'Region is required');
