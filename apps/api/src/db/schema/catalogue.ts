import type { CatalogueTranslations } from '@parley/shared';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sipTrunks } from './sip-trunk.js';

const created = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updated = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const services = pgTable('services', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description').notNull().default(''),
  icon: text('icon').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Name and description per language besides English (contracts/catalogue-translations.ts). */
  translations: jsonb('translations').$type<CatalogueTranslations>().notNull().default({}),
  createdAt: created(),
});

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    billingPeriod: text('billing_period').notNull().default('monthly'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    isPopular: boolean('is_popular').notNull().default(false),
    /** Sold on top of a plan (IVR, failover…) rather than as a plan of its own. */
    isAddon: boolean('is_addon').notNull().default(false),
    /** 'automatic' (Parley provisions it) or 'team' (a fulfilment task on purchase; decision 0067). */
    fulfilment: text('fulfilment').notNull().default('automatic'),
    isActive: boolean('is_active').notNull().default(true),
    /** Name, description and features per language besides English. */
    translations: jsonb('translations').$type<CatalogueTranslations>().notNull().default({}),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check('packages_price_not_negative', sql`${t.price} >= 0`),
    check('packages_fulfilment', sql`${t.fulfilment} in ('automatic', 'team')`),
    index('packages_service_idx').on(t.serviceId),
  ],
);

export const countryPricing = pgTable(
  'country_pricing',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    countryName: text('country_name').notNull().unique(),
    countryCode: text('country_code').unique(),
    region: text('region').notNull(),
    smsPrice: numeric('sms_price', { precision: 12, scale: 4 }).notNull(),
    voipPrice: numeric('voip_price', { precision: 12, scale: 4 }).notNull(),
    didPrice: numeric('did_price', { precision: 12, scale: 2 }).notNull(),
    sipTrunkPrice: numeric('sip_trunk_price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('USD'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: created(),
    updatedAt: updated(),
  },
  (t) => [
    check(
      'country_pricing_prices_not_negative',
      sql`${t.smsPrice} >= 0 and ${t.voipPrice} >= 0 and ${t.didPrice} >= 0 and ${t.sipTrunkPrice} >= 0`,
    ),
  ],
);

export const sipDomains = pgTable(
  'sip_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    domain: text('domain').notNull().unique(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('GBP'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: created(),
  },
  (t) => [check('sip_domains_price_not_negative', sql`${t.price} >= 0`)],
);

export const didNumbers = pgTable(
  'did_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    number: text('number').notNull().unique(),
    countryCode: text('country_code').notNull(),
    city: text('city'),
    type: text('type').notNull(),
    monthlyPrice: numeric('monthly_price', { precision: 12, scale: 2 }).notNull(),
    setupPrice: numeric('setup_price', { precision: 12, scale: 2 }).notNull().default('0'),
    currency: text('currency').notNull().default('USD'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('available'),
    /** Rings the customer's SIP trunk (its PBX) instead of their softphones. */
    trunkId: uuid('trunk_id').references((): AnyPgColumn => sipTrunks.id, { onDelete: 'set null' }),
    createdAt: created(),
  },
  (t) => [
    check('did_numbers_type', sql`${t.type} in ('local', 'tollfree', 'mobile')`),
    check('did_numbers_status', sql`${t.status} in ('available', 'reserved', 'assigned')`),
    check('did_numbers_prices_not_negative', sql`${t.monthlyPrice} >= 0 and ${t.setupPrice} >= 0`),
    index('did_numbers_search_idx').on(t.status, t.countryCode, t.type),
  ],
);
